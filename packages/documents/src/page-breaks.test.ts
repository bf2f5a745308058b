// Unit: page breaks of the home documents (text via pdftotext): long strings wrap inside the page
// and no heading ends a page, for the reference fixtures and a long-content one.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  fullAssessment,
  longContentAssessment,
  longSequencingAssessment,
} from './fixtures/assessment'
import { fixtureContext } from './fixtures/context'
import { exerciseProgram, FIXTURE_VIDEO_LINKS, longContentProgram } from './fixtures/exercise'
import { FAMILY_CATEGORY_NAMES } from './exercise-prescription/model'
import { VISIT_FIELD_TITLES } from './after-visit-summary/model'
import { bodyLines, lastBodyLines, readPdf, wordsOutsidePage } from './testing/pdf-text'
import { renderDocument } from './render'

const context = fixtureContext({ videoLinks: FIXTURE_VIDEO_LINKS })
const categoryTitles = Object.values(FAMILY_CATEGORY_NAMES).map((names) => names.title)

/** The headings each home document can print, for the orphan check. */
const HEADINGS = {
  exercise: new Set([
    ...categoryTitles,
    'Words used in this program',
    'What changed',
    'Notes from your therapist',
  ]),
  'after-visit-summary': new Set([
    ...categoryTitles,
    ...Object.values(VISIT_FIELD_TITLES),
    'This visit',
    'What to practice at home',
    'Next visit',
  ]),
  'patient-summary': new Set([
    'In short',
    'What we found',
    'What happens next',
    'The order we suggest',
  ]),
}

const LONG_SURNAME = 'Wolfeschlegelsteinhausenbergerdorff-Lindqvist'

describe.each([
  ['exercise', 'the 20-exercise prescription'],
  ['after-visit-summary', 'the after-visit summary'],
] as const)('%s', (kind, name) => {
  let regular: ReturnType<typeof readPdf>
  let long: ReturnType<typeof readPdf>
  beforeAll(async () => {
    ;[regular, long] = await Promise.all([
      renderDocument(kind, exerciseProgram(), context).then(readPdf),
      renderDocument(kind, longContentProgram(), context).then(readPdf),
    ])
  }, 90_000)

  it(`never ends a page of ${name} with a heading`, () => {
    expect(regular.pageCount).toBeGreaterThan(kind === 'exercise' ? 5 : 0)
    lastBodyLines(regular).forEach((line) => expect(HEADINGS[kind].has(line)).toBe(false))
    lastBodyLines(long).forEach((line) => expect(HEADINGS[kind].has(line)).toBe(false))
  })

  it(`wraps long surnames, URLs and 4,000-character notes inside the page of ${name}`, () => {
    expect(long.pageCount).toBeGreaterThan(regular.pageCount)
    expect(wordsOutsidePage(long)).toEqual([])
    expect(long.text).toContain(LONG_SURNAME)
    // The notes are printed to their end: nothing is cut off at the foot of a page.
    const notes = longContentProgram().sessionData.additionalNotes.replace(/\s/g, '')
    expect(long.text.replace(/\s/g, '')).toContain(notes.slice(-300))
  })
})

describe('the patient summary', () => {
  it('wraps long strings inside the page and never ends a page with a heading', async () => {
    const [regular, long] = await Promise.all([
      renderDocument('patient-summary', fullAssessment(), fixtureContext()).then(readPdf),
      renderDocument('patient-summary', longContentAssessment(), fixtureContext()).then(readPdf),
    ])
    expect(wordsOutsidePage(long)).toEqual([])
    expect(long.text).toContain(LONG_SURNAME)
    for (const pdf of [regular, long])
      lastBodyLines(pdf).forEach((line) =>
        expect(HEADINGS['patient-summary'].has(line)).toBe(false),
      )
  }, 90_000)
})

describe('a heading before a paragraph too long to keep whole with it', () => {
  it('takes the paragraph’s first lines along, or moves to the next page', async () => {
    const heading = 'The order we suggest'
    // The first paragraph of the sequencing is over 400 characters; each of the therapist's own
    // recommendations before it moves the heading a line down page 1, past its foot.
    const pdfs = await Promise.all(
      [0, 1, 2, 3].map((own) =>
        renderDocument('patient-summary', longSequencingAssessment(own), fixtureContext()).then(
          readPdf,
        ),
      ),
    )
    const placements = pdfs.map((pdf) => {
      const pages = bodyLines(pdf)
      const page = pages.findIndex((lines) => lines.includes(heading))
      const lines = pages[page]!
      return { page, after: lines.slice(lines.indexOf(heading) + 1) }
    })
    for (const { after } of placements) {
      // At least the two lines react-pdf keeps of a paragraph at a page break.
      expect(after.length).toBeGreaterThanOrEqual(2)
      expect(after[0]).toMatch(/^Start with the sleep physician/)
    }
    // The sweep crosses the foot of page 1: the heading stays there with its first lines, then
    // moves to page 2 with them.
    expect(placements.map((p) => p.page)).toContain(0)
    expect(placements.map((p) => p.page)).toContain(1)
    expect(placements.some((p, i) => p.page === 0 && pdfs[i]!.pageCount === 2)).toBe(true)
  }, 90_000)
})
