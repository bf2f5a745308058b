// Unit: the patient summary's view model and the rendered PDF (text via pdftotext).
import { beforeAll, describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { adultAssessment, fullAssessment, fullAssessmentInput } from '../fixtures/assessment'
import { SEVERITY_RANK } from '@myodocs/shared/domain/assessment-findings'
import { fixtureContext } from '../fixtures/context'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { MAX_FINDINGS, patientSummaryModel } from './model'

describe('patientSummaryModel', () => {
  const model = patientSummaryModel(fullAssessment(), fixtureContext())
  const adult = patientSummaryModel(adultAssessment(), fixtureContext())

  it('opens with why they came, then what was found about it in plain words', () => {
    expect(model.reason).toEqual({
      label: 'What brought Avery here',
      text: 'Mouth breathing during the day, snoring most nights, slow and messy eating.',
    })
    expect(model.inShort).toEqual([
      {
        lead: 'About this, we found:',
        items: [
          'snoring with signs of a breathing problem during sleep',
          'mouth breathing',
          'an open bite (the front teeth do not meet)',
          'a tongue that rests low, not on the palate',
        ],
      },
      { lead: 'We also found:', items: ['tongue-tie (ankyloglossia)', 'jaw pain'] },
      {
        lead: 'The answers to a sleep questionnaire (PSQ) are worth discussing with Avery’s doctor. A questionnaire is a screen, not a diagnosis.',
        items: [],
      },
    ])
    expect(model.intro).toContain('sums up Avery’s visit')
    expect(adult.reason?.label).toBe('What brought you here')
    expect(adult.inShort[0]!.items).toEqual([
      'snoring with signs of a breathing problem during sleep',
      'jaw pain',
      'an open bite (the front teeth do not meet)',
      'the tongue pushing forward when swallowing',
    ])
    expect(adult.intro).toContain('sums up your visit')
  })

  it('says nothing in short when nothing was recorded', () => {
    const input = fullAssessmentInput()
    input.patientData.patientChiefComplaint = ''
    input.patientData.reasonForReferral = ''
    for (const section of input.sections) section.items = []
    const empty = patientSummaryModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    )
    expect(empty.reason).toBeNull()
    expect(empty.inShort).toEqual([])
    expect(empty.findings).toEqual([])
  })

  it('lists at most the top findings, those answering the reason first, with why each matters', () => {
    expect(model.findings).toHaveLength(MAX_FINDINGS)
    expect(model.findings[0]).toMatchObject({
      label: 'Children’s sleep questionnaire (PSQ)',
      observed: '0.450 · Needs attention',
      severity: 'severe',
    })
    // All five answer the complaint (breathing, snoring, eating) or the referral (the bite).
    const ranks = model.findings.map((f) => SEVERITY_RANK[f.severity])
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
    model.findings.forEach((f) => expect(f.meaning).not.toBe(''))
    expect(model.otherFindings).toBeGreaterThan(0)
  })

  it('never lists a typical answer as a finding', () => {
    const input = fullAssessmentInput()
    const tongue = input.sections.find((s) => s.id === 'tongue_lips')!
    tongue.items.find((i) => i.id === 'trmr_lps_mm')!.value = 40
    tongue.items.find((i) => i.id === 'trmr_tip_mm')!.value = 40
    const summary = patientSummaryModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    )
    const labels = summary.findings.map((f) => f.label)
    expect(labels).not.toContain('Back-of-tongue range of motion')
    expect(summary.typicalScores).toContain('Mouth opening (42 mm)')
  })

  it('uses adult wording for an adult', () => {
    // Referred by his orthodontist: he keeps going with her rather than "see an orthodontist".
    expect(adult.nextSteps).toContain('Keep seeing your orthodontist.')
    expect(adult.nextSteps).toContain(
      'Talk with your doctor about a sleep study, which measures breathing during sleep.',
    )
    const said = [
      ...adult.inShort.flatMap((line) => [line.lead, ...line.items]),
      ...adult.nextSteps,
      ...adult.findings.flatMap((f) => [f.label, f.meaning]),
    ].join(' ')
    expect(said).not.toMatch(/grow|child/i)
    // The adult came about the bite, the snoring and headaches: those findings lead.
    expect(adult.findings.map((f) => f.label)).toEqual([
      'Breathing pauses during sleep',
      'Sleep apnea screening questionnaire (STOP-BANG)',
      'Daytime sleepiness questionnaire (Epworth)',
      'Swallowing',
      'How much the front teeth overlap',
    ])
  })

  it('speaks to the family about the child, never to them as the patient', () => {
    const said = [...model.nextSteps, ...model.findings.flatMap((f) => [f.label, f.meaning])].join(
      ' ',
    )
    // "You" and "your" would be the parent reading; the findings are the child's.
    expect(said).not.toMatch(/\byou\b|\byour (doctor|answers|pediatrician)\b/i)
    expect(model.nextSteps).toContain(
      'Talk with Avery’s doctor about a sleep study, which measures breathing during sleep.',
    )
  })

  it('lists next steps in the therapist’s sequencing, then the rest, the re-evaluation last', () => {
    // "1. Nasal hygiene and ENT evaluation … 2. Myofunctional therapy … 3. Frenum release …"
    expect(model.nextSteps).toHaveLength(6)
    expect(model.nextSteps[0]).toMatch(/^Keep the nose clear/)
    expect(model.nextSteps[1]).toContain('ear, nose and throat (ENT) doctor')
    expect(model.nextSteps[2]).toMatch(/^Start myofunctional therapy/)
    expect(model.nextSteps[3]).toMatch(/tongue, lip or cheek ties/)
    expect(model.nextSteps[4]).toMatch(/sleep study/)
    expect(model.nextSteps[5]).toBe(
      'Come back for a re-evaluation in 6 weeks so we can measure progress.',
    )
  })

  it('lists each of the therapist’s own recommendations as a next step', () => {
    const input = fullAssessmentInput()
    const other = input.recommendations.find((r) => r.id === 'rec_custom')!
    Object.assign(other, { selected: true, customValue: 'Yoga twice a week\nChew gum daily' })
    const summary = patientSummaryModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    )
    // The therapist's own come after the referrals, before the re-evaluation.
    expect(summary.nextSteps.slice(-3, -1)).toEqual(['Yoga twice a week', 'Chew gum daily'])
  })
})

describe('the patient summary of the richest fixture (every item answered)', () => {
  it('fits on two pages and never points to a report the family does not receive', async () => {
    const pdf = readPdf(
      await renderDocument(
        'patient-summary',
        fullAssessment({ everyItem: true }),
        fixtureContext(),
      ),
    )
    expect(pdf.pageCount).toBeLessThanOrEqual(2)
    expect(pdf.text).toContain('What happens next')
    expect(pdf.text).toContain('Come back for a re-evaluation in 6 weeks')
    expect(pdf.text).not.toMatch(/\breport\b/i)
  }, 60_000)
})

describe('the patient summary', () => {
  let pdf: ReturnType<typeof readPdf>
  beforeAll(async () => {
    pdf = readPdf(await renderDocument('patient-summary', fullAssessment(), fixtureContext()))
  }, 60_000)

  it('fits on one or two pages, numbered', () => {
    expect(pdf.pageCount).toBeGreaterThanOrEqual(1)
    expect(pdf.pageCount).toBeLessThanOrEqual(2)
    pdf.pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pdf.pageCount}`))
  })

  it('speaks to the family: what we found, scores, next steps, who to call', () => {
    expect(pdf.text).toContain('Bright Airway Kids Myofunctional Therapy')
    expect(pdf.text).toContain('Avery Lindqvist-Moreno')
    expect(pdf.text).toContain('What we found')
    expect(pdf.text).toContain('In short')
    expect(pdf.text).toContain('tongue-tie (ankyloglossia)')
    expect(pdf.text).toContain('Needs attention')
    // The family does not receive the report: nothing points to it.
    expect(pdf.text).not.toMatch(/\breport\b/i)
    expect(pdf.text).toContain('What happens next')
    // About the child, by name: the parent's own doctor is not the one to ask.
    expect(pdf.text).toContain('Talk with Avery’s doctor about a sleep study')
    expect(pdf.text).toContain('(503) 555-0142')
  })
})
