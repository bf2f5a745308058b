// Unit: every band edge on both sides, invalid input and missing input, for each scale.
import { describe, expect, it } from 'vitest'
import {
  BOLT,
  scoreBolt,
  scoreKotlow,
  scoreMio,
  scoreTrmrLps,
  scoreTrmrTip,
} from './measurement-scales'
import { scoreEpworth, scoreNose, scorePsq, scoreStopBang } from './questionnaire-scales'
import { SCALES, SCALE_IDS } from './scales'

const band = (r: { band: string } | null) => r?.band ?? null

/** Answers summing to `total` with each answer at most `max`, `count` answers long. */
function answersSumming(total: number, count: number, max: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.max(0, Math.min(max, total - i * max)))
}

describe('scale definitions', () => {
  it('has one definition per id, each with bands and plain wording', () => {
    for (const id of SCALE_IDS) {
      expect(SCALES[id].id).toBe(id)
      expect(SCALES[id].bands.length).toBeGreaterThan(1)
      expect(SCALES[id].patient.meaning).not.toBe('')
      // Printed under every score (docs/decisions/017-licensed-instruments.md).
      expect(SCALES[id].source).not.toBe('')
    }
  })
})

describe('scoreTrmrTip (TRMR-TIP)', () => {
  // MIO 50 mm: 1 mm of tip opening is 2 %.
  it.each([
    [50, 50, 100, 'grade_1'],
    [50, 40.5, 81, 'grade_1'],
    [50, 40, 80, 'grade_2'],
    [50, 25, 50, 'grade_2'],
    [50, 24.5, 49, 'grade_3'],
    [50, 12.5, 25, 'grade_3'],
    [50, 12, 24, 'grade_4'],
    [50, 0, 0, 'grade_4'],
  ])('MIO %s mm, tip %s mm → %s%% %s', (mio, tip, percent, grade) => {
    const r = scoreTrmrTip(mio, tip)
    expect(r).toMatchObject({
      scale: 'trmr_tip',
      value: percent,
      band: grade,
      display: `${percent}%`,
    })
  })

  it('bands the printed whole percent, so 80.4 % prints 80 % and stays grade 2', () => {
    expect(scoreTrmrTip(100, 80.4)).toMatchObject({ value: 80, band: 'grade_2' })
    expect(scoreTrmrTip(100, 80.5)).toMatchObject({ value: 81, band: 'grade_1' })
  })

  it('carries label and severity from the band', () => {
    expect(scoreTrmrTip(50, 10)).toMatchObject({
      label: 'Grade 4 (under 25% of MIO)',
      severity: 'severe',
    })
  })

  it.each([
    [null, 30],
    [50, null],
    [undefined, 30],
    [50, undefined],
  ])('is null when an input is missing (%s, %s)', (mio, tip) => {
    expect(scoreTrmrTip(mio, tip)).toBeNull()
  })

  it.each([
    [0, 0],
    [-40, 20],
    [40, -1],
    [40, 41],
    [Number.NaN, 20],
    [40, Number.POSITIVE_INFINITY],
  ])('is null when inputs are impossible (%s, %s)', (mio, tip) => {
    expect(scoreTrmrTip(mio, tip)).toBeNull()
  })
})

describe('scoreTrmrLps (TRMR-LPS)', () => {
  it.each([
    [40.5, 'grade_1'],
    [40, 'grade_2'],
    [25, 'grade_2'],
    [24.5, 'grade_3'],
    [12.5, 'grade_3'],
    [12, 'grade_4'],
  ])('MIO 50 mm, suction %s mm → %s', (opening, grade) => {
    expect(scoreTrmrLps(50, opening)).toMatchObject({ scale: 'trmr_lps', band: grade })
  })

  it('is null when missing or impossible', () => {
    expect(scoreTrmrLps(null, 20)).toBeNull()
    expect(scoreTrmrLps(40, 45)).toBeNull()
  })
})

describe('scoreKotlow', () => {
  it.each([
    [30, 'normal'],
    [16.5, 'normal'],
    [16, 'class_1'],
    [12, 'class_1'],
    [11.9, 'class_2'],
    [11, 'class_2'],
    [8, 'class_2'],
    [7.9, 'class_3'],
    [7, 'class_3'],
    [3, 'class_3'],
    [2.9, 'class_4'],
    [0, 'class_4'],
  ])('%s mm → %s', (mm, expected) => {
    expect(band(scoreKotlow(mm))).toBe(expected)
  })

  it('prints the length in mm', () => {
    expect(scoreKotlow(14)).toMatchObject({ value: 14, display: '14 mm', severity: 'mild' })
  })

  it.each([null, undefined, -1, Number.NaN])('is null for %s', (mm) => {
    expect(scoreKotlow(mm)).toBeNull()
  })
})

describe('scoreMio (mouth opening band)', () => {
  it.each([
    [52, 'typical'],
    [40, 'typical'],
    [39.9, 'reduced'],
    [36, 'reduced'],
    [35.5, 'reduced'],
    [35, 'restricted'],
    [20, 'restricted'],
  ])('%s mm → %s', (mm, expected) => {
    expect(band(scoreMio(mm))).toBe(expected)
  })

  it.each([null, undefined, 0, -5, Number.NaN])('is null for %s', (mm) => {
    expect(scoreMio(mm)).toBeNull()
  })
})

describe('scoreNose', () => {
  it.each([
    [0, 'none'],
    [5, 'mild'],
    [25, 'mild'],
    [30, 'moderate'],
    [50, 'moderate'],
    [55, 'severe'],
    [75, 'severe'],
    [80, 'extreme'],
    [100, 'extreme'],
  ])('total %s → %s', (total, expected) => {
    const r = scoreNose(answersSumming(total / 5, 5, 4))
    expect(r).toMatchObject({ value: total, band: expected, display: `${total} / 100` })
  })

  it('marks the extreme band severe', () => {
    expect(scoreNose([4, 4, 4, 4, 4])?.severity).toBe('severe')
  })

  it('is null until all five are answered', () => {
    expect(scoreNose([1, 2, 3, 4])).toBeNull()
    expect(scoreNose([1, 2, 3, 4, null])).toBeNull()
    expect(scoreNose([1, 2, 3, 4, undefined])).toBeNull()
    expect(scoreNose([])).toBeNull()
  })

  it('is null for answers outside 0–4, fractions or extra answers', () => {
    expect(scoreNose([0, 0, 0, 0, 5])).toBeNull()
    expect(scoreNose([0, 0, 0, 0, -1])).toBeNull()
    expect(scoreNose([0, 0, 0, 0, 1.5])).toBeNull()
    expect(scoreNose([0, 0, 0, 0, 0, 0])).toBeNull()
  })
})

describe('scoreEpworth', () => {
  it.each([
    [0, 'normal'],
    [10, 'normal'],
    [11, 'mild'],
    [12, 'mild'],
    [13, 'moderate'],
    [15, 'moderate'],
    [16, 'severe'],
    [24, 'severe'],
  ])('total %s → %s', (total, expected) => {
    expect(scoreEpworth(total)).toMatchObject({
      value: total,
      band: expected,
      display: `${total} / 24`,
    })
  })

  it('is null until a total is entered', () => {
    expect(scoreEpworth(null)).toBeNull()
  })

  it('is null for a total outside 0–24 or not whole', () => {
    expect(scoreEpworth(25)).toBeNull()
    expect(scoreEpworth(-1)).toBeNull()
    expect(scoreEpworth(7.5)).toBeNull()
  })
})

describe('scoreStopBang', () => {
  const yes = (count: number) => Array.from({ length: 8 }, (_, i) => i < count)

  it.each([
    [0, 'low'],
    [2, 'low'],
    [3, 'intermediate'],
    [4, 'intermediate'],
    [5, 'high'],
    [8, 'high'],
  ])('%s yes → %s', (count, expected) => {
    expect(scoreStopBang(yes(count))).toMatchObject({
      value: count,
      band: expected,
      display: `${count} / 8`,
    })
  })

  it('is null until all eight are answered', () => {
    expect(scoreStopBang([true, true, true])).toBeNull()
    expect(scoreStopBang([...yes(7).slice(0, 7), null])).toBeNull()
    expect(scoreStopBang([...yes(7).slice(0, 7), undefined])).toBeNull()
  })

  it('is null with more than eight answers', () => {
    expect(scoreStopBang([...yes(8), false])).toBeNull()
  })
})

describe('scorePsq', () => {
  it.each([
    [0, 22, 'below_threshold', '0.000'],
    [7, 22, 'below_threshold', '0.318'],
    [8, 22, 'high_risk', '0.364'],
    // 7/21 = 0.3333…: above 0.33, and printed 0.333 so the number agrees with the band.
    [7, 21, 'high_risk', '0.333'],
    [6, 19, 'below_threshold', '0.316'],
    [1, 3, 'high_risk', '0.333'],
    [22, 22, 'high_risk', '1.000'],
  ])('%s yes of %s answered → %s (%s)', (yesCount, answered, expected, display) => {
    expect(scorePsq(yesCount, answered)).toMatchObject({ band: expected, display })
  })

  it.each([
    [null, 22],
    [5, null],
    [undefined, 10],
  ])('is null when a count is missing (%s, %s)', (yesCount, answered) => {
    expect(scorePsq(yesCount, answered)).toBeNull()
  })

  it.each([
    [0, 0],
    [5, 23],
    [6, 5],
    [-1, 10],
    [1.5, 10],
    [1, 10.5],
  ])('is null when counts are impossible (%s, %s)', (yesCount, answered) => {
    expect(scorePsq(yesCount, answered)).toBeNull()
  })
})

describe('scoreBolt (control pause)', () => {
  it.each([
    [0, 'under_10'],
    [9.9, 'under_10'],
    [10, 'from_10_to_20'],
    [19.9, 'from_10_to_20'],
    [20, 'from_20_to_40'],
    [40, 'from_20_to_40'],
    [40.1, 'over_40'],
    [60, 'over_40'],
  ])('%s s → %s', (seconds, expected) => {
    expect(band(scoreBolt(seconds))).toBe(expected)
  })

  it('prints seconds and flags short pauses', () => {
    expect(scoreBolt(8)).toMatchObject({ display: '8 s', severity: 'severe' })
  })

  it('says what each band means in words beside its range, as the other scales do', () => {
    expect([0, 14, 30, 60].map((seconds) => scoreBolt(seconds)?.label)).toEqual([
      'Very short (under 10 s)',
      'Short (10–20 s)',
      'Fair (20–40 s)',
      'Good (over 40 s)',
    ])
    // Words first, then the range in parentheses: never a bare "10–20 s".
    for (const band of BOLT.bands) expect(band.label).toMatch(/^[A-Z][a-z]+( [a-z]+)* \(.+ s\)$/)
  })

  it.each([null, undefined, -1, Number.NaN])('is null for %s', (seconds) => {
    expect(scoreBolt(seconds)).toBeNull()
  })
})
