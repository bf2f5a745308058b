// Unit: the patient summary's generated text reads at grade 7 or below (Flesch-Kincaid, npm
// `flesch-kincaid` with `syllable`), on the four reference cases (docs/product/documents.md#patient-summary).
// The therapist's own words (chief complaint, sequencing, their own recommendations) are theirs
// and are not measured.
import { describe, expect, it } from 'vitest'
import { fleschKincaid } from 'flesch-kincaid'
import { syllable } from 'syllable'
import { adultAssessment, fullAssessment } from '../fixtures/assessment'
import { jawPainAssessment, strokeAssessment } from '../fixtures/reference-adults'
import { fixtureContext } from '../fixtures/context'
import { patientSummaryModel } from './model'

/** The highest reading grade the family's documents may reach. */
const MAX_GRADE = 7

/** Flesch-Kincaid grade of `text`: sentences end with . ! ? or a line of their own. */
function grade(text: string): number {
  const sentences = text.split(/[.!?]+(?:\s|$)|\n/).filter((s) => /[a-z]/i.test(s))
  const words = text.match(/[a-z][a-z’'-]*/gi) ?? []
  return fleschKincaid({
    sentence: sentences.length,
    word: words.length,
    syllable: words.reduce((n, w) => n + syllable(w), 0),
  })
}

const CASES = {
  child: fullAssessment,
  adult: adultAssessment,
  jaw: jawPainAssessment,
  stroke: strokeAssessment,
}

describe.each(Object.entries(CASES))('the %s summary', (_name, make) => {
  const model = patientSummaryModel(make(), fixtureContext())
  // What the product writes: "In short", the findings' explanations, the next steps, the intro.
  const generated = [
    model.intro,
    ...model.inShort.flatMap((line) => [line.lead, ...line.items]),
    ...model.findings.map((f) => f.meaning),
    ...model.nextSteps.filter((step) => !/^(Yoga|Chew|Bring)/.test(step)),
  ].join('\n')

  it(`reads at grade ${MAX_GRADE} or below`, () => {
    expect(generated.length).toBeGreaterThan(200)
    expect(grade(generated)).toBeLessThanOrEqual(MAX_GRADE)
  })
})

describe('the grade measure', () => {
  it('tells plain words from a referral letter', () => {
    expect(grade('We found jaw pain. See your dentist.')).toBeLessThan(3)
    expect(
      grade(
        'Evaluation demonstrated restricted tongue mobility consistent with ankyloglossia, oral breathing with reduced nasal patency, and an atypical swallowing pattern necessitating otolaryngologic consultation.',
      ),
    ).toBeGreaterThan(12)
  })
})
