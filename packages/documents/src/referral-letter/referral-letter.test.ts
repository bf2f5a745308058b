// Unit: referral letters rendered from the reference fixtures and read as their providers would
// (text via pdftotext): the ENT, the orthodontist, the release provider and the sleep physician
// each get their question with their findings, on one page and never more than two.
import { beforeAll, describe, expect, it } from 'vitest'
import { ReferralLetterRequestSchema } from '@myodocs/shared/contracts/referral-letter'
import { adultAssessmentInput, fullAssessmentInput } from '../fixtures/assessment'
import { jawPainAssessmentInput, strokeAssessmentInput } from '../fixtures/reference-adults'
import { entLetter, orthodontistLetter, releaseLetter, sleepLetter } from '../fixtures/letters'
import { fixtureContext } from '../fixtures/context'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'

type Pdf = ReturnType<typeof readPdf>
const CASES = {
  'child/ent': [fullAssessmentInput, entLetter],
  'child/orthodontist': [fullAssessmentInput, orthodontistLetter],
  'child/release': [fullAssessmentInput, releaseLetter],
  'child/sleep': [fullAssessmentInput, sleepLetter],
  'adult/ent': [adultAssessmentInput, entLetter],
  'adult/orthodontist': [adultAssessmentInput, orthodontistLetter],
  'adult/sleep': [adultAssessmentInput, sleepLetter],
  'jaw/ent': [jawPainAssessmentInput, entLetter],
  'stroke/sleep': [strokeAssessmentInput, sleepLetter],
} as const
const letters: Record<string, Pdf> = {}

beforeAll(async () => {
  for (const [name, [body, letter]] of Object.entries(CASES)) {
    const request = ReferralLetterRequestSchema.parse({ ...body(), letter: letter() })
    letters[name] = readPdf(await renderDocument('referral-letter', request, fixtureContext()))
  }
}, 240_000)

const text = (name: keyof typeof CASES) => letters[name]!.text

describe('every letter', () => {
  it.each(Object.keys(CASES))('%s: at most two pages, on the letterhead, signed', (name) => {
    const pdf = letters[name]!
    expect(pdf.pageCount).toBeGreaterThanOrEqual(1)
    expect(pdf.pageCount).toBeLessThanOrEqual(2)
    expect(pdf.pages[0]).toContain('Bright Airway Kids')
    expect(pdf.pages[0]).toMatch(/Referral Letter/)
    expect(pdf.text).toMatch(/Sincerely, Electronically signed by Dana Whitfield, RDH, COM on /)
    expect(pdf.text).toContain('Please send your findings to me: phone (503) 555-0142')
  })
})

describe('length', () => {
  it('fits an adult’s sleep letter, its closing and signature included, on one page', () => {
    expect(letters['adult/sleep']!.pageCount).toBe(1)
    expect(letters['adult/sleep']!.pages[0]).toMatch(/Sincerely, Electronically signed by/)
  })

  it.each(['child/ent', 'child/release', 'child/sleep'])(
    'fits %s, which runs past one page in regular type, on one page in compact type',
    (name) => {
      expect(letters[name]!.pageCount).toBe(1)
      expect(letters[name]!.pages[0]).toMatch(/Sincerely, Electronically signed by/)
      // Compact, the planned steps run on in one paragraph.
      expect(letters[name]!.text).toMatch(/1\. Nasal hygiene[^\n]*2\. Myofunctional therapy/)
    },
  )

  it('carries the plan over with the signature when even the compact letter needs two pages', () => {
    const pdf = letters['child/orthodontist']!
    expect(pdf.pageCount).toBe(2)
    expect(pdf.pages[0]).toMatch(/My question/)
    expect(pdf.pages[0]).not.toMatch(/Meanwhile/)
    expect(pdf.pages[1]).toMatch(
      /^[^]*Meanwhile[^]*Planned sequence[^]*Sincerely, Electronically signed/,
    )
  })

  it('heads a progress letter “Why I am writing”, not “Why I am referring”', async () => {
    const body = fullAssessmentInput()
    body.patientData.assessmentDate = '2026-04-02'
    const request = ReferralLetterRequestSchema.parse({
      ...body,
      history: [
        { date: '2026-02-05', scores: [{ scale: 'nose', value: 70 }], referredTo: ['ent'] },
      ],
      letter: entLetter(),
    })
    const pdf = readPdf(await renderDocument('referral-letter', request, fixtureContext()))
    expect(pdf.text).toContain('Progress Letter')
    expect(pdf.text).toContain('Why I am writing')
    expect(pdf.text).not.toContain('Why I am referring')
    expect(pdf.text).not.toContain('Prepared by')
  })
})

describe('the ENT letter', () => {
  it('asks about the child’s airway with the nasal, tonsil and sleep findings', () => {
    const t = text('child/ent')
    expect(t).toContain('Dear Dr. Ruiz,')
    expect(t).toContain('Re: Avery Lindqvist-Moreno · DOB July 19, 2016 · 9 years')
    expect(t).toContain(
      'Consult with an ENT doctor · Reason: Failed 3-minute nasal breathing test; NOSE 50; nightly snoring.',
    )
    expect(t).toContain('3-minute nasal breathing test Fail, failed at 75 s')
    expect(t).toContain('NOSE questionnaire (screen) 50 / 100 · Moderate (30–50)')
    expect(t).toContain('Tonsil size (Brodsky)')
    expect(t).toContain('Snoring Most nights')
    expect(t).toContain(
      'My question Please evaluate Avery’s nasal airway, tonsils and adenoids, and let me know whether',
    )
    expect(t).toContain('Enclosure: Myofunctional Assessment Report of February 5, 2026')
    // The orthodontist's and the release provider's findings stay out.
    expect(t).not.toContain('Vertical overlap')
    expect(t).not.toContain('Kotlow')
  })

  it('prints no tongue-tie, mouth breathing or snoring the adult with jaw pain did not have', () => {
    const t = text('jaw/ent')
    expect(t).not.toMatch(/ankyloglossia|mouth\) breathing|habitual snoring/i)
    expect(t).toContain('Please evaluate')
    expect(t).not.toMatch(/adenoid/)
  })
})

describe('the orthodontist letter', () => {
  it('replies to the referring orthodontist with the bite, the tongue and the swallow', () => {
    const t = text('adult/orthodontist')
    expect(letters['adult/orthodontist']!.pageCount).toBe(1)
    expect(t).toContain('Dear Dr. Cho,')
    expect(t).toContain('Thank you for referring Martin Okafor (53 years)')
    expect(t).toContain('Vertical overlap Anterior open bite, -3 mm')
    expect(t).toContain('Tongue rest posture Forward against lower incisors')
    expect(t).toContain('Saliva/liquid swallow pattern Anterior tongue thrust')
    expect(t).toContain('Please evaluate Martin Okafor’s palate and bite')
    expect(t).not.toMatch(/jaw growth|adenoid/)
  })

  it('asks about a child’s growth and prints the palate', () => {
    const t = text('child/orthodontist')
    expect(t).toContain('I am writing to refer Avery Lindqvist-Moreno (9 years)')
    expect(t).toContain('Please evaluate Avery’s palate, jaw growth and bite')
  })
})

describe('the release provider letter', () => {
  it('prints TRMR, Kotlow and the functional impact, and asks about the tongue tie', () => {
    const t = text('child/release')
    expect(t).toContain('Dear Dr. Park,')
    expect(t).toContain('Consult with a frenum release provider · Tongue')
    expect(t).toMatch(/Tongue Range of Motion Ratio \(TRMR-LPS\) 40% · Grade 3/)
    expect(t).toContain('Kotlow class')
    expect(t).toContain('Restricted tongue mobility consistent with ankyloglossia')
    expect(t).toContain('Please evaluate Avery’s tongue tie, and let me know whether a release')
    expect(t).not.toContain('NOSE questionnaire')
  })
})

describe('the sleep physician letter', () => {
  it('prints the screens, the symptoms and the study, and asks what it calls for', () => {
    const t = text('adult/sleep')
    expect(t).toContain('Dear Dr. Osei,')
    expect(t).toContain('Prior sleep study Home test, AHI 18 events/h, lowest SpO2 86%')
    expect(t).toMatch(/STOP-BANG \(adults; screen\) 6 \/ 8/)
    expect(t).toMatch(/Epworth Sleepiness Scale \(adults; screen\) 14 \/ 24/)
    expect(t).toContain('Snoring Every night, loud')
    expect(t).toContain('whether the sleep study calls for treatment')
    // STOP-BANG's criteria never print.
    expect(t).not.toContain('STOP-BANG: Snoring loudly')
  })

  it('puts the therapist’s own work in the order of the sequencing, the re-evaluation last', () => {
    const t = text('child/sleep')
    const meanwhile = t.slice(t.indexOf('Meanwhile'))
    expect(meanwhile.indexOf('Nasal hygiene protocol')).toBeLessThan(
      meanwhile.indexOf('Myofunctional therapy'),
    )
    expect(meanwhile.indexOf('Myofunctional therapy')).toBeLessThan(
      meanwhile.indexOf('Re-evaluation in 6 weeks'),
    )
    expect(meanwhile).toContain('Planned sequence: 1. Nasal hygiene and ENT evaluation')
  })
})
