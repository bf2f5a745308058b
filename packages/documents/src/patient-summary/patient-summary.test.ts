// Unit: the patient summary's view model and the rendered PDF (text via pdftotext).
import { beforeAll, describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { fullAssessment, fullAssessmentInput } from '../fixtures/assessment'
import { fixtureContext } from '../fixtures/context'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { MAX_FINDINGS, patientSummaryModel } from './model'

describe('patientSummaryModel', () => {
  const model = patientSummaryModel(fullAssessment(), fixtureContext())

  it('lists findings in plain words with what they mean, within the budget', () => {
    const findings = model.areas.flatMap((a) => a.findings)
    expect(findings.length).toBeLessThanOrEqual(MAX_FINDINGS)
    expect(findings[0]).toEqual({
      label: 'Where the tongue rests',
      observed: 'Low, on floor of mouth',
      meaning: expect.stringContaining('roof of the mouth') as string,
    })
    // Every area with a finding gets at least one before any gets more.
    expect(model.areas.every((a) => a.findings.length >= 1)).toBe(true)
    expect(model.areas.reduce((n, a) => n + a.more, 0)).toBeGreaterThan(0)
  })

  it('never lists a typical answer as a finding', () => {
    const input = fullAssessmentInput()
    const tongue = input.sections.find((s) => s.id === 'tongue_lips')!
    tongue.items.find((i) => i.id === 'tongue_rest_posture')!.value = 'whole_on_palate'
    const summary = patientSummaryModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    )
    const labels = summary.areas.flatMap((a) => a.findings.map((f) => f.label))
    expect(labels).not.toContain('Where the tongue rests')
  })

  it('explains notable scores and lists typical ones in a line', () => {
    expect(model.scores.map((s) => s.label)).toContain('Tongue range of motion')
    expect(model.scores.find((s) => s.label === 'Tongue range of motion')).toMatchObject({
      value: '57%',
      level: 'Mild',
    })
    expect(model.typicalScores).toEqual(['Mouth opening (42 mm)'])
  })

  it('turns selected recommendations into next steps', () => {
    expect(model.nextSteps).toHaveLength(6)
    expect(model.nextSteps[2]).toContain('ear, nose and throat (ENT) doctor')
  })

  it('lists each of the therapist’s own recommendations as a next step', () => {
    const input = fullAssessmentInput()
    const other = input.recommendations.find((r) => r.id === 'rec_custom')!
    Object.assign(other, { selected: true, customValue: 'Yoga twice a week\nChew gum daily' })
    const summary = patientSummaryModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    )
    expect(summary.nextSteps.slice(-2)).toEqual(['Yoga twice a week', 'Chew gum daily'])
  })
})

describe('the patient summary', () => {
  let pdf: ReturnType<typeof readPdf>
  beforeAll(async () => {
    pdf = readPdf(await renderDocument('patient-summary', fullAssessment(), fixtureContext()))
  })

  it('fits on one or two pages, numbered', () => {
    expect(pdf.pageCount).toBeGreaterThanOrEqual(1)
    expect(pdf.pageCount).toBeLessThanOrEqual(2)
    pdf.pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pdf.pageCount}`))
  })

  it('speaks to the family: what we found, scores, next steps, who to call', () => {
    expect(pdf.text).toContain('Bright Airway Kids Myofunctional Therapy')
    expect(pdf.text).toContain('Avery Lindqvist-Moreno')
    expect(pdf.text).toContain('What we found')
    expect(pdf.text).toContain('Where the tongue rests: Low, on floor of mouth')
    expect(pdf.text).toContain('Needs attention')
    expect(pdf.text).toContain('What happens next')
    expect(pdf.text).toContain('Talk with your doctor about a sleep study')
    expect(pdf.text).toContain('(503) 555-0142')
  })
})
