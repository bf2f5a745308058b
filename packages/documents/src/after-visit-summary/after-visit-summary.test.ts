// Unit: the after-visit summary's view model and the rendered PDF (text via pdftotext).
import { describe, expect, it } from 'vitest'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { exerciseProgram, exerciseProgramInput, FIXTURE_VIDEO_LINKS } from '../fixtures/exercise'
import { fixtureContext } from '../fixtures/context'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { afterVisitSummaryModel } from './model'

const context = fixtureContext({ videoLinks: FIXTURE_VIDEO_LINKS })

describe('afterVisitSummaryModel', () => {
  it('ties the visit together: today, the exercises assigned, the next visit', () => {
    const model = afterVisitSummaryModel(exerciseProgram(), context)
    expect(model.visit).toEqual({
      date: 'March 5, 2026',
      number: 3,
      with: 'Dana Whitfield, RDH, COM',
    })
    expect(model.today).toContain('session 3 of Avery’s myofunctional therapy')
    expect(model.today).toContain('20 exercises')
    expect(model.today).toContain(
      '(moving the tongue without the jaw, lips and cheeks, tongue strength and resting position, swallowing, the soft palate, breathing and passive practice)',
    )
    expect(model.assigned.flatMap((c) => c.exercises)).toHaveLength(20)
    expect(model.nextVisit).toBe('Thursday, March 19, 2026')
    expect(model.breathHoldCaution).not.toBeNull()
  })

  it('says the next visit is to be scheduled when there is no follow-up date', () => {
    const input = exerciseProgramInput()
    input.sessionData.followUpDate = ''
    const model = afterVisitSummaryModel(ExerciseDocumentRequestSchema.parse(input), context)
    expect(model.nextVisit).toBe('To be scheduled')
  })
})

describe('the after-visit summary', () => {
  it('prints the visit, every exercise assigned, the total time and the next visit', async () => {
    const pdf = readPdf(await renderDocument('after-visit-summary', exerciseProgram(), context))
    expect(pdf.text).toContain('After-Visit Summary')
    expect(pdf.text).toContain('Bright Airway Kids Myofunctional Therapy')
    expect(pdf.text).toContain('Avery Lindqvist-Moreno')
    expect(pdf.text).toContain('What we did today')
    expect(pdf.text).toContain('Great progress on lip seal this week.')
    expect(pdf.text).toContain('Spot hold open–close')
    expect(pdf.text).toContain('Posture reminders')
    expect(pdf.text).toContain('total exercise time: 31 minutes per practice session')
    expect(pdf.text).toContain('Thursday, March 19, 2026')
    pdf.pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pdf.pageCount}`))
  })
})
