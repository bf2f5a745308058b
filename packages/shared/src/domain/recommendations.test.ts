// Unit: the recommendation list against docs/product/clinical-content.md#recommendations.
import { describe, expect, it } from 'vitest'
import {
  customRecommendations,
  DEFAULT_RECOMMENDATIONS,
  RECOMMENDATIONS,
  findRecommendation,
  personalNextStep,
} from './recommendations'

describe('recommendations', () => {
  it('start with the spec’s default list, in its order', () => {
    expect(DEFAULT_RECOMMENDATIONS.map((r) => r.label)).toEqual([
      'Myofunctional therapy',
      'Nasal hygiene protocol',
      'Consult with an orthodontist',
      'Consult with an ENT doctor',
      'Consult with an oromaxillofacial surgeon',
      'Consult with a frenum release provider',
      'Consult with a splint appliance provider',
      'Consult with an allergist',
      'Consult with a speech language pathologist',
      'Consult with a soft palate laser provider',
      'Sleep study',
      'Mold testing',
      'Additional providers',
      'Mental health practitioner',
    ])
    expect(RECOMMENDATIONS.slice(0, DEFAULT_RECOMMENDATIONS.length)).toEqual(
      DEFAULT_RECOMMENDATIONS,
    )
  })

  it('use the reference’s ids, defaults then additions', () => {
    expect(RECOMMENDATIONS.map((r) => r.id)).toEqual([
      'rec_omt',
      'rec_nasal_hygiene',
      'rec_orthodontist',
      'rec_ent',
      'rec_oral_surgeon',
      'rec_frenum_release',
      'rec_splint',
      'rec_allergist',
      'rec_slp',
      'rec_soft_palate_laser',
      'rec_sleep_study',
      'rec_mold_testing',
      'rec_additional',
      'rec_mental_health',
      'rec_dentist',
      'rec_pcp',
      'rec_gi',
      'rec_tmd',
      'rec_lactation',
      'rec_breathing',
      'rec_habit_program',
      'rec_reeval',
      'rec_custom',
    ])
  })

  it('list the spec’s additional providers as a multiple choice', () => {
    const additional = findRecommendation('rec_additional')!
    expect(additional.options?.multiple).toBe(true)
    expect(additional.options?.items.map((o) => o.label)).toEqual([
      'Physical therapist',
      'Occupational therapist',
      'Chiropractor',
      'Cranial sacral therapist',
      'Massage therapist',
      'Pelvic floor therapist',
      'Podiatrist',
      'Optometrist',
    ])
  })

  it('give every recommendation a plain next step and unique option ids', () => {
    for (const r of RECOMMENDATIONS) {
      expect(r.nextStep.length, r.id).toBeGreaterThan(20)
      const ids = r.options?.items.map((o) => o.id) ?? []
      expect(new Set(ids).size, r.id).toBe(ids.length)
      for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/)
    }
  })

  it('speak about the child by name for a minor and to the patient for an adult', () => {
    const sleep = findRecommendation('rec_sleep_study')!
    expect(personalNextStep(sleep, { firstName: 'Avery' })).toBe(
      'Talk with Avery’s doctor about a sleep study, which measures breathing during sleep.',
    )
    expect(personalNextStep(sleep, { firstName: ' ' })).toMatch(/^Talk with your child’s doctor/)
    expect(personalNextStep(sleep, null)).toMatch(/^Talk with your doctor/)
    for (const r of RECOMMENDATIONS) {
      // No placeholder is ever left, and a family never reads "your" about their child's doctor.
      expect(personalNextStep(r, { firstName: 'Avery' }), r.id).not.toMatch(/[{}]|your doctor/)
      expect(personalNextStep(r, null), r.id).not.toMatch(/[{}]|grow|child/)
    }
  })

  it('keep the reference’s detail inputs', () => {
    expect(findRecommendation('rec_omt')?.options?.items).toHaveLength(6)
    expect(findRecommendation('rec_omt')?.detail?.label).toBe('Visit interval')
    expect(findRecommendation('rec_ent')?.detail?.kind).toBe('textarea')
    expect(findRecommendation('rec_reeval')?.detail?.kind).toBe('input')
    expect(findRecommendation('rec_sleep_study')?.options?.multiple).toBe(false)
    expect(findRecommendation('rec_allergist')?.options).toBeUndefined()
  })

  it('find by id, and nothing else', () => {
    expect(findRecommendation('rec_gi')?.isDefault).toBe(false)
    expect(findRecommendation('rec_unknown')).toBeUndefined()
  })

  it('read the therapist’s own recommendations one per line', () => {
    expect(customRecommendations('  Yoga twice a week \n\n Chewing gum daily\n')).toEqual([
      'Yoga twice a week',
      'Chewing gum daily',
    ])
    expect(customRecommendations('')).toEqual([])
  })
})
