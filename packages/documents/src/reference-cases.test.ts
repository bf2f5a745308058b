// Unit: the four documents of the two reference cases, read as their readers would (text via
// pdftotext): the pediatric tongue-tie with mouth breathing and snoring, and the adult open-bite
// relapse with suspected sleep apnea (docs/product/documents.md).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { adultAssessment, fullAssessment, longContentAssessment } from './fixtures/assessment'
import {
  adultExerciseProgram,
  exerciseProgram,
  FIXTURE_VIDEO_LINKS,
  longContentProgram,
} from './fixtures/exercise'
import { fixtureContext } from './fixtures/context'
import { REPORT_HEADINGS } from './assessment-report/model'
import { FAMILY_CATEGORY_NAMES } from './exercise-prescription/model'
import { VISIT_FIELD_TITLES } from './after-visit-summary/model'
import { ASSESSMENT_SECTIONS } from '@myodocs/shared/domain/assessment-sections'
import { valuesFromSections } from '@myodocs/shared/domain/assessment-scales'
import {
  CONTROL_PAUSE_CAUTION_SECONDS,
  safetyFactsFromAssessment,
} from '@myodocs/shared/domain/exercise-safety'
import { epworthWording } from '@myodocs/shared/domain/licensed-wording'
import { britishSpellings } from './testing/us-spelling'
import { lastBodyLines, readPdf, wordsOutsidePage } from './testing/pdf-text'
import { renderDocument } from './render'

const context = fixtureContext({ videoLinks: FIXTURE_VIDEO_LINKS })

/** Every heading the four documents can print: none may be the last line of a page. */
const HEADINGS = new Set([
  // Assessment report
  ...Object.values(REPORT_HEADINGS),
  'Progress since earlier visits',
  ...ASSESSMENT_SECTIONS.map((s) => s.title),
  // Patient summary
  'In short',
  'What we found',
  'What happens next',
  'The order we suggest',
  // Exercise prescription and after-visit summary
  ...Object.values(FAMILY_CATEGORY_NAMES).map((names) => names.title),
  'Words used in this program',
  'What changed',
  'Notes from your therapist',
  'Safety note on breath holds',
  'Safety note on night mouth tape',
  ...Object.values(VISIT_FIELD_TITLES),
  'This visit',
  'Measures against last time',
  'What to practice at home',
  'Next visit',
])

type Pdf = ReturnType<typeof readPdf>
const CASES = {
  child: {
    dob: 'DOB July 19, 2016',
    assessment: fullAssessment,
    program: exerciseProgram,
  },
  adult: {
    dob: 'DOB November 2, 1972',
    assessment: adultAssessment,
    program: adultExerciseProgram,
  },
} as const
const KINDS: readonly DocumentKind[] = [
  'assessment',
  'patient-summary',
  'exercise',
  'after-visit-summary',
]

const rendered: Record<string, Pdf> = {}
const pdf = (name: keyof typeof CASES, kind: DocumentKind) => rendered[`${name}/${kind}`]!

beforeAll(async () => {
  for (const [name, reference] of Object.entries(CASES))
    for (const kind of KINDS) {
      const request =
        kind === 'assessment' || kind === 'patient-summary'
          ? reference.assessment()
          : reference.program()
      rendered[`${name}/${kind}`] = readPdf(await renderDocument(kind, request as never, context))
    }
}, 180_000)

describe.each(Object.keys(CASES) as (keyof typeof CASES)[])('the %s reference case', (name) => {
  it('names the patient and the date of birth at the top of every page of every document', () => {
    for (const kind of KINDS)
      pdf(name, kind).pages.forEach((page, index) =>
        expect(page, `${kind} page ${index + 1}`).toMatch(
          new RegExp(`^\\S.* · ${CASES[name].dob} · `),
        ),
      )
  })

  it('never ends a page with a heading, and keeps every line inside the page', () => {
    for (const kind of KINDS) {
      lastBodyLines(pdf(name, kind)).forEach((line, index) =>
        expect(HEADINGS.has(line), `${kind} page ${index + 1} ends with "${line}"`).toBe(false),
      )
      expect(wordsOutsidePage(pdf(name, kind)), kind).toEqual([])
      // No hyphen is inserted after a whole word: a band "(13–15)" followed by its caveat broke
      // as "(13–15)-" where two spaces separated them.
      expect(
        pdf(name, kind).rawLines.filter((line) => /[)\d.,;:%]-$/.test(line)),
        kind,
      ).toEqual([])
    }
  })

  it('tells the referring provider on page 1 what was found and who should act', () => {
    const first = pdf(name, 'assessment').pages[0]!
    for (const heading of ['Impression', 'Key findings', 'Recommendations', 'WHO SHOULD ACT'])
      expect(first).toContain(heading)
    expect(first).toMatch(/Referring provider: refer to|Physician: order a sleep study/)
    // With the details printed beside each recommendation, a long Impression lets the list run
    // onto page 2, still before the history.
    const firstTwo = pdf(name, 'assessment').pages.slice(0, 2).join(' ')
    expect(firstTwo).toMatch(/Re-evaluation in \d+ weeks .* History/)
  })

  it('signs the report electronically on a page that carries more than the signature', () => {
    const report = pdf(name, 'assessment')
    const last = report.pageLines[report.pageCount - 1]!
    expect(report.text).toContain('Electronically signed by Dana Whitfield, RDH, COM on')
    expect(report.text).not.toMatch(/_{5,}|Signature:/)
    // The running header, the signature and its credential, the footer: and something else.
    const body = last.filter(
      (line) =>
        !/^Electronically signed|^License\/credential|Confidential: contains|^Page \d+ of|· DOB /.test(
          line,
        ),
    )
    expect(body.length).toBeGreaterThan(0)
  })

  it('gives the family a summary of at most two pages that opens with why they came', () => {
    const summary = pdf(name, 'patient-summary')
    expect(summary.pageCount).toBeLessThanOrEqual(2)
    expect(summary.pages[0]).toMatch(
      /In short What brought (Avery|you) here: .* About this, we found: • .*open bite/,
    )
    expect(summary.text).not.toMatch(/\breport\b/i)
    expect(summary.text).toMatch(/Come back for a re-evaluation in \d+ weeks/)
  })

  it('says how to do every exercise, with the cautions for this patient', () => {
    const program = pdf(name, 'exercise')
    const count = Number(/Your program has (\d+) exercises/.exec(program.text)?.[1])
    expect(program.text.match(/How many: /g)).toHaveLength(count)
    expect(program.text.match(/Done right when: /g)).toHaveLength(count)
    expect(program.text).toContain('Safety note on breath holds')
    expect(program.text).toContain('Safety note on night mouth tape')
    expect(program.text).toMatch(/Practice log: until your visit on \w+ \d+, 2026/)
    // Every link under a QR code reads as it is typed: no hyphen inserted where it wraps.
    const selected = CASES[name].program().exercises.filter((e) => e.selected)
    const links = selected.flatMap((e) => FIXTURE_VIDEO_LINKS[e.exerciseId] ?? [])
    expect(links.length).toBeGreaterThan(0)
    expect(program.text.match(/Scan to watch, or type:/g)).toHaveLength(links.length)
    // pdftotext's default output joins a word hyphenated at a line end; its raw output does not.
    const joined = program.rawPages.join('').replace(/\s/g, '')
    for (const url of links) expect(joined).toContain(url.replace('https://', ''))
  })

  it('prints no Epworth item wording in any document', () => {
    for (const kind of KINDS) expect(epworthWording(pdf(name, kind).text), kind).toEqual([])
  })

  it('prints US spelling in every document ("License/credential no.")', () => {
    for (const kind of KINDS) expect(britishSpellings(pdf(name, kind).text), kind).toEqual([])
  })

  it('prints the control pause with what its band means, not a bare range', () => {
    expect(pdf(name, 'assessment').text).toMatch(
      /Control pause \(BOLT\) \d+ ?s Very short \(under 10 s\) Buteyko-community scale/,
    )
  })

  it('is one patient: the program follows the assessment and carries its measures on', () => {
    const assessment = CASES[name].assessment()
    const program = CASES[name].program()
    const { patientData: p } = assessment
    const { sessionData: s } = program
    expect([s.patientFirstName, s.patientLastName, s.patientDOB]).toEqual([
      p.patientFirstName,
      p.patientLastName,
      p.patientDOB,
    ])
    expect(s.sessionDate > p.assessmentDate).toBe(true)
    const facts = safetyFactsFromAssessment(
      valuesFromSections(assessment.sections),
      p.patientDOB,
      p.assessmentDate,
    )
    // The control pause at the assessment is the earlier value the visit's measures refer to
    // (or the same, when not taken again), and both are short enough for the breath-hold caution.
    const earlier = facts.controlPauseSeconds!
    expect(earlier).toBeLessThan(CONTROL_PAUSE_CAUTION_SECONDS)
    expect(s.safety.controlPauseSeconds!).toBeLessThan(CONTROL_PAUSE_CAUTION_SECONDS)
    if (s.safety.controlPauseSeconds === earlier)
      expect(s.visit.measures).toContain(`Control pause ${earlier} seconds`)
    else
      expect(s.visit.measures).toContain(
        `Control pause ${s.safety.controlPauseSeconds} seconds (was ${earlier} at the assessment)`,
      )
    // Whatever else the assessment recorded for the safety rules, the program recorded alike.
    for (const measure of ['asthma', 'stopBang', 'ahi', 'lowestSpO2'] as const)
      if (s.safety[measure] !== null && s.safety[measure] !== false)
        expect(s.safety[measure], measure).toEqual(facts[measure])
  })
})

describe('the reference cases read differently for a child and an adult', () => {
  it('cautions the child’s family by name and the adult in person', () => {
    expect(pdf('child', 'exercise').text).toContain(
      'For Avery: An adult watches every breath hold.',
    )
    const adult = pdf('adult', 'exercise').text
    expect(adult).toContain('For you: Keep breath holds short and gentle')
    expect(adult).toContain(
      'For you: Do not start night mouth tape until a doctor has checked for sleep apnea',
    )
    expect(pdf('adult', 'after-visit-summary').text).toContain(
      'Today was session 2 of your myofunctional therapy.',
    )
    expect(pdf('child', 'after-visit-summary').text).toContain(
      'Today was session 3 of Avery’s myofunctional therapy.',
    )
  })

  it('prints the adult’s Epworth as the total entered, its band and its source', () => {
    const report = pdf('adult', 'assessment').text
    expect(report).toContain('Epworth Sleepiness Scale')
    expect(report).toContain('14 / 24')
    expect(report).toContain('Moderate excessive daytime sleepiness (13–15)')
    expect(report).toMatch(/Source: Johns 1991/)
  })

  it('prints on the after-visit summary only the visit fields the therapist filled in', () => {
    // The adult's progress notes were left empty: no "Progress" heading, nothing invented.
    const adult = pdf('adult', 'after-visit-summary').text
    expect(adult).toContain('What we worked on')
    expect(adult).not.toMatch(/\bProgress\b/)
    expect(adult).not.toMatch(/practiced and reviewed/i)
  })
})

describe('no Epworth item wording anywhere', () => {
  it('in the documents of the richest and the longest fixtures', async () => {
    const outputs = await Promise.all([
      renderDocument('assessment', fullAssessment({ everyItem: true }), context),
      renderDocument('patient-summary', fullAssessment({ everyItem: true }), context),
      renderDocument('assessment', longContentAssessment(), context),
      renderDocument('exercise', longContentProgram(), context),
    ])
    const [every] = outputs.map(readPdf)
    // The every-item fixture records an Epworth total: the scale prints, its items never do.
    expect(every!.text).toContain('Epworth Sleepiness Scale')
    for (const output of outputs) expect(epworthWording(readPdf(output).text)).toEqual([])
  }, 120_000)

  it('in the source of the app, the server and the documents', () => {
    const root = new URL('../../../', import.meta.url).pathname
    const files = [
      'apps/web/src',
      'apps/server/src',
      'packages/shared/src',
      'packages/documents/src',
    ]
      .flatMap((dir) => sourceFiles(join(root, dir)))
      // The tests name the wording to look for it.
      .filter((file) => !/\.test\.tsx?$|licensed-wording\.ts$/.test(file))
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) =>
      epworthWording(readFileSync(file, 'utf8')).map((pattern) => `${file}: ${pattern}`),
    )
    expect(found).toEqual([])
  })
})

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path)
    return /\.(ts|tsx|json|md|html|css)$/.test(entry) ? [path] : []
  })
}
