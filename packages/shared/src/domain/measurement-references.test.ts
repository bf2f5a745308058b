// Unit: a published reference prints beside a measurement only for the ages its studies measured.
import { describe, expect, it } from 'vitest'
import { measurementReference } from './measurement-references'

const IOPI = 'tongue_strength_iopi_kpa'
const ON = '2026-03-04'

describe('measurementReference', () => {
  it.each([
    [
      'an adult below 34 kPa',
      28,
      '1980-01-01',
      /^below the adult reference: 95 % .* exceed 34 kPa, average about 63 kPa/,
    ],
    ['an adult at 34 kPa', 34, '1980-01-01', /^adult reference: 95 % .* average about 63 kPa/],
    ['an adult over 60', 50, '1958-06-02', /^adult reference: .* average about 56 kPa over age 60/],
    ['an adult aged exactly 20', 40, '2006-03-04', /^adult reference: /],
  ])('words the IOPI adult reference for %s', (_, kpa, dob, expected) => {
    const text = measurementReference(IOPI, kpa, dob, ON)
    expect(text).toMatch(expected)
    expect(text).toContain('(IOPI Medical normal values)')
  })

  it.each([
    ['a child', 18, '2016-07-19', ON],
    ['a 19-year-old, younger than the studies measured', 30, '2006-03-05', ON],
    ['an unknown date of birth', 28, '', ON],
    ['a birth date after the assessment', 28, '2027-01-01', ON],
  ])('prints nothing for %s', (_, kpa, dob, on) => {
    expect(measurementReference(IOPI, kpa, dob, on)).toBeNull()
  })

  it('prints nothing for an item without a reference or a value that is not a number', () => {
    expect(measurementReference('kotlow_free_tongue', 10, '1980-01-01', ON)).toBeNull()
    expect(measurementReference(IOPI, '28', '1980-01-01', ON)).toBeNull()
    expect(measurementReference(IOPI, Number.NaN, '1980-01-01', ON)).toBeNull()
  })
})
