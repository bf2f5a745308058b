import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { importDraftKey, openDraft, sealDraft } from './draft-crypto'

const rawKey = () => randomBytes(32).toString('base64url')

describe('draft encryption', () => {
  it('round-trips a draft and keeps the patient name out of the ciphertext', async () => {
    const key = await importDraftKey(rawKey())
    const draft = { patientFirstName: 'Zyxwvut', notes: 'tongue tie' }
    const sealed = await sealDraft(key, draft, 'user-1:assessment')
    expect(Buffer.from(sealed.ciphertext).toString('latin1')).not.toContain('Zyxwvut')
    await expect(openDraft(key, sealed, 'user-1:assessment')).resolves.toEqual(draft)
  })

  it('reads as absent with a rotated key or in another slot', async () => {
    const key = await importDraftKey(rawKey())
    const sealed = await sealDraft(key, { a: 1 }, 'user-1:assessment')
    await expect(
      openDraft(await importDraftKey(rawKey()), sealed, 'user-1:assessment'),
    ).resolves.toBeUndefined()
    await expect(openDraft(key, sealed, 'user-2:assessment')).resolves.toBeUndefined()
  })

  it('imports the key non-extractable and refuses a wrong length', async () => {
    const key = await importDraftKey(rawKey())
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(importDraftKey(randomBytes(16).toString('base64url'))).rejects.toThrow(/256 bits/)
  })
})
