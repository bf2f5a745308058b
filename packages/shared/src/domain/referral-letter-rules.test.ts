// Unit: the referral letter rules against the form, the headline rules and the provider types.
import { describe, expect, it } from 'vitest'
import { REFERRAL_RULES, referralRule } from './referral-letter-rules'
import { PROVIDER_TYPES } from './provider-types'
import { ASSESSMENT_SECTIONS } from './assessment-sections'
import { HEADLINE_RULES } from './assessment-headline-rules'
import { SCALE_IDS } from './scales'

const ITEM_IDS = new Set(ASSESSMENT_SECTIONS.flatMap((s) => s.items.map((i) => i.id)))
const HEADLINE_IDS = new Set(HEADLINE_RULES.map((r) => r.id))

describe('referral letter rules', () => {
  it('give every provider type one named rule, in the types’ order', () => {
    expect(REFERRAL_RULES.map((r) => r.providerType)).toEqual([...PROVIDER_TYPES])
    expect(new Set(REFERRAL_RULES.map((r) => r.id)).size).toBe(REFERRAL_RULES.length)
    for (const type of PROVIDER_TYPES) expect(referralRule(type).providerType).toBe(type)
  })

  it('name only items of the form, headline rules and scores that exist, each once', () => {
    for (const rule of REFERRAL_RULES) {
      for (const id of rule.findings) expect(ITEM_IDS.has(id), `${rule.id}: ${id}`).toBe(true)
      expect(new Set(rule.findings).size, rule.id).toBe(rule.findings.length)
      for (const id of rule.headlines) expect(HEADLINE_IDS.has(id), `${rule.id}: ${id}`).toBe(true)
      for (const id of rule.scales) expect(SCALE_IDS).toContain(id)
    }
  })

  it('ask “please evaluate … and let me know whether …” for every type', () => {
    for (const rule of REFERRAL_RULES)
      for (const group of ['child', 'adult', 'older_adult'] as const) {
        const ask = rule.ask({ patient: 'Avery', group, options: [], studyRecorded: false })
        expect(ask, rule.id).toMatch(/^Please (evaluate|examine) .+ let me know whether .+\.$/)
      }
  })

  it('word the ENT’s and the orthodontist’s ask for the age group', () => {
    const ask = (type: 'ent' | 'orthodontist', group: 'child' | 'adult') =>
      referralRule(type).ask({ patient: 'Avery', group, options: [], studyRecorded: false })
    expect(ask('ent', 'child')).toContain('tonsils and adenoids')
    expect(ask('ent', 'adult')).not.toMatch(/adenoid/)
    expect(ask('orthodontist', 'child')).toContain('jaw growth')
    expect(ask('orthodontist', 'adult')).not.toMatch(/growth|expansion/)
  })

  it('follow the chosen options: which ties, which study, which appliance, which focus', () => {
    const ask = (type: (typeof PROVIDER_TYPES)[number], options: string[], studyRecorded = false) =>
      referralRule(type).ask({ patient: 'James', group: 'adult', options, studyRecorded })
    expect(ask('release_provider', ['tongue', 'lip'])).toContain('James’ tongue and lip ties')
    expect(ask('release_provider', [])).toContain('oral ties')
    expect(ask('sleep_physician', ['home_test'])).toContain(
      'whether a home sleep test is indicated',
    )
    expect(ask('sleep_physician', ['in_lab_psg'], true)).toContain(
      'whether the sleep study calls for treatment',
    )
    expect(ask('dentist', ['mandibular_advancement'])).toContain('mandibular advancement appliance')
    expect(ask('dentist', [])).toContain('teeth and gums')
    expect(ask('slp', ['feeding_swallowing'])).toContain('feeding and swallowing')
    expect(ask('slp', ['speech'])).not.toContain('swallowing')
  })

  it('never ask a provider for a referral, to their own profession or any other', () => {
    for (const rule of REFERRAL_RULES)
      for (const group of ['child', 'adult'] as const)
        for (const studyRecorded of [false, true]) {
          const ask = rule.ask({ patient: 'Avery', group, options: [], studyRecorded })
          expect(ask, rule.id).not.toMatch(/\brefer/i)
        }
  })

  it('word the added specialties for the age group', () => {
    const ask = (type: (typeof PROVIDER_TYPES)[number], group: 'child' | 'adult') =>
      referralRule(type).ask({ patient: 'Avery', group, options: [], studyRecorded: false })
    expect(ask('oral_surgeon', 'child')).toContain('jaw growth')
    expect(ask('oral_surgeon', 'adult')).toContain('jaw advancement')
    expect(ask('oral_surgeon', 'adult')).not.toMatch(/growth/)
    expect(ask('primary_care', 'child')).toContain('growth')
    expect(ask('primary_care', 'adult')).not.toMatch(/growth|pediatric/)
    expect(ask('mental_health', 'child')).toContain('the family')
    expect(ask('mental_health', 'adult')).not.toMatch(/family/)
    expect(ask('tmd_specialist', 'adult')).toContain(
      'when jaw and tongue exercises can safely begin',
    )
    expect(ask('gastroenterologist', 'child')).toContain('reflux and air swallowing')
    expect(ask('lactation_consultant', 'child')).toContain('feeding')
  })
})
