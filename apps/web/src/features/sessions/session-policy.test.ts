import { describe, expect, it } from 'vitest'
import { sessionCheck } from './session-policy'

const MINUTE = 60_000
const now = Date.parse('2026-03-02T12:00:00Z')

describe('sessionCheck (recheck after 5 min, valid 30 min, cached user 10 h)', () => {
  it.each([
    [null, 'check'],
    [now, 'fresh'],
    [now - 5 * MINUTE + 1, 'fresh'],
    [now - 5 * MINUTE, 'revalidate'],
    [now - 30 * MINUTE + 1, 'revalidate'],
    [now - 30 * MINUTE, 'verify'],
    [now - 10 * 60 * MINUTE + 1, 'verify'],
    [now - 10 * 60 * MINUTE, 'check'],
    [now + MINUTE, 'check'],
  ] as const)('checked at %s → %s', (checkedAt, expected) => {
    expect(sessionCheck(checkedAt, now)).toBe(expected)
  })
})
