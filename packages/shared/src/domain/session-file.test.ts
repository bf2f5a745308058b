import { describe, expect, it } from 'vitest'
import type { MeasureId } from '../contracts/progress'
import type { SessionFilePayload } from '../contracts/session-file'
import { lastMeasures } from './session-file'

const exercise = (
  date: string,
  measures: { measure: MeasureId; value: number }[],
): SessionFilePayload => ({
  version: 1,
  kind: 'exercise',
  issuer: 'b1',
  date,
  patient: { firstName: 'Avery', lastName: 'Moreno', dob: '' },
  sessionNumber: 1,
  exercises: [],
  measures,
})

describe('lastMeasures', () => {
  it('takes each measure from the newest document that recorded it, with that date', () => {
    const result = lastMeasures([
      exercise('2026-03-05', [{ measure: 'controlPauseSeconds', value: 8 }]),
      exercise('2026-01-10', [
        { measure: 'controlPauseSeconds', value: 5 },
        { measure: 'ahi', value: 12 },
      ]),
      exercise('2026-02-01', [{ measure: 'controlPauseSeconds', value: 6 }]),
    ])
    expect(result).toEqual([
      { measure: 'controlPauseSeconds', value: 8, date: '2026-03-05' },
      { measure: 'ahi', value: 12, date: '2026-01-10' },
    ])
  })

  it('finds none in documents that carry no measures', () => {
    expect(lastMeasures([exercise('2026-03-05', [])])).toEqual([])
  })
})
