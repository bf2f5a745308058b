import { beforeAll, describe, expect, it } from 'vitest'
import {
  checkPasswordRules,
  clampGeneratedLength,
  COMMON_CONTAINED_MIN_LENGTH,
  findCommonPassword,
  generateSecurePassword,
  loadCommonPasswords,
  localPasswordValidation,
  strengthLabel,
} from './password-policy'
import type { CommonPasswords } from './password-policy'

let common: CommonPasswords
beforeAll(async () => {
  common = await loadCommonPasswords()
})

describe('the bundled common-password list', () => {
  it('holds at least 10,000 lower-case passwords, the usual suspects among them', () => {
    expect(common.size).toBeGreaterThanOrEqual(10_000)
    for (const p of ['123456', 'password', 'qwerty', 'letmein', 'iloveyou', 'dragon']) {
      expect(common.has(p), p).toBe(true)
    }
    expect([...common].every((p) => p === p.toLowerCase() && p.length > 0)).toBe(true)
  })
})

describe('findCommonPassword (is or contains a common password)', () => {
  it('finds a password that is one, whatever the case', () => {
    expect(findCommonPassword('PassWord', common)).toBe('password')
  })

  it('finds one inside, the longest first, also behind symbol swaps', () => {
    expect(findCommonPassword('Password1234!', common)).toMatch(/^password/)
    expect(findCommonPassword('xx-Sunshine-42!', common)).toBe('sunshine')
    expect(findCommonPassword('P@ssw0rd-Clinic', common)).toBe('p@ssw0rd')
    expect(findCommonPassword('Xy-5unsh1ne-42!', common)).toBe('sunshine')
  })

  it(`ignores contained entries shorter than ${COMMON_CONTAINED_MIN_LENGTH} characters`, () => {
    expect(common.has('love')).toBe(true)
    expect(findCommonPassword('Gx#love-Tq9v', common)).toBeNull()
    expect(findCommonPassword('love', common)).toBe('love')
  })

  it('passes a random-looking password', () => {
    expect(findCommonPassword('kX9#mQ2$vL7!pR4@', common)).toBeNull()
  })
})

describe('checkPasswordRules and the local fallback', () => {
  it('accepts a password meeting every rule', () => {
    const v = localPasswordValidation('Tq7#vWx9!mKz', common)
    expect(v.isValid).toBe(true)
    expect(v.feedback).toEqual([])
    expect(v.score).toBeGreaterThanOrEqual(3)
  })

  it.each([
    ['Tq7#vWx9!mK', 'minLength'],
    ['tq7#vwx9!mkz', 'hasUpperCase'],
    ['TQ7#VWX9!MKZ', 'hasLowerCase'],
    ['Tqa#vWxb!mKz', 'hasNumbers'],
    ['Tq7avWx9bmKz', 'hasSpecialChars'],
    ['Password1234!', 'notCommon'],
  ] as const)('rejects %s for %s', (password, requirement) => {
    const { requirements, feedback } = checkPasswordRules(password, common)
    expect(requirements[requirement]).toBe(false)
    expect(feedback.length).toBeGreaterThan(0)
    expect(localPasswordValidation(password, common).isValid).toBe(false)
  })

  it('accepts a long passphrase with one common word among others, naming the word when it is the core', () => {
    expect(findCommonPassword('Quartz-Lantern-Oboe-73!', common)).toBe('lantern')
    const passphrase = localPasswordValidation('Quartz-Lantern-Oboe-73!', common)
    expect(passphrase.isValid).toBe(true)
    expect(passphrase.requirements.notCommon).toBe(true)
    expect(passphrase.score).toBeGreaterThanOrEqual(3)
    // A common password plus a few characters is still refused, and the feedback says which part.
    const built = checkPasswordRules('MySunshine-Clinic9', common)
    expect(built.requirements.notCommon).toBe(false)
    expect(built.feedback.join(' ')).toContain('"sunshine"')
  })

  it('counts characters, not UTF-16 units, and keeps spaces as typed', () => {
    expect(checkPasswordRules('Tq7#vWx9!mK😀', common).requirements.minLength).toBe(true)
    expect(checkPasswordRules('Tq7 vWx9 mKz', common).requirements.hasSpecialChars).toBe(true)
  })

  it('labels scores with the spec texts', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual([
      'Very Weak',
      'Weak',
      'Fair',
      'Strong',
      'Very Strong',
    ])
  })
})

describe('generateSecurePassword', () => {
  it('clamps the length to 12–128, default 16', () => {
    expect(clampGeneratedLength(undefined)).toBe(16)
    expect(clampGeneratedLength(4)).toBe(12)
    expect(clampGeneratedLength(500)).toBe(128)
    expect(clampGeneratedLength(20.7)).toBe(20)
    expect(clampGeneratedLength(Number.NaN)).toBe(16)
  })

  it('always passes the policy, and never repeats', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const p = generateSecurePassword(12, common)
      expect(p).toHaveLength(12)
      expect(localPasswordValidation(p, common).isValid, p).toBe(true)
      seen.add(p)
    }
    expect(seen.size).toBe(200)
    expect(generateSecurePassword(128, common)).toHaveLength(128)
  })
})
