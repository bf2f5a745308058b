/**
 * Unit: fonts are parsed once per process and shared by every render, so nothing one document
 * lays out may change how the next one reads. Alone in its file: the bug needs a fresh font.
 */
import { describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { emptyAssessmentSession } from '@myodocs/shared/domain/assessment-session'
import { fixtureContext } from './fixtures/context'
import { renderAssessmentReport, renderPatientSummary } from './render'
import { readPdf } from './testing/pdf-text'

const session = (firstName: string) => {
  const s = emptyAssessmentSession(new Date(2026, 10, 24))
  Object.assign(s.patientData, {
    patientFirstName: firstName,
    patientLastName: 'Doe',
    patientDOB: '2016-04-12',
  })
  return AssessmentDocumentRequestSchema.parse(s)
}

describe('shared fonts', () => {
  it('keep ’ readable after a document embedded a comma (Inter builds it from the ’ glyph)', async () => {
    // A first document with commas but no ’: its font subset pulls in the ’ glyph as a part of
    // the comma. fontkit then caches that glyph as mapping to no character, and a later ’ would
    // vanish from the text and shift every line break after it ("what we f / ound").
    await renderAssessmentReport(session('Mark'), fixtureContext())
    const { text } = readPdf(await renderPatientSummary(session('Jane'), fixtureContext()))
    expect(text).toContain('during Jane’s myofunctional assessment, what we found, and what we')
  })
})
