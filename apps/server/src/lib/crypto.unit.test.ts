import { describe, expect, it } from 'vitest'
import {
  SecretUnreadableError,
  decrypt,
  deriveKey,
  encrypt,
  hashToken,
  keyedHash,
  openSecret,
  randomToken,
  safeEqual,
  sealSecret,
} from './crypto'

describe('crypto', () => {
  it('makes distinct URL-safe tokens and hashes them deterministically', () => {
    const a = randomToken()
    const b = randomToken()
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(hashToken(a)).toBe(hashToken(a))
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(a)).not.toContain(a)
  })

  it('derives different keys per purpose and context', () => {
    const s = 'x'.repeat(40)
    expect(deriveKey(s, 'a').equals(deriveKey(s, 'a'))).toBe(true)
    expect(deriveKey(s, 'a').equals(deriveKey(s, 'b'))).toBe(false)
    expect(deriveKey(s, 'a', '1').equals(deriveKey(s, 'a', '2'))).toBe(false)
  })

  it('round-trips AES-GCM and refuses tampering, a wrong key or another row', () => {
    const key = deriveKey('y'.repeat(40), 'smtp')
    const sealed = encrypt(key, 'p@ssw0rd', 'row-1')
    expect(sealed).not.toContain('p@ssw0rd')
    expect(decrypt(key, sealed, 'row-1')).toBe('p@ssw0rd')
    expect(() => decrypt(key, sealed, 'row-2')).toThrow()
    expect(() => decrypt(deriveKey('z'.repeat(40), 'smtp'), sealed, 'row-1')).toThrow()
    const parts = sealed.split('.')
    parts[3] = Buffer.from('tampered').toString('base64url')
    expect(() => decrypt(key, parts.join('.'), 'row-1')).toThrow()
  })

  it('compares in constant time', () => {
    expect(safeEqual('abc', 'abc')).toBe(true)
    expect(safeEqual('abc', 'abd')).toBe(false)
  })

  describe('secrets at rest', () => {
    const secret = 's'.repeat(40)
    const row = { table: 'smtp_accounts', column: 'smtp_password', rowId: 'a1' }

    it('round-trips a secret in its own row and shows nothing of it', () => {
      const sealed = sealSecret(secret, 'hunter2 ünï', row)
      expect(sealed).toMatch(/^v1\./)
      expect(sealed).not.toContain('hunter2')
      expect(openSecret(secret, sealed, row)).toBe('hunter2 ünï')
      // A fresh nonce each time: the same secret never seals to the same text.
      expect(sealSecret(secret, 'hunter2 ünï', row)).not.toBe(sealed)
    })

    it('refuses a ciphertext moved to another row or column, or tampered with', () => {
      const sealed = sealSecret(secret, 'hunter2', row)
      const unreadable = (value: string, where = row, key = secret) =>
        expect(() => openSecret(key, value, where)).toThrow(SecretUnreadableError)
      unreadable(sealed, { ...row, rowId: 'b2' })
      unreadable(sealed, { ...row, column: 'imap_password' })
      unreadable(sealed, { ...row, table: 'oauth_accounts' })
      unreadable(sealed, row, 't'.repeat(40))
      const parts = sealed.split('.')
      const body = Buffer.from(parts[3]!, 'base64url')
      body[0] = body[0]! ^ 1
      unreadable([...parts.slice(0, 3), body.toString('base64url')].join('.'))
      unreadable(sealed.replace(/^v1/, 'v2'))
      unreadable('garbage')
    })

    it('never reuses a nonce', () => {
      const nonces = new Set<string>()
      for (let i = 0; i < 10_000; i++) nonces.add(sealSecret(secret, 'x', row).split('.')[1]!)
      expect(nonces.size).toBe(10_000)
    })

    it('refuses a location whose parts could run together', () => {
      expect(() => sealSecret(secret, 'x', { ...row, rowId: 'a|b' })).toThrow()
    })

    it('hashes a value with a key of its own purpose', () => {
      const h = keyedHash(secret, 'recipient', 'pat@example.test')
      expect(h).toMatch(/^[0-9a-f]{64}$/)
      expect(keyedHash(secret, 'recipient', 'pat@example.test')).toBe(h)
      expect(keyedHash(secret, 'other', 'pat@example.test')).not.toBe(h)
      expect(keyedHash('t'.repeat(40), 'recipient', 'pat@example.test')).not.toBe(h)
      expect(h).not.toBe(hashToken('pat@example.test'))
    })
  })
})
