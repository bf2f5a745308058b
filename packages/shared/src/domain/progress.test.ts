import { describe, expect, it } from 'vitest'
import { SCALE_IDS } from './scales'
import { compareMeasures, compareScales, directionOf, programChanges } from './progress'

describe('directionOf', () => {
  it('says unchanged for equal values, and improved or worse by the way the scale improves', () => {
    expect(directionOf('mio', 40, 40)).toBe('unchanged')
    expect(directionOf('mio', 40, 41)).toBe('improved')
    expect(directionOf('mio', 40, 39)).toBe('worse')
    expect(directionOf('epworth', 12, 12)).toBe('unchanged')
    expect(directionOf('epworth', 12, 11)).toBe('improved')
    expect(directionOf('epworth', 12, 13)).toBe('worse')
    expect(directionOf('psq', 0.364, 0.363)).toBe('improved')
  })

  // Every scale at its boundary: equal, the smallest printed step up, the smallest step down.
  const higherIsBetter = ['trmr_tip', 'trmr_lps', 'kotlow', 'mio', 'bolt']
  it.each(SCALE_IDS.map((scale) => [scale]))('%s: equal, one step up, one step down', (scale) => {
    const step = scale === 'psq' ? 0.001 : 1
    const up = higherIsBetter.includes(scale) ? 'improved' : 'worse'
    const down = up === 'improved' ? 'worse' : 'improved'
    expect(directionOf(scale, 0.5, 0.5)).toBe('unchanged')
    expect(directionOf(scale, 0.5, 0.5 + step)).toBe(up)
    expect(directionOf(scale, 0.5, 0.5 - step)).toBe(down)
  })
})

describe('compareMeasures', () => {
  const none = { controlPauseSeconds: null, stopBang: null, ahi: null, lowestSpO2: null }
  const reading = (
    measure: 'controlPauseSeconds' | 'stopBang' | 'ahi' | 'lowestSpO2',
    value: number,
    date = '2026-03-01',
  ) => ({ measure, value, date })

  it('words each measure as the assessment comparison does, at each boundary', () => {
    const words = (measure: Parameters<typeof reading>[0], before: number, now: number) =>
      compareMeasures([reading(measure, before)], {
        date: '2026-03-15',
        values: { ...none, [measure]: now },
      })[0]!.direction
    // Higher is better: control pause, lowest SpO2.
    expect(words('controlPauseSeconds', 8, 8)).toBe('unchanged')
    expect(words('controlPauseSeconds', 8, 9)).toBe('improved')
    expect(words('controlPauseSeconds', 8, 7.5)).toBe('worse')
    expect(words('lowestSpO2', 92, 93)).toBe('improved')
    expect(words('lowestSpO2', 92, 91)).toBe('worse')
    // Lower is better: STOP-BANG, AHI.
    expect(words('stopBang', 3, 3)).toBe('unchanged')
    expect(words('stopBang', 3, 2)).toBe('improved')
    expect(words('stopBang', 3, 4)).toBe('worse')
    expect(words('ahi', 5, 4.9)).toBe('improved')
    expect(words('ahi', 5, 5.1)).toBe('worse')
  })

  it('lists only measures taken today and before today, with last time’s value and date', () => {
    const result = compareMeasures(
      [
        reading('controlPauseSeconds', 6, '2026-02-19'),
        reading('ahi', 9),
        reading('stopBang', 2, '2026-03-15'),
      ],
      { date: '2026-03-15', values: { ...none, controlPauseSeconds: 8, stopBang: 2 } },
    )
    expect(result).toEqual([
      {
        measure: 'controlPauseSeconds',
        name: 'Control pause',
        today: '8 s',
        previous: '6 s',
        previousDate: '2026-02-19',
        direction: 'improved',
      },
    ])
  })
})

describe('compareScales', () => {
  const today = {
    date: '2026-04-20',
    scores: [
      { scale: 'kotlow' as const, value: 22 },
      { scale: 'nose' as const, value: 30 },
      { scale: 'bolt' as const, value: 15 },
    ],
  }

  it('lists each scale scored before and today, oldest first, with its change in words', () => {
    const result = compareScales(
      [
        {
          date: '2026-03-05',
          scores: [
            { scale: 'kotlow', value: 18 },
            { scale: 'nose', value: 30 },
          ],
        },
        {
          date: '2026-01-10',
          scores: [
            { scale: 'kotlow', value: 14 },
            { scale: 'nose', value: 25 },
          ],
        },
      ],
      today,
    )
    expect(result.map((r) => r.scale)).toEqual(['kotlow', 'nose'])
    const [kotlow, nose] = result
    expect(kotlow!.points.map((p) => p.value)).toEqual([14, 18, 22])
    expect(kotlow).toMatchObject({ change: 8, direction: 'improved' })
    expect(kotlow!.summary).toBe('Improved from 14 mm (2026-01-10) to 22 mm today.')
    expect(nose).toMatchObject({ change: 5, direction: 'worse' })
    expect(nose!.summary).toBe('Worse from 25 / 100 (2026-01-10) to 30 / 100 today.')
  })

  it('prints the PSQ with three decimals, as its own row does', () => {
    const [psq] = compareScales([{ date: '2026-01-10', scores: [{ scale: 'psq', value: 0.6 }] }], {
      date: '2026-03-20',
      scores: [{ scale: 'psq', value: 0.45 }],
    })
    expect(psq!.summary).toBe('Improved from 0.600 (2026-01-10) to 0.450 today.')
  })

  it('says unchanged when the earliest value equals today’s', () => {
    const [bolt] = compareScales(
      [{ date: '2026-01-10', scores: [{ scale: 'bolt', value: 15 }] }],
      today,
    )
    expect(bolt).toMatchObject({ direction: 'unchanged', change: 0 })
    expect(bolt!.summary).toBe('Unchanged at 15 s since 2026-01-10.')
  })

  it('ignores visits on or after today and scales not scored today', () => {
    expect(
      compareScales(
        [
          { date: '2026-04-20', scores: [{ scale: 'kotlow', value: 1 }] },
          { date: '2026-05-01', scores: [{ scale: 'kotlow', value: 1 }] },
          { date: '2026-01-01', scores: [{ scale: 'mio', value: 30 }] },
        ],
        today,
      ),
    ).toEqual([])
  })
})

describe('programChanges', () => {
  const ex = (
    exerciseId: string,
    minutes: number,
    selectedVariation = '',
    frequency = '2x daily',
  ) => ({
    exerciseId,
    exerciseName: `Exercise ${exerciseId}`,
    minutes,
    selectedVariation,
    frequency,
  })

  it('lists added, changed (minutes, variation, frequency) then removed; unchanged ones not at all', () => {
    const changes = programChanges(
      { date: '2026-03-01', exercises: [ex('a', 5), ex('b', 3), ex('c', 2, 'Easy')] },
      [ex('c', 4, 'Hard', '3x daily'), ex('a', 5), ex('d', 2)],
    )
    expect(changes).toEqual([
      {
        exerciseName: 'Exercise c',
        change: 'changed',
        details: ['2 → 4 min', 'variation: Easy → Hard', 'frequency: 2x daily → 3x daily'],
      },
      { exerciseName: 'Exercise d', change: 'added', details: [] },
      { exerciseName: 'Exercise b', change: 'removed', details: [] },
    ])
  })
})
