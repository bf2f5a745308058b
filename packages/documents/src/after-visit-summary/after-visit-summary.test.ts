// Unit: the after-visit summary's view model and the rendered PDF (text via pdftotext).
import { describe, expect, it } from 'vitest'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import {
  adultExerciseProgram,
  exerciseProgram,
  exerciseProgramInput,
  FIXTURE_VIDEO_LINKS,
} from '../fixtures/exercise'
import { fixtureContext } from '../fixtures/context'
import { bodyLines, readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { afterVisitSummaryModel, NOTES_TITLE } from './model'
import { strokeExerciseProgram } from '../fixtures/exercise-cases'

const context = fixtureContext({ videoLinks: FIXTURE_VIDEO_LINKS })

describe('afterVisitSummaryModel', () => {
  it('ties the visit together: today, the exercises assigned, the next visit', () => {
    const model = afterVisitSummaryModel(exerciseProgram(), context)
    expect(model.visit).toEqual({
      date: 'March 5, 2026',
      number: 3,
      with: 'Dana Whitfield, RDH, COM',
    })
    expect(model.today).toBe('Today was session 3 of Avery’s myofunctional therapy.')
    expect(model.thisVisit.map((v) => v.title)).toEqual([
      'What we worked on',
      'What we saw',
      'Measures taken today',
      'Progress',
      'Changes to the program',
    ])
    expect(model.thisVisit[2]!.text).toBe('Control pause 8 seconds (was 6 at the assessment).')
    expect(model.assigned.flatMap((c) => c.exercises)).toHaveLength(20)
    expect(model.nextVisit).toBe('Thursday, March 19, 2026')
    expect(model.breathHoldCaution).not.toBeNull()
    expect(model.nightTapeCaution).not.toBeNull()
    expect(model.patientCautions).toHaveLength(2)
  })

  it('speaks to an adult patient as “you”', () => {
    const adult = afterVisitSummaryModel(adultExerciseProgram(), context)
    expect(adult.today).toBe('Today was session 2 of your myofunctional therapy.')
    expect(adult.cautionsFor).toBe('For you')
    expect(adult.patientCautions).toEqual([
      {
        kind: 'breath_hold',
        text: 'Keep breath holds short and gentle, stop at the first air hunger, and stop completely with wheezing, dizziness, a headache or a racing heart.',
      },
      {
        kind: 'night_tape',
        text: 'Do not start night mouth tape until a doctor has checked for sleep apnea and said it is safe.',
      },
    ])
    // The progress notes were left empty: no title for them.
    expect(adult.thisVisit.map((v) => v.title)).not.toContain('Progress')
  })

  it('prints nothing about the visit that the therapist did not enter', () => {
    const input = exerciseProgramInput()
    input.sessionData.visit = {
      workedOn: '',
      observations: '  ',
      measures: 'Control pause 12 seconds.',
      progressNotes: '',
      programChanges: '',
    }
    const model = afterVisitSummaryModel(ExerciseDocumentRequestSchema.parse(input), context)
    expect(model.thisVisit).toEqual([
      { title: 'Measures taken today', text: 'Control pause 12 seconds.' },
    ])
    expect(model.today).not.toMatch(/practiced|reviewed/)
  })

  it('compares the measures taken today with last time, only those taken both times', () => {
    const input = exerciseProgramInput()
    input.sessionData.safety = {
      ...input.sessionData.safety,
      controlPauseSeconds: 8,
      asthma: false,
      stopBang: 4,
      ahi: null,
      lowestSpO2: 93,
    }
    input.previousMeasures = [
      { measure: 'controlPauseSeconds', value: 6, date: '2026-02-19' },
      { measure: 'stopBang', value: 4, date: '2026-02-19' },
      { measure: 'ahi', value: 9, date: '2026-02-19' },
      { measure: 'lowestSpO2', value: 95, date: '2026-01-22' },
    ]
    const model = afterVisitSummaryModel(ExerciseDocumentRequestSchema.parse(input), context)
    expect(model.againstLastTime).toEqual([
      {
        name: 'Control pause',
        today: '8 s',
        lastTime: '6 s on February 19, 2026',
        direction: 'improved',
      },
      {
        name: 'STOP-BANG',
        today: '4 / 8',
        lastTime: '4 / 8 on February 19, 2026',
        direction: 'unchanged',
      },
      {
        name: 'Lowest SpO2',
        today: '93%',
        lastTime: '95% on January 22, 2026',
        direction: 'worse',
      },
    ])
    // Nothing brought in: nothing compared.
    expect(afterVisitSummaryModel(exerciseProgram(), context).againstLastTime).toEqual([])
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
    expect(pdf.pages[0]).toContain('Date of birth')
    expect(pdf.text).toContain('This visit')
    expect(pdf.text).toContain('What we worked on Lip seal at rest and the tongue-up swallow.')
    expect(pdf.text).toContain('Changes to the program Added the step swallow drill')
    expect(pdf.text).toContain('What to practice at home')
    expect(pdf.text).not.toContain('We practiced and reviewed')
    expect(pdf.text).toContain('Great progress on lip seal this week.')
    expect(pdf.text).toContain('Spot hold open–close')
    expect(pdf.text).toContain('Posture reminders')
    expect(pdf.text).toContain('total exercise time: 31 minutes per practice session')
    expect(pdf.text).toContain('Thursday, March 19, 2026')
    pdf.pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pdf.pageCount}`))
    expect(pdf.text).not.toContain('Measures against last time')
  })

  it('fits the 20-exercise program on two pages, the next visit on a page with what precedes it', async () => {
    const pdf = readPdf(await renderDocument('after-visit-summary', exerciseProgram(), context))
    expect(pdf.pageCount).toBe(2)
    expect(linesBefore(pdf, 'Next visit')).toContain('Safety note on night mouth tape')
  })

  it('turns the page before the block that precedes the next visit, never right before it', async () => {
    // Notes one paragraph longer or more: the next visit no longer fits on page 2.
    const longer = (paragraphs: number) => {
      const input = exerciseProgramInput()
      input.sessionData.additionalNotes +=
        '\n\nKeep the water swallows slow this week and check the tongue in the mirror before each one, as we practiced at the visit today.'.repeat(
          paragraphs,
        )
      return ExerciseDocumentRequestSchema.parse(input)
    }
    for (const paragraphs of [1, 3]) {
      const pdf = readPdf(await renderDocument('after-visit-summary', longer(paragraphs), context))
      expect(pdf.pageCount).toBe(3)
      // The night-tape caution, the last block of what to practice, goes over with it.
      expect(linesBefore(pdf, 'Next visit')[0]).toBe('Safety note on night mouth tape')
    }
  }, 60_000)

  it('prints the measures against last time on page 1 when an earlier document was brought in', async () => {
    const input = exerciseProgramInput()
    input.previousMeasures = [{ measure: 'controlPauseSeconds', value: 6, date: '2026-02-19' }]
    const request = ExerciseDocumentRequestSchema.parse(input)
    const pdf = readPdf(await renderDocument('after-visit-summary', request, context))
    expect(pdf.pages[0]).toContain('Measures against last time')
    expect(pdf.pages[0]).toMatch(/Control pause: 8 s today, 6 s on February 19, 2026:\s+improved/)
  })
})

/**
 * The body lines before the last `heading` on its page, the running header (patient and practice)
 * aside: what shares that page with it.
 */
function linesBefore(pdf: ReturnType<typeof readPdf>, heading: string): string[] {
  const page = bodyLines(pdf).findLast((lines) => lines.includes(heading))!
  return page
    .slice(0, page.lastIndexOf(heading))
    .filter((line) => !line.includes(' · DOB ') && line !== context.business.name)
}

describe('closing lines and notes', () => {
  it('says "a few minutes" only of a short program, and the minutes of a long one', () => {
    const long = afterVisitSummaryModel(strokeExerciseProgram(), context)
    expect(long.reminders).toContain(
      'Practice every day: 10 minutes per practice session, plus 25 minutes of passive practice once a day.',
    )
    expect(long.reminders.join(' ')).not.toContain('a few minutes')
    const input = exerciseProgramInput()
    const keep = new Set(['spot_taps', 'button_pull'])
    input.exercises = input.exercises.map((e) => ({ ...e, selected: keep.has(e.exerciseId) }))
    const short = afterVisitSummaryModel(ExerciseDocumentRequestSchema.parse(input), context)
    expect(short.reminders).toContain(
      'Short, regular practice works best: a few minutes, every day.',
    )
  })

  it('prints the additional notes under their own heading, after the visit fields', async () => {
    const pdf = readPdf(await renderDocument('after-visit-summary', exerciseProgram(), context))
    expect(pdf.text).toMatch(
      new RegExp(
        `Changes to the program .*? ${NOTES_TITLE} Great progress on lip seal this week\\.`,
      ),
    )
  }, 60_000)
})
