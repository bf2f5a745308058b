// Unit: the report and the summary of the jaw-pain and the stroke reference cases, read as their
// readers would (text via pdftotext): page 1 answers the reason for referral, and nothing names a
// finding the recorded values suppress (docs/product/clinical-content.md#main-problems).
import { beforeAll, describe, expect, it } from 'vitest'
import { jawPainAssessment, strokeAssessment } from './fixtures/reference-adults'
import { fixtureContext } from './fixtures/context'
import { readPdf } from './testing/pdf-text'
import { renderDocument } from './render'

type Pdf = ReturnType<typeof readPdf>
const docs: Record<string, Pdf> = {}

beforeAll(async () => {
  for (const [name, make] of Object.entries({ jaw: jawPainAssessment, stroke: strokeAssessment }))
    for (const kind of ['assessment', 'patient-summary'] as const)
      docs[`${name}/${kind}`] = readPdf(await renderDocument(kind, make(), fixtureContext()))
}, 180_000)

const report = (name: string) => docs[`${name}/assessment`]!
const summary = (name: string) => docs[`${name}/patient-summary`]!

describe('the adult with jaw pain, clenching and a normal tongue (17 mm free tongue)', () => {
  it('answers the reason for referral on page 1 of the report', () => {
    const first = report('jaw').pages[0]!
    expect(first).toMatch(/REASON FOR REFERRAL.*Jaw pain and clenching with a click/)
    const findings = first.slice(first.indexOf('Key findings'), first.indexOf('Recommendations'))
    for (const finding of [
      'Jaw/face pain now: 5/10',
      'Tender to palpation left',
      'Joint sounds — left: Click on opening',
      'Daytime clenching',
    ])
      expect(findings).toContain(finding)
    // The therapist's condition prints with the referral.
    // (pdftotext reads the "who should act" column into the wrapped line.)
    expect(first).toMatch(
      /Consult with an ENT doctor · If nasal congestion persists after 8 .*weeks of nasal hygiene/,
    )
  })

  it('opens the summary with why she came and what was found about it', () => {
    const first = summary('jaw').pages[0]!
    expect(first).toMatch(
      /In short What brought you here: Jaw pain and clenching.* About this, we found: • jaw pain • jaw joint clicking • sore chewing muscles • clenching or grinding the teeth/,
    )
    expect(summary('jaw').text).toContain(
      'If nasal congestion persists after 8 weeks of nasal hygiene: see an ear, nose and throat (ENT) doctor',
    )
  })

  it('follows the therapist’s sequencing: therapy now, then the TMD specialist, then the splint', () => {
    const text = summary('jaw').text
    const at = (words: string) => text.indexOf(words)
    expect(at('Start myofunctional therapy')).toBeLessThan(at('See a jaw pain (TMD)'))
    expect(at('See a jaw pain (TMD)')).toBeLessThan(at('mouth appliances (splints)'))
    expect(text).not.toMatch(/before starting active exercises/)
  })

  it('never names a tongue-tie, mouth breathing or snoring as a finding', () => {
    for (const pdf of [report('jaw'), summary('jaw')]) {
      expect(pdf.text).not.toMatch(/tongue-tie|ankyloglossia|mouth breathing/i)
      expect(pdf.text).not.toMatch(/signs of a breathing problem|snoring most nights/i)
    }
  })
})

describe('the older adult after a stroke, referred by his speech-language pathologist', () => {
  it('answers the reason for referral on page 1 of the report', () => {
    const first = report('stroke').pages[0]!
    const findings = first.slice(first.indexOf('Key findings'), first.indexOf('Recommendations'))
    for (const finding of [
      'Drooling: Day and night',
      'Choking / coughing with food or drink: Often',
      'Lip posture at rest: Apart',
      'Residue after swallow: Side sulci',
    ])
      expect(findings).toContain(finding)
  })

  it('prints his IOPI value beside the adult reference for his age, and no finding from it', () => {
    const text = report('stroke').text.replace(/\s+/g, ' ')
    expect(text).toMatch(
      /Tongue strength \(IOPI\) 28 kPa; below the adult reference: 95 % of healthy adults exceed 34 kPa, average about 56 kPa over age 60 \(IOPI Medical normal values\)/,
    )
    expect(summary('stroke').text).not.toMatch(/IOPI|kPa/)
  })

  it('asks the referring SLP to continue, not to refer to an SLP', () => {
    const first = report('stroke').pages[0]!
    expect(first).toContain(
      'Continue swallow therapy with the referring speech-language pathologist',
    )
    expect(report('stroke').text).not.toMatch(/refer to a speech language pathologist/i)
    expect(summary('stroke').text).toContain(
      'Keep seeing your speech-language pathologist for swallow therapy.',
    )
  })

  it('opens the summary with why he came, and keeps a screening total a screen', () => {
    const first = summary('stroke').pages[0]!
    expect(first).toMatch(
      /What brought you here: Drooling during the day.* About this, we found: • lips that rest apart • drooling • coughing or choking on food or drink/,
    )
    expect(first).toContain(
      'The answers to a sleep questionnaire (STOP-BANG) are worth discussing with your doctor. A questionnaire is a screen, not a diagnosis.',
    )
  })

  it('prints STOP-BANG as its total, band and source, never a criterion', () => {
    const text = report('stroke').text
    expect(text).toMatch(/STOP-BANG 4 \/ 8 Intermediate risk \(3–4\)/)
    expect(text).toContain('Source: Chung et al. 2008, University Health Network (stopbang.ca)')
    expect(text).not.toMatch(/STOP-BANG: |Tired during the daytime|Male gender/)
  })

  it('never names mouth breathing, and speaks to an adult', () => {
    for (const pdf of [report('stroke'), summary('stroke')]) {
      expect(pdf.text).not.toMatch(/mouth breathing|oral breathing/i)
      expect(pdf.text).not.toMatch(/pediatric|pediatrician|adenoids|Patient\/family/i)
    }
  })
})
