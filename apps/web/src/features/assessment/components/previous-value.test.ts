/** Unit: last visit's value is written as the documents print it. */
import { describe, expect, it } from 'vitest'
import { findItem } from '@myodocs/shared/domain/assessment-sections'
import { formatPrevious } from './previous-value'

const item = (sectionId: string, itemId: string) => findItem(sectionId, itemId)!

describe('formatPrevious', () => {
  it('writes percent without a space and other units with one, as the report does', () => {
    expect(formatPrevious(item('breathing_sleep', 'sleep_study_lowest_spo2'), 86)).toBe('86%')
    expect(formatPrevious(item('tongue_lips', 'trmr_mio_mm'), 42)).toBe('42 mm')
  })
})
