// Unit: recommendations worded for the patient's age and the referrer
// (docs/product/clinical-content.md#recommendation-wording).
import { describe, expect, it } from 'vitest'
import { findRecommendation } from './recommendations'
import {
  actorFor,
  ageGroup,
  conditionOf,
  continuesWithReferrer,
  labelFor,
  ownCareStep,
  referrerProfession,
  sequencePosition,
  type WordingContext,
} from './recommendation-wording'

const rec = (id: string) => findRecommendation(id)!
const adult: WordingContext = { group: 'adult', referrer: null }
const child: WordingContext = { group: 'child', referrer: null }

describe('ageGroup', () => {
  it('is a child under 18, an older adult from 65, an adult otherwise or when unknown', () => {
    expect(ageGroup('2021-11-01', '2026-03-01')).toBe('child')
    expect(ageGroup('1991-08-14', '2026-03-03')).toBe('adult')
    expect(ageGroup('1958-06-02', '2026-03-04')).toBe('older_adult')
    expect(ageGroup('', '2026-03-04')).toBe('adult')
  })
})

describe('age-appropriate wording', () => {
  it('never names a pediatric provider or the family for an adult or an older adult', () => {
    for (const group of ['adult', 'older_adult'] as const) {
      const context = { group, referrer: null }
      expect(labelFor(rec('rec_dentist'), group)).toBe('Consult with a general dentist')
      expect(labelFor(rec('rec_pcp'), group)).toBe('Consult with a primary care provider')
      expect(actorFor(rec('rec_pcp'), [], context)).toBe(
        'Patient: share with the primary care provider',
      )
      expect(actorFor(rec('rec_nasal_hygiene'), [], context)).toBe('Patient, daily')
      expect(actorFor(rec('rec_dentist'), [], context)).toBe('Patient: book a dental visit')
    }
    expect(labelFor(rec('rec_dentist'), 'child')).toBe(
      'Consult with a general or pediatric dentist',
    )
    expect(actorFor(rec('rec_nasal_hygiene'), [], child)).toBe('Patient/family, daily')
    expect(rec('rec_ent').adultNextStep).not.toMatch(/adenoid/)
  })
})

describe('the referrer’s own profession', () => {
  it('reads the profession from the referring party as typed', () => {
    expect(referrerProfession('Maria Santos, MS, CCC-SLP (Speech-Language Pathology)')).toBe('slp')
    expect(referrerProfession('Dr. Helen Cho, DMD (Orthodontics)')).toBe('orthodontist')
    expect(referrerProfession('Dr. Lena Park, DDS (General Dentistry)')).toBe('dentist')
    expect(referrerProfession('Dr. Amir Patel, ENT')).toBe('ent')
    expect(referrerProfession('Self-referred')).toBeNull()
  })

  it('never asks the referrer to refer to their own profession', () => {
    const slp: WordingContext = { group: 'older_adult', referrer: 'slp' }
    const slpRec = rec('rec_slp')
    const options = ['feeding_swallowing']
    expect(actorFor(slpRec, options, slp)).toBe('Referring speech-language pathologist')
    expect(labelFor(slpRec, 'older_adult', { options, context: slp })).toBe(
      'Continue swallow therapy with the referring speech-language pathologist',
    )
    expect(continuesWithReferrer('rec_slp', slp)).toBe(true)
    expect(ownCareStep('rec_slp', options, null)).toBe(
      'Keep seeing your speech-language pathologist for swallow therapy.',
    )
    // Another referrer is asked to refer, as before.
    expect(actorFor(slpRec, options, adult)).toBe(
      'Referring provider: refer to a speech language pathologist',
    )
    const ortho: WordingContext = { group: 'adult', referrer: 'orthodontist' }
    expect(actorFor(rec('rec_orthodontist'), [], ortho)).toBe(
      'Referring orthodontist: continue care',
    )
    // A referring dentist provides the splint; the patient's step stays the appliance.
    const dentist: WordingContext = { group: 'adult', referrer: 'dentist' }
    expect(actorFor(rec('rec_splint'), ['tmd_splint'], dentist)).toBe(
      'Referring dentist: provide the appliance',
    )
    expect(continuesWithReferrer('rec_splint', dentist)).toBe(false)
  })
})

describe('the therapist’s conditions and sequencing', () => {
  it('reads a note that starts like a condition as one', () => {
    expect(conditionOf('If mouth breathing persists after 8 weeks.')).toBe(
      'if mouth breathing persists after 8 weeks',
    )
    expect(conditionOf('Only if congestion persists')).toBe('only if congestion persists')
    expect(conditionOf('Failed 3-minute nasal breathing test')).toBeNull()
  })

  it('finds where the optimal sequencing names each recommendation', () => {
    const text =
      '1. Myofunctional therapy starts now.\n2. Orofacial pain (TMD) specialist within the first month.\n3. Night splint from the dentist.'
    const order = ['rec_splint', 'rec_tmd', 'rec_omt', 'rec_ent']
      .map((id) => [id, sequencePosition(id, text)] as const)
      .filter(([, at]) => at !== null)
      .sort((a, b) => a[1]! - b[1]!)
      .map(([id]) => id)
    expect(order).toEqual(['rec_omt', 'rec_tmd', 'rec_splint'])
  })

  it('says nothing about timing the therapist did not set', () => {
    expect(rec('rec_tmd').nextStep).not.toMatch(/before|after|exercise/i)
  })
})
