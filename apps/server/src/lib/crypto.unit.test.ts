import { describe, expect, it } from 'vitest'
import { decrypt, deriveKey, encrypt, hashToken, randomToken, safeEqual } from './crypto'

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
})
