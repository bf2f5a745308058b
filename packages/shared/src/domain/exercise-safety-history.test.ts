// Unit: the safety facts an assessment's written history records, each rule with the words that
// produce it and the words that must not (docs/product/clinical-content.md#exercise-safety).
import { describe, expect, it } from 'vitest'
import { datesIn, historyFacts } from './exercise-safety-history'

const facts = (history: Parameters<typeof historyFacts>[1], values = {}) =>
  historyFacts(values, history)

describe('historyFacts', () => {
  it.each([
    ['Hypertension, on lisinopril.', 'highBloodPressure', true],
    ['High blood pressure since 2019', 'highBloodPressure', true],
    ['No hypertension; type 2 diabetes.', 'highBloodPressure', false],
    ['Denies high blood pressure', 'highBloodPressure', false],
    ['Left MCA stroke in 2025, oropharyngeal dysphagia', 'stroke', true],
    ['Left MCA stroke in 2025, oropharyngeal dysphagia', 'dysphagia', true],
    ['CVA 2024', 'stroke', true],
    ['No history of stroke', 'stroke', false],
    ['Heatstroke as a child', 'stroke', false],
    ['Swallowing followed by his SLP (thin liquids with chin tuck)', 'slpSwallowCare', true],
    ['Seen by an SLP for speech', 'slpSwallowCare', false],
  ] as const)('%s → %s %s', (text, fact, expected) => {
    expect(facts({ relevantMedicalHistory: text })[fact]).toBe(expected)
  })

  it('reads an SLP referrer who sent the patient for swallowing', () => {
    const referred = {
      referringParty: 'Dana Lee, SLP',
      reasonForReferral: 'Drooling and coughing when swallowing thin liquids',
    }
    expect(facts(referred).slpSwallowCare).toBe(true)
    expect(facts({ ...referred, referringParty: 'Dr. Rivera, orthodontist' }).slpSwallowCare).toBe(
      false,
    )
  })

  it('finds the latest release date written with a release, or the only frenectomy date', () => {
    expect(facts({ surgicalHistory: 'Posterior tongue-tie release 2/12/2026.' }).releaseDate).toBe(
      '2026-02-12',
    )
    expect(
      facts({ surgicalHistory: 'Frenectomy March 1, 2025; revision frenectomy 14 February 2026' })
        .releaseDate,
    ).toBe('2026-02-14')
    expect(facts({ surgicalHistory: 'Tonsillectomy 2024-05-02' }).releaseDate).toBe('')
    const therapies = {
      behavioral: { prior_therapies: ['frenectomy'], prior_therapies_dates: '2026-02-12' },
    }
    expect(facts({}, therapies).releaseDate).toBe('2026-02-12')
    const two = {
      behavioral: { prior_therapies: ['frenectomy', 'slp'], prior_therapies_dates: '2026-02-12' },
    }
    expect(facts({}, two).releaseDate).toBe('')
    expect(facts({}).releaseDate).toBe('')
  })

  it('records nothing from an empty history', () => {
    expect(facts({})).toEqual({
      highBloodPressure: false,
      dysphagia: false,
      stroke: false,
      slpSwallowCare: false,
      releaseDate: '',
    })
  })
})

describe('datesIn', () => {
  it('reads the usual written dates and drops impossible ones', () => {
    expect(datesIn('2026-02-12, 2/13/2026, Feb 14, 2026, 15 February 2026, 2026-02-30')).toEqual([
      '2026-02-12',
      '2026-02-13',
      '2026-02-14',
      '2026-02-15',
    ])
  })
})
