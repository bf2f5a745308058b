/**
 * The kinds of provider a myofunctional therapist refers to, as the end-of-assessment
 * recommendations name them: a referral letter is written to one of them, and the practice's
 * address book files each provider under one (docs/product/clinical-content.md#referral-letters).
 */

/** Every provider type, in the order the recommendations list them. */
export const PROVIDER_TYPES = [
  'ent',
  'orthodontist',
  'release_provider',
  'sleep_physician',
  'allergist',
  'slp',
  'dentist',
  'bodywork',
] as const
export type ProviderType = (typeof PROVIDER_TYPES)[number]

/** A provider type as a therapist reads it (address book, letter dialog). */
export const PROVIDER_TYPE_LABELS: Readonly<Record<ProviderType, string>> = {
  ent: 'ENT (ear, nose and throat)',
  orthodontist: 'Orthodontist',
  release_provider: 'Frenum release provider',
  sleep_physician: 'Sleep physician',
  allergist: 'Allergist',
  slp: 'Speech-language pathologist',
  dentist: 'Dentist',
  bodywork: 'Bodywork provider',
}

/**
 * The recommendations that send the patient to each provider type (ids of
 * `domain/recommendations.ts`): a selected one offers a letter to that type, and the letter's
 * "why" is read from them.
 */
export const PROVIDER_TYPE_RECOMMENDATIONS: Readonly<Record<ProviderType, readonly string[]>> = {
  ent: ['rec_ent'],
  orthodontist: ['rec_orthodontist'],
  release_provider: ['rec_frenum_release'],
  sleep_physician: ['rec_sleep_study'],
  allergist: ['rec_allergist'],
  slp: ['rec_slp'],
  dentist: ['rec_dentist', 'rec_splint'],
  bodywork: ['rec_additional'],
}

/** Whether a string is a provider type. */
export const isProviderType = (value: unknown): value is ProviderType =>
  (PROVIDER_TYPES as readonly unknown[]).includes(value)

/** The provider type a recommendation sends the patient to, or `null` (the therapist's own). */
export function providerTypeOf(recommendationId: string): ProviderType | null {
  return (
    PROVIDER_TYPES.find((type) => PROVIDER_TYPE_RECOMMENDATIONS[type].includes(recommendationId)) ??
    null
  )
}
