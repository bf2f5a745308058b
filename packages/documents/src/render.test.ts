// Unit: the public helpers of the documents package: warm-up, formatting.
import { describe, expect, it } from 'vitest'
import { warmUp } from './render'
import { formatAge, formatDate, therapistSignature } from './format'

describe('formatting', () => {
  it('prints dates and ages without time-zone shifts', () => {
    expect(formatDate('2026-03-05')).toBe('March 5, 2026')
    expect(formatAge('2016-07-19', '2026-03-05')).toBe('9 years')
    expect(formatAge('2016-03-05', '2026-03-05')).toBe('10 years')
    expect(formatAge('2016-03-06', '2026-03-05')).toBe('9 years')
    expect(formatAge('2025-01-10', '2026-03-05')).toBe('13 months')
    expect(formatAge('2026-03-10', '2026-03-05')).toBeNull()
    expect(therapistSignature({ firstName: 'Dana', lastName: 'Whitfield', title: '' })).toBe(
      'Dana Whitfield',
    )
  })
})

describe('warmUp', () => {
  it('loads the fonts and renders without a document of its own', async () => {
    await expect(warmUp()).resolves.toBeUndefined()
  })
})
