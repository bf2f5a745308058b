// Unit: calendar-date strings.
import { describe, expect, it } from 'vitest'
import { isIsoCalendarDate, toIsoDate } from './dates'

describe('isIsoCalendarDate', () => {
  it.each(['2024-02-29', '2025-01-01', '2025-12-31', '2000-02-29', '2025-04-30'])(
    'accepts %s',
    (value) => expect(isIsoCalendarDate(value)).toBe(true),
  )

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-01-00',
    '2024-01-32',
    '2024-1-01',
    '24-01-01',
    '2024/01/01',
    ' 2024-01-01',
    '2024-01-01T00:00:00Z',
    '',
  ])('rejects %j', (value) => expect(isIsoCalendarDate(value)).toBe(false))
})

describe('toIsoDate', () => {
  it('gives the local calendar day, zero-padded', () => {
    expect(toIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05')
    expect(toIsoDate(new Date(2024, 1, 29, 0, 0))).toBe('2024-02-29')
  })

  it('round-trips through isIsoCalendarDate', () => {
    expect(isIsoCalendarDate(toIsoDate(new Date()))).toBe(true)
  })
})
