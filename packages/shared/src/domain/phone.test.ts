import { describe, expect, it } from 'vitest'
import { formatUsPhone, isValidUsPhone, normalizeUsPhone } from './phone'

describe('US phone numbers', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    ['+1 555 123 4567', '5551234567'],
    ['15551234567', '5551234567'],
  ])('normalises %s', (input, digits) => {
    expect(normalizeUsPhone(input)).toBe(digits)
    expect(formatUsPhone(input)).toBe(
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    )
  })

  it.each(['', '555123456', '25551234567', '555123456789', '555-CALL-NOW', '555 123 4567 x2'])(
    'rejects %j',
    (input) => {
      expect(isValidUsPhone(input)).toBe(false)
      expect(formatUsPhone(input)).toBe(input)
    },
  )
})
