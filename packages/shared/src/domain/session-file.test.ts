import { describe, expect, it } from 'vitest'
import type { MeasureId } from '../contracts/progress'
import type { SessionFilePayload } from '../contracts/session-file'
import { lastMeasures, latestReferral } from './session-file'

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

const assessment = (
  date: string,
  referral?: { referringParty: string; reasonForReferral: string; chiefComplaint: string },
): SessionFilePayload => ({
  version: 1,
  kind: 'assessment',
  issuer: 'b1',
  date,
  patient: { firstName: 'Avery', lastName: 'Moreno', dob: '' },
  items: [],
  scores: [],
  ...(referral ? { referral } : {}),
})

describe('latestReferral', () => {
  it('takes the referral of the newest assessment that carries one', () => {
    const first = {
      referringParty: 'Dr. Priya Raman, DDS',
      reasonForReferral: 'Tongue thrust',
      chiefComplaint: 'Lisp',
    }
    const second = { ...first, reasonForReferral: 'Tongue thrust; snoring' }
    expect(
      latestReferral([
        assessment('2026-01-10', first),
        assessment('2026-03-05', second),
        // A file made before the referral was carried says nothing, and is passed over.
        assessment('2026-04-01'),
        exercise('2026-05-01', []),
      ]),
    ).toEqual(second)
  })

  it('finds none in documents that carry none', () => {
    expect(latestReferral([assessment('2026-03-05'), exercise('2026-03-06', [])])).toBeNull()
  })
})
