// Unit: what an assessment found, ranked by clinical weight, and the main problems named
// (docs/product/clinical-content.md#key-findings).
import { describe, expect, it } from 'vitest'
import type { ItemValue } from './assessment-sections'
import { mainProblems, rankedFindings } from './assessment-findings'

/** An assessment of the given values: section id → item id → value. */
const assessment = (values: Record<string, Record<string, ItemValue>>) =>
  Object.entries(values).map(([id, items]) => ({
    id,
    items: Object.entries(items).map(([itemId, value]) => ({ id: itemId, value })),
  }))

const STOP_BANG_HIGH = {
  stop_bang_snoring: 'yes',
  stop_bang_tired: 'yes',
  stop_bang_observed: 'yes',
  stop_bang_pressure: 'yes',
  stop_bang_bmi: 'yes',
  stop_bang_age: 'no',
  stop_bang_neck: 'no',
  stop_bang_gender: 'no',
}

describe('rankedFindings', () => {
  const MIXED = {
    tongue_lips: { tongue_rest_posture: 'low_floor', trmr_mio_mm: 40, trmr_tip_mm: 24 },
    dental: { overbite: 'anterior_open_bite', overbite_mm: -3 },
    breathing_sleep: {
      bolt_seconds: 8,
      ...STOP_BANG_HIGH,
      witnessed_apneas: 'often',
      snoring: 'most_nights',
    },
  }

  it('puts scores outside their bands before the rest, each most severe first, never form order', () => {
    const found = rankedFindings(assessment(MIXED))
    expect(found.map((f) => [f.severity, f.label])).toEqual([
      // Scores: the validated screen before the unvalidated control pause, then the mild TRMR.
      ['severe', 'STOP-BANG'],
      ['severe', 'Control pause (BOLT)'],
      ['mild', 'Tongue Range of Motion Ratio (TRMR-TIP)'],
      // The rest: what others saw at night, the weighted open bite, then form order.
      ['severe', 'Pauses / gasping seen by others'],
      ['moderate', 'Vertical overlap'],
      ['mild', 'Tongue rest posture'],
      ['mild', 'Snoring'],
    ])
  })

  it('puts first the findings that answer the reason for referral', () => {
    const found = rankedFindings(assessment(MIXED), {
      reasonForReferral: 'Open bite relapse after braces.',
      patientChiefComplaint: 'Tongue posture.',
    })
    expect(found.slice(0, 2).map((f) => [f.label, f.answersReason])).toEqual([
      ['Vertical overlap', true],
      ['Tongue rest posture', true],
    ])
    expect(found[2]!.label).toBe('STOP-BANG')
    const sleep = rankedFindings(assessment(MIXED), { patientChiefComplaint: 'Loud snoring.' })
    expect(sleep.slice(0, 3).map((f) => f.label)).toEqual([
      'Pauses / gasping seen by others',
      'STOP-BANG',
      'Snoring',
    ])
  })

  it('ranks a validated score before the control pause of the same severity', () => {
    const found = rankedFindings(
      assessment({
        tongue_lips: { trmr_mio_mm: 40, trmr_lps_mm: 16 },
        breathing_sleep: { bolt_seconds: 12 },
      }),
    )
    expect(found.map((f) => f.label)).toEqual([
      'Tongue Range of Motion Ratio (TRMR-LPS)',
      'Control pause (BOLT)',
    ])
  })

  it('gives an open bite and a failed nasal breathing test their measurements', () => {
    const found = rankedFindings(
      assessment({
        dental: { overbite: 'anterior_open_bite', overbite_mm: -2 },
        breathing_sleep: { nasal_breathing_test: 'fail', nasal_breathing_test_seconds: 75 },
      }),
    )
    expect(found.map((f) => `${f.label}: ${f.value}`)).toEqual([
      'Vertical overlap: Anterior open bite, -2 mm',
      '3-minute nasal breathing test: Fail, failed at 75 s',
    ])
  })

  it('reads the sleep study as one finding with its AHI and oxygen low', () => {
    const [study] = rankedFindings(
      assessment({
        breathing_sleep: {
          sleep_study: 'home_test',
          sleep_study_ahi: 18,
          sleep_study_lowest_spo2: 86,
          sleep_study_result: 'moderate_osa',
        },
      }),
    )
    expect(study).toMatchObject({
      label: 'Sleep study (home test)',
      value: 'Moderate OSA · AHI 18 events/h · lowest SpO2 86%',
      severity: 'moderate',
    })
    // Without the physician's result, the numbers still count when they suggest apnea.
    const numbers = rankedFindings(
      assessment({ breathing_sleep: { sleep_study: 'in_lab_psg', sleep_study_lowest_spo2: 84 } }),
    )
    expect(numbers).toEqual([
      expect.objectContaining({ value: 'lowest SpO2 84%', severity: 'moderate' }),
    ])
    const normal = rankedFindings(
      assessment({ breathing_sleep: { sleep_study_result: 'normal', sleep_study_ahi: 2 } }),
    )
    expect(normal).toEqual([])
  })
})

describe('mainProblems', () => {
  const plain = (values: Record<string, Record<string, ItemValue>>) =>
    mainProblems(assessment(values)).map((p) => p.plain)

  it('names snoring with the sleep-disordered breathing it goes with, as one problem', () => {
    expect(
      plain({ breathing_sleep: { snoring: 'every_night_loud', witnessed_apneas: 'often' } }),
    ).toEqual(['snoring with signs of a breathing problem during sleep'])
    expect(plain({ breathing_sleep: { snoring: 'most_nights' } })).toEqual(['snoring most nights'])
    expect(plain({ breathing_sleep: { sleep_study_ahi: 7 } })).toEqual([
      'signs of a breathing problem during sleep',
    ])
  })

  it('puts a tongue-tie first and names the bite and the swallow in plain words', () => {
    expect(
      plain({
        tongue_lips: { kotlow_free_tongue: 10 },
        swallow_digestion: { swallow_pattern: 'anterior_thrust' },
        dental: { overbite: 'anterior_open_bite' },
      }),
    ).toEqual([
      'tongue-tie (ankyloglossia)',
      'an open bite (the front teeth do not meet)',
      'the tongue pushing forward when swallowing',
    ])
  })
})
