// Unit: the public helpers of the documents package: file names, warm-up, formatting.
import { describe, expect, it } from 'vitest'
import { documentFileName, warmUp } from './render'
import { formatAge, formatDate, therapistSignature } from './format'

describe('documentFileName', () => {
  it('names the document, the patient (last, first) and the date, in safe ASCII', () => {
    expect(
      documentFileName(
        'assessment',
        { firstName: 'Avery', lastName: 'Lindqvist-Moreno' },
        '2026-03-05',
      ),
    ).toBe('Assessment-Report_Lindqvist-Moreno-Avery_2026-03-05.pdf')
    expect(
      documentFileName(
        'after-visit-summary',
        { firstName: 'Zoë', lastName: "O'Brien / Núñez" },
        '2026-03-05',
      ),
    ).toBe('After-Visit-Summary_O-Brien-Nunez-Zoe_2026-03-05.pdf')
    expect(documentFileName('exercise', { firstName: '', lastName: '' }, 'not a date')).toBe(
      'Home-Exercise-Program.pdf',
    )
    expect(
      documentFileName('patient-summary', { firstName: 'A', lastName: 'B' }, '2026-01-02'),
    ).toBe('Patient-Summary_B-A_2026-01-02.pdf')
  })
})

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
