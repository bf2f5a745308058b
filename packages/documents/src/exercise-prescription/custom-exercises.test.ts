// Render: a practice's own exercise prints on the prescription like a catalog one (steps, how many,
// done right when, the note, its demo video's QR code), counts in the practice log's minutes, and
// is listed on the after-visit summary (docs/product/clinical-content.md#custom-exercises). Text
// via pdftotext.
import { beforeAll, describe, expect, it } from 'vitest'
import { fixtureContext } from '../fixtures/context'
import { postReleaseWithCustomProgram } from '../fixtures/exercise-cases'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { exercisePrescriptionModel } from './model'

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
