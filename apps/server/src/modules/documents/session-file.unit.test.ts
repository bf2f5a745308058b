/**
 * Sealing and checking a session file without the app (docs/decisions/015-session-file.md): the
 * business key refuses another business's file, one changed byte and a rotated APP_SECRET. The
 * PDF attachment is tested in packages/documents; the API test covers the routes and real renders.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseSessionFile } from '@myodocs/shared/contracts/session-file'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import type { SignedInContext } from '../../lib/service-context'
import { sealSessionFile, verifySessionFile } from './session-file'

const SECRET = 's'.repeat(40)
const payload: SessionFilePayload = {
  version: 1,
  kind: 'exercise',
  issuer: 'business-a',
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
  measures: [{ measure: 'controlPauseSeconds', value: 8 }],
}

// Only the business id and the secret are read.
const as = (businessId: string, appSecret = SECRET) =>
  ({ actor: { businessId }, config: { appSecret } }) as unknown as SignedInContext

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

function checkOf(sealed: string, payloadText?: string) {
  const { envelope } = parseSessionFile(sealed)!
  const text = payloadText ?? envelope.payload
  return {
    kind: payload.kind,
    issuer: payload.issuer,
    digest: sha256(text),
    mac: envelope.mac,
  }
}

describe('a sealed session file', () => {
  const sealed = sealSessionFile(SECRET, payload)

  it('verifies for the business that made it, unchanged', () => {
    expect(verifySessionFile(as('business-a'), checkOf(sealed))).toEqual({
      kind: 'exercise',
      thisBusiness: true,
      unchanged: true,
    })
  })

  it('is refused by another business, even one claiming to have issued it', () => {
    const check = checkOf(sealed)
    expect(verifySessionFile(as('business-b'), check)).toMatchObject({
      thisBusiness: false,
      unchanged: false,
    })
    // Business B's key over the same data is not business A's.
    const theirs = checkOf(sealSessionFile(SECRET, { ...payload, issuer: 'business-b' }))
    expect(verifySessionFile(as('business-a'), { ...check, mac: theirs.mac }).unchanged).toBe(false)
  })

  it('is refused as changed after one changed byte of the payload or of the MAC', () => {
    const text = parseSessionFile(sealed)!.envelope.payload
    const at = text.indexOf('Avery')
    const edited = `${text.slice(0, at)}B${text.slice(at + 1)}`
    expect(edited).toHaveLength(text.length)
    expect(verifySessionFile(as('business-a'), checkOf(sealed, edited)).unchanged).toBe(false)
    const check = checkOf(sealed)
    const mac = `${check.mac[0] === 'A' ? 'B' : 'A'}${check.mac.slice(1)}`
    expect(verifySessionFile(as('business-a'), { ...check, mac }).unchanged).toBe(false)
  })

  it('reads as changed once APP_SECRET is rotated: the key is not versioned', () => {
    expect(verifySessionFile(as('business-a', 't'.repeat(40)), checkOf(sealed)).unchanged).toBe(
      false,
    )
  })
})
