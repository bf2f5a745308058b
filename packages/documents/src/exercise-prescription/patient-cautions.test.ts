// Render: the cautions a patient's recorded values call for print on the prescription and the
// after-visit summary, and nothing of them prints for a patient who recorded none
// (docs/product/clinical-content.md#exercise-safety). Text via pdftotext.
import { beforeAll, describe, expect, it } from 'vitest'
import { valuesFromSections } from '@myodocs/shared/domain/assessment-scales'
import {
  BLOOD_PRESSURE_BREATH_HOLD_NOTE,
  CHILD_POST_RELEASE_NOTE,
  SLP_SWALLOW_NOTE,
  safetyFactsFromAssessment,
} from '@myodocs/shared/domain/exercise-safety'
import { fullAssessment } from '../fixtures/assessment'
import { jawPainAssessment, strokeAssessment } from '../fixtures/reference-adults'
import { fixtureContext } from '../fixtures/context'
import { postReleaseExerciseProgram, strokeExerciseProgram } from '../fixtures/exercise-cases'
import { adultExerciseProgram } from '../fixtures/exercise'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'

const context = fixtureContext()
type Pdf = ReturnType<typeof readPdf>

let rx: Pdf
let avs: Pdf
beforeAll(async () => {
  rx = readPdf(await renderDocument('exercise', strokeExerciseProgram(), context))
  avs = readPdf(await renderDocument('after-visit-summary', strokeExerciseProgram(), context))
}, 60_000)

describe('the older adult after a stroke', () => {
  it('prints the SLP’s swallow precautions and the blood-pressure breath-hold caution on both documents', () => {
    for (const pdf of [rx, avs]) {
      expect(pdf.text).toContain('Safety note on swallowing')
      expect(pdf.text).toContain(`For you: ${SLP_SWALLOW_NOTE}`)
      expect(pdf.text).toContain(`For you: ${BLOOD_PRESSURE_BREATH_HOLD_NOTE}`)
      expect(pdf.text).toContain('Do breath holds sitting down, with someone nearby.')
      expect(pdf.text).not.toContain('After the release')
    }
  })
})

describe('the measure taken at a first visit', () => {
  it('prints on the prescription and the after-visit summary, with a log column for it', () => {
    for (const page of [rx.pages[0]!, avs.pages[0]!]) {
      expect(page).toContain('Measured today')
      expect(page).toContain('Control pause: 14 seconds')
    }
    const log = rx.pages.find((page) => page.includes('Practice log'))!
    expect(log).toMatch(/CONTROL PAUSE.*SECONDS/)
  })
})

describe('the child three weeks after a release', () => {
  it('prints the post-operative caution addressed to the child, and the wound stretches', async () => {
    const rx = readPdf(await renderDocument('exercise', postReleaseExerciseProgram(), context))
    expect(rx.text).toContain('Tongue wound stretch (after release)')
    expect(rx.text).toContain('Active wound management')
    expect(rx.text).not.toContain('Measured today')
    expect(rx.text).not.toContain('CONTROL PAUSE')
    expect(rx.text).toContain('After the release')
    expect(rx.text).toContain(`For Mila: ${CHILD_POST_RELEASE_NOTE}`)
    expect(rx.text).not.toContain('Safety note on swallowing')
  }, 60_000)
})

describe('a patient with none of these values recorded', () => {
  it('prints none of the new cautions', async () => {
    const rx = readPdf(await renderDocument('exercise', adultExerciseProgram(), context))
    for (const absent of ['Safety note on swallowing', 'After the release', 'high blood pressure.'])
      expect(rx.text).not.toContain(absent)
  }, 60_000)
})

describe('the reference assessments, taken over by the exercise page', () => {
  const taken = (a: ReturnType<typeof strokeAssessment>) =>
    safetyFactsFromAssessment(
      valuesFromSections(a.sections),
      a.patientData.patientDOB,
      a.patientData.assessmentDate,
      a.patientData,
    )

  it('the stroke case records high blood pressure, the stroke and SLP-managed dysphagia', () => {
    expect(taken(strokeAssessment())).toMatchObject({
      highBloodPressure: true,
      stroke: true,
      dysphagia: true,
      slpSwallowCare: true,
      releaseDate: '',
      olderAdult: true,
    })
  })

  it('the jaw-pain adult and the child with “no frenum release” record none of them', () => {
    for (const a of [jawPainAssessment(), fullAssessment()])
      expect(taken(a)).toMatchObject({
        highBloodPressure: false,
        stroke: false,
        dysphagia: false,
        slpSwallowCare: false,
        releaseDate: '',
      })
  })
})
