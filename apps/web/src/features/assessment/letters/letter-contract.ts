// LOCAL STAND-IN until the referral-letter document kind and the address book land on main:
// the names follow their contracts, so the swap is an import change. Removed before landing.
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
const BY_RECOMMENDATION: Record<string, ProviderType> = {
  rec_ent: 'ent',
  rec_orthodontist: 'orthodontist',
  rec_frenum_release: 'release_provider',
  rec_sleep_study: 'sleep_physician',
  rec_allergist: 'allergist',
  rec_slp: 'slp',
  rec_dentist: 'dentist',
  rec_splint: 'dentist',
  rec_additional: 'bodywork',
}
export const providerTypeOf = (id: string): ProviderType | null => BY_RECOMMENDATION[id] ?? null
export interface ProviderContact {
  name: string
  credentials?: string
  practice?: string
  email?: string
  phone?: string
  fax?: string
  address?: string
}
export interface ReferralLetter {
  providerType: ProviderType
  provider: ProviderContact
  ask?: string
  attachReport?: boolean
}
export const REFERRAL_LETTER_KIND = 'referral-letter'
export const REFERRAL_LETTER_LABEL = 'Referral Letter'
export const PROVIDER_FIELD_LIMITS = { ask: 2_000 } as const
