// Unit: provider types against the recommendation list.
import { describe, expect, it } from 'vitest'
import {
  PROVIDER_TYPES,
  PROVIDER_TYPE_LABELS,
  PROVIDER_TYPE_RECOMMENDATIONS,
  isProviderType,
  providerTypeFromText,
  providerTypeOf,
} from './provider-types'
import { findRecommendation } from './recommendations'

describe('provider types', () => {
  it('name only recommendations that exist, each under one type', () => {
    const ids = PROVIDER_TYPES.flatMap((t) => PROVIDER_TYPE_RECOMMENDATIONS[t])
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(findRecommendation(id), id).toBeDefined()
  })

  it('map each recommendation to the provider it sends the patient to', () => {
    expect(providerTypeOf('rec_ent')).toBe('ent')
    expect(providerTypeOf('rec_orthodontist')).toBe('orthodontist')
    expect(providerTypeOf('rec_frenum_release')).toBe('release_provider')
    expect(providerTypeOf('rec_sleep_study')).toBe('sleep_physician')
    expect(providerTypeOf('rec_splint')).toBe('dentist')
    expect(providerTypeOf('rec_additional')).toBe('bodywork')
    expect(providerTypeOf('rec_oral_surgeon')).toBe('oral_surgeon')
    expect(providerTypeOf('rec_tmd')).toBe('tmd_specialist')
    expect(providerTypeOf('rec_pcp')).toBe('primary_care')
    expect(providerTypeOf('rec_gi')).toBe('gastroenterologist')
    expect(providerTypeOf('rec_lactation')).toBe('lactation_consultant')
    expect(providerTypeOf('rec_mental_health')).toBe('mental_health')
    // The therapist's own work is no referral.
    expect(providerTypeOf('rec_omt')).toBeNull()
    expect(providerTypeOf('rec_reeval')).toBeNull()
  })

  it('have a label each and tell a type from another string', () => {
    for (const t of PROVIDER_TYPES) expect(PROVIDER_TYPE_LABELS[t].length).toBeGreaterThan(2)
    expect(isProviderType('ent')).toBe(true)
    expect(isProviderType('ENT')).toBe(false)
  })

  it('read a specialty as people write it: id, label or a common word, any case', () => {
    for (const type of PROVIDER_TYPES) {
      expect(providerTypeFromText(type)).toBe(type)
      expect(providerTypeFromText(PROVIDER_TYPE_LABELS[type].toUpperCase())).toBe(type)
    }
    expect(providerTypeFromText(' ENT ')).toBe('ent')
    expect(providerTypeFromText('Sleep medicine')).toBe('sleep_physician')
    expect(providerTypeFromText('release provider')).toBe('release_provider')
    expect(providerTypeFromText('Speech language pathologist')).toBe('slp')
    expect(providerTypeFromText('OMFS')).toBe('oral_surgeon')
    expect(providerTypeFromText('TMJ')).toBe('tmd_specialist')
    expect(providerTypeFromText('Pediatrician')).toBe('primary_care')
    expect(providerTypeFromText('GI')).toBe('gastroenterologist')
    expect(providerTypeFromText('IBCLC')).toBe('lactation_consultant')
    expect(providerTypeFromText('wizard')).toBeNull()
    expect(providerTypeFromText('')).toBeNull()
  })
})
