// Unit: which items feed which scale, and where each result shows.
import { describe, expect, it } from 'vitest'
import {
  computeAssessmentScales,
  computeSectionScales,
  valuesFromSections,
  type AssessmentValues,
} from './assessment-scales'

const reading = (values: AssessmentValues, itemId: string) =>
  computeAssessmentScales(values).find((r) => r.itemId === itemId)

const stopBangAnswers = (yesCount: number) =>
  Object.fromEntries(
    ['snoring', 'tired', 'observed', 'pressure', 'bmi', 'age', 'neck', 'gender'].map((q, i) => [
      `stop_bang_${q}`,
      i < yesCount ? 'yes' : 'no',
    ]),
  )

describe('computeAssessmentScales', () => {
  it('lists every computed item, with null results when nothing is filled in', () => {
    const readings = computeAssessmentScales({})
    expect(readings.map((r) => r.itemId)).toEqual([
      'trmr_grade',
      'trmr_lps_grade',
      'kotlow_class',
      'nose_score',
      'bolt_band',
      'epworth',
      'stop_bang',
      'psq',
      'mio_band',
    ])
    expect(readings.every((r) => r.result === null)).toBe(true)
  })

  it('scores TRMR-TIP, TRMR-LPS and Kotlow from Tongue and lips', () => {
    const values: AssessmentValues = {
      tongue_lips: { trmr_mio_mm: 50, trmr_tip_mm: 30, trmr_lps_mm: 20, kotlow_free_tongue: 10 },
    }
    expect(reading(values, 'trmr_grade')?.result).toMatchObject({ value: 60, band: 'grade_2' })
    expect(reading(values, 'trmr_lps_grade')?.result).toMatchObject({ value: 40, band: 'grade_3' })
    expect(reading(values, 'kotlow_class')?.result).toMatchObject({ band: 'class_2' })
  })

  it('reads MIO from Tongue and lips for the Head and neck band', () => {
    const r = reading({ tongue_lips: { trmr_mio_mm: 38 } }, 'mio_band')
    expect(r).toMatchObject({ sectionId: 'head_neck', scale: 'mio' })
    expect(r?.result?.band).toBe('reduced')
  })

  it('accepts numbers still typed as text, but not other text', () => {
    expect(reading({ tongue_lips: { trmr_mio_mm: '42' } }, 'mio_band')?.result?.band).toBe(
      'typical',
    )
    expect(reading({ tongue_lips: { trmr_mio_mm: '4 2' } }, 'mio_band')?.result).toBeNull()
  })

  it('scores NOSE from the option scores of its five questions', () => {
    const values: AssessmentValues = {
      breathing_sleep: {
        nose_congestion: '2',
        nose_blockage: '2',
        nose_trouble_breathing: '1',
        nose_trouble_sleeping: '0',
        nose_exertion: '1',
      },
    }
    expect(reading(values, 'nose_score')?.result).toMatchObject({ value: 30, band: 'moderate' })
  })

  it('waits for all NOSE answers', () => {
    const values: AssessmentValues = { breathing_sleep: { nose_congestion: '4' } }
    expect(reading(values, 'nose_score')?.result).toBeNull()
  })

  it('scores Epworth, STOP-BANG, PSQ and the control pause', () => {
    const values: AssessmentValues = {
      breathing_sleep: {
        epworth_total: 16,
        ...stopBangAnswers(3),
        psq_yes_count: 8,
        psq_answered_count: 22,
        bolt_seconds: 15,
      },
    }
    expect(reading(values, 'epworth')?.result).toMatchObject({ value: 16, band: 'severe' })
    expect(reading(values, 'stop_bang')?.result).toMatchObject({ value: 3, band: 'intermediate' })
    expect(reading(values, 'psq')?.result?.band).toBe('high_risk')
    expect(reading(values, 'bolt_band')?.result?.band).toBe('from_10_to_20')
  })

  it('gives no STOP-BANG score while a question is unanswered', () => {
    const values: AssessmentValues = {
      breathing_sleep: { ...stopBangAnswers(2), stop_bang_gender: null },
    }
    expect(reading(values, 'stop_bang')?.result).toBeNull()
  })

  it('gives no Epworth score for a total outside 0–24', () => {
    expect(reading({ breathing_sleep: { epworth_total: 30 } }, 'epworth')?.result).toBeNull()
  })
})

describe('computeSectionScales', () => {
  it('returns only the section’s scores', () => {
    const values: AssessmentValues = { tongue_lips: { trmr_mio_mm: 34 } }
    const headNeck = computeSectionScales('head_neck', values)
    expect(headNeck).toHaveLength(1)
    expect(headNeck[0]?.result?.band).toBe('restricted')
    expect(computeSectionScales('dental', values)).toEqual([])
    expect(computeSectionScales('tongue_lips', values).map((r) => r.scale)).toEqual([
      'trmr_tip',
      'trmr_lps',
      'kotlow',
    ])
  })
})

describe('valuesFromSections', () => {
  it('turns the request’s sections into values and skips unknown sections', () => {
    const values = valuesFromSections([
      { id: 'tongue_lips', items: [{ id: 'trmr_mio_mm', value: 44 }] },
      { id: 'elsewhere', items: [{ id: 'x', value: 1 }] },
    ])
    expect(values).toEqual({ tongue_lips: { trmr_mio_mm: 44 } })
  })
})
