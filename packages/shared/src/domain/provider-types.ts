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
  'oral_surgeon',
  'tmd_specialist',
  'primary_care',
  'gastroenterologist',
  'lactation_consultant',
  'mental_health',
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
  oral_surgeon: 'Oral and maxillofacial surgeon',
  tmd_specialist: 'Orofacial pain / TMD specialist',
  primary_care: 'Pediatrician / primary care',
  gastroenterologist: 'Gastroenterologist',
  lactation_consultant: 'Lactation consultant (IBCLC)',
  mental_health: 'Mental health practitioner',
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
  oral_surgeon: ['rec_oral_surgeon'],
  tmd_specialist: ['rec_tmd'],
  primary_care: ['rec_pcp'],
  gastroenterologist: ['rec_gi'],
  lactation_consultant: ['rec_lactation'],
  mental_health: ['rec_mental_health'],
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

// Words a spreadsheet may use for a provider type besides its id and its label.
const ALIASES: Readonly<Record<string, ProviderType>> = {
  otolaryngologist: 'ent',
  'ear, nose and throat': 'ent',
  'frenum release': 'release_provider',
  'release provider': 'release_provider',
  'tongue-tie release': 'release_provider',
  sleep: 'sleep_physician',
  'sleep medicine': 'sleep_physician',
  'speech language pathologist': 'slp',
  'speech therapist': 'slp',
  bodywork: 'bodywork',
  'oral surgeon': 'oral_surgeon',
  'oral and maxillofacial surgeon': 'oral_surgeon',
  'oral & maxillofacial surgeon': 'oral_surgeon',
  omfs: 'oral_surgeon',
  tmd: 'tmd_specialist',
  tmj: 'tmd_specialist',
  'orofacial pain': 'tmd_specialist',
  'tmd specialist': 'tmd_specialist',
  pediatrician: 'primary_care',
  'primary care': 'primary_care',
  pcp: 'primary_care',
  'family doctor': 'primary_care',
  'family medicine': 'primary_care',
  gi: 'gastroenterologist',
  lactation: 'lactation_consultant',
  'lactation consultant': 'lactation_consultant',
  ibclc: 'lactation_consultant',
  'mental health': 'mental_health',
  psychologist: 'mental_health',
  counselor: 'mental_health',
}

const normalized = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')

const BY_WORDS: ReadonlyMap<string, ProviderType> = new Map([
  ...PROVIDER_TYPES.map((t) => [normalized(t), t] as const),
  ...PROVIDER_TYPES.map((t) => [normalized(PROVIDER_TYPE_LABELS[t]), t] as const),
  ...Object.entries(ALIASES).map(([k, t]) => [normalized(k), t] as const),
])

/**
 * The provider type a typed specialty names (its id, its label or a common word for it, any
 * case), or null: the address book's CSV import reads specialties as people write them.
 */
export const providerTypeFromText = (value: string): ProviderType | null =>
  BY_WORDS.get(normalized(value)) ?? null
