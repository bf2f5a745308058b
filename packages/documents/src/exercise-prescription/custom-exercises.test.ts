// Render: a practice's own exercise prints on the prescription like a catalog one (steps, how many,
// done right when, the note, its demo video's QR code), counts in the practice log's minutes, and
// is listed on the after-visit summary; a measured one gets its own log column and its reading at
// the visit beside the control pause's (docs/product/clinical-content.md#custom-exercises). Text
// via pdftotext.
import { beforeAll, describe, expect, it } from 'vitest'
import { fixtureContext } from '../fixtures/context'
import {
  postReleaseWithCustomProgram,
  strokeWithMeasuredCustomProgram,
} from '../fixtures/exercise-cases'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { exercisePrescriptionModel, programMeasures } from './model'

const context = fixtureContext()
type Pdf = ReturnType<typeof readPdf>

let rx: Pdf
let avs: Pdf
beforeAll(async () => {
  rx = readPdf(await renderDocument('exercise', postReleaseWithCustomProgram(), context))
  avs = readPdf(
    await renderDocument('after-visit-summary', postReleaseWithCustomProgram(), context),
  )
}, 60_000)

describe('a custom exercise in a post-release program', () => {
  it('prints its steps, how many, done right when, the note and its demo link beside the catalog’s wound stretches', () => {
    const text = rx.text
    expect(text).toContain('Tongue wound stretch (after release)')
    expect(text).toContain('Floor-of-mouth massage')
    expect(text).toContain('2 minutes · 2× daily')
    expect(text).toContain('1 Wash your hands.')
    expect(text).toMatch(
      /2 With one finger, rub gently in small circles under the tongue, beside the wound, never on it\./,
    )
    expect(text).toContain('3 Finish with three slow tongue lifts to the spot.')
    expect(text).toContain('How many: 1 minute of circles, then 3 lifts')
    expect(text).toContain(
      'Done right when: The area under the tongue feels soft and your child stays relaxed.',
    )
    expect(text).toContain('Note from your therapist: Use the soft finger brush from the visit.')
    expect(text).toContain('Scan to watch, or type:')
    expect(text).toContain('floor-of-mouth-massage')
    expect(text).toContain('After the release')
  })

  it('counts in the practice log like the catalog’s exercises', () => {
    const model = exercisePrescriptionModel(postReleaseWithCustomProgram(), context)
    // Wound stretch 1 + active wound management 2 + suction-hold opening 2 + spot taps 1 + 2.
    expect(model.time.activeMinutes).toBe(8)
    const log = rx.pages.find((page) => page.includes('Practice log'))!
    expect(log).toContain('8 minutes per practice session')
    expect(log).toContain('SESSION 3')
  })

  it('is listed among the exercises assigned on the after-visit summary', () => {
    expect(avs.text).toContain('Floor-of-mouth massage')
    expect(avs.text).toContain('8 minutes per practice session')
  })
})

describe('measured custom exercises in a first-visit program', () => {
  it('each get a log column named as the exercise prints, after the catalog’s, and their reading today', () => {
    const request = strokeWithMeasuredCustomProgram()
    expect(programMeasures(request)).toEqual([
      { column: 'Control pause seconds', today: null },
      { column: 'Tongue-tip hold seconds', today: 'Tongue-tip hold: 12 seconds' },
      { column: 'Lip pops count', today: null },
    ])
    const model = exercisePrescriptionModel(request, context)
    expect(model.practiceLog.measures).toEqual([
      'Control pause seconds',
      'Tongue-tip hold seconds',
      'Lip pops count',
    ])
    expect(model.measuredToday).toBe('Control pause: 14 seconds; Tongue-tip hold: 12 seconds')
  })

  it('get none when unticked, not measured, or renamed only in print', () => {
    const request = strokeWithMeasuredCustomProgram()
    const [hold, pops] = request.exercises.slice(-2)
    hold!.exerciseName = 'Tip hold on the spot'
    hold!.measuredToday = 1
    pops!.selected = false
    const model = exercisePrescriptionModel(request, context)
    expect(model.practiceLog.measures).toEqual([
      'Control pause seconds',
      'Tip hold on the spot seconds',
    ])
    expect(model.measuredToday).toContain('Tip hold on the spot: 1 second')
    hold!.custom = { ...hold!.custom!, measureUnit: '' }
    expect(exercisePrescriptionModel(request, context).practiceLog.measures).toEqual([
      'Control pause seconds',
    ])
  })

  it('print their reading today on the after-visit summary too', async () => {
    const pdf = readPdf(
      await renderDocument('after-visit-summary', strokeWithMeasuredCustomProgram(), context),
    )
    expect(pdf.pages[0]).toMatch(/Control pause: 14 seconds; Tongue-tip hold: 12\s+seconds/)
  })

  it('print their columns on the log page and their reading among the facts of page 1', async () => {
    const pdf = readPdf(
      await renderDocument('exercise', strokeWithMeasuredCustomProgram(), context),
    )
    expect(pdf.pages[0]).toContain('Measured today')
    expect(pdf.pages[0]).toMatch(/Control pause: 14 seconds; Tongue-tip hold: 12\s+seconds/)
    const logPage = pdf.pages.findIndex((page) => page.includes('Practice log')) + 1
    // Drawing order keeps each column's wrapped title whole.
    const log = pdf.rawPages[logPage - 1]!
    expect(log).toContain(
      'CONTROL PAUSE SECONDS TONGUE-TIP HOLD SECONDS LIP POPS COUNT HOW DID IT GO?',
    )
    // The log stays one page, and nothing on it runs past the page's edge.
    const words = pdf.words.filter((w) => w.page === logPage)
    expect(words.every((w) => w.xMax <= w.pageWidth - 40)).toBe(true)
    expect(pdf.pages.filter((page) => page.includes('Day 14'))).toHaveLength(1)
  })
})
