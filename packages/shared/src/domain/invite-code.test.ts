import { describe, expect, it } from 'vitest'
import { INVITE_CODE_ALPHABET, isWellFormedInviteCode, normalizeInviteCode } from './invite-code'

describe('invite codes', () => {
  it('use an upper-case alphabet without look-alike characters', () => {
    expect(INVITE_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/)
    for (const c of 'IOL01') expect(INVITE_CODE_ALPHABET).not.toContain(c)
    expect(new Set(INVITE_CODE_ALPHABET).size).toBe(INVITE_CODE_ALPHABET.length)
  })

  it('normalise as typed: upper case, no spaces or dashes', () => {
    expect(normalizeInviteCode(' abcd-efgh 23 ')).toBe('ABCDEFGH23')
  })

  it('are 8+ characters of the alphabet', () => {
    expect(isWellFormedInviteCode('ABCDEFGH')).toBe(true)
    expect(isWellFormedInviteCode('ABCDEFG')).toBe(false)
    expect(isWellFormedInviteCode('ABCDEFG0')).toBe(false)
    expect(isWellFormedInviteCode('abcdefgh')).toBe(false)
  })
})
