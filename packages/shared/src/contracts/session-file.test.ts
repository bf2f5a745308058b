import { describe, expect, it } from 'vitest'
import { parseSessionFile, SESSION_FILE_FORMAT, sessionMacMessage } from './session-file'

const payload = {
  version: 1,
  kind: 'exercise',
  issuer: 'b1',
  date: '2026-03-05',
  patient: { firstName: 'Avery', lastName: 'Moreno', dob: '' },
  sessionNumber: 2,
  exercises: [
    {
      sectionId: 'tongue',
      exerciseId: 'spot',
      exerciseName: 'Spot',
      minutes: 2,
      selectedVariation: '',
      frequency: '',
    },
  ],
}
const envelope = (p: unknown, mac = 'a'.repeat(43)) =>
  JSON.stringify({ format: SESSION_FILE_FORMAT, version: 1, payload: JSON.stringify(p), mac })

describe('parseSessionFile', () => {
  it('reads the envelope and its payload', () => {
    const parsed = parseSessionFile(envelope(payload))
    expect(parsed?.payload).toMatchObject({ kind: 'exercise', patient: { lastName: 'Moreno' } })
    expect(parsed?.envelope.mac).toBe('a'.repeat(43))
  })

  it('reads an assessment made before the referral was carried, and one with it', () => {
    const before = {
      version: 1,
      kind: 'assessment',
      issuer: 'b1',
      date: '2026-03-05',
      patient: { firstName: 'Avery', lastName: 'Moreno', dob: '' },
      items: [],
      scores: [],
    }
    expect(parseSessionFile(envelope(before))?.payload).not.toHaveProperty('referral')
    const referral = {
      referringParty: 'Dr. Priya Raman',
      reasonForReferral: 'Tongue thrust\nSnoring',
    }
    expect(parseSessionFile(envelope({ ...before, referral }))?.payload).toMatchObject({
      referral: { ...referral, chiefComplaint: '' },
    })
  })

  it('refuses anything else: not JSON, another version, a payload of another shape, a bad MAC', () => {
    expect(parseSessionFile('not json')).toBeNull()
    expect(parseSessionFile(envelope({ ...payload, version: 2 }))).toBeNull()
    expect(parseSessionFile(envelope({ ...payload, kind: 'patient-summary' }))).toBeNull()
    expect(parseSessionFile(envelope(payload, 'short'))).toBeNull()
  })
})

describe('sessionMacMessage', () => {
  it('binds the kind and the digest', () => {
    expect(sessionMacMessage('exercise', 'ab')).not.toBe(sessionMacMessage('assessment', 'ab'))
    expect(sessionMacMessage('exercise', 'ab')).toBe('myodocs-session/1\nexercise\nab')
  })
})
