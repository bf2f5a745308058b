// Unit: the assessment report's view model and the rendered PDF (text via pdftotext).
import { beforeAll, describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import {
  adultAssessment,
  fullAssessment,
  fullAssessmentInput,
  longContentAssessment,
} from '../fixtures/assessment'
import { fixtureContext } from '../fixtures/context'
import { lastBodyLines, readPdf, wordsOutsidePage } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { WATERMARK_TEXT } from '../components/frame-model'
import {
  assessmentReportModel,
  formatItemValue,
  MAX_KEY_FINDINGS,
  recommendationLine,
  recommendationLines,
  REPORT_HEADINGS,
  type ReportRow,
} from './model'
import { findItem } from '@myodocs/shared/domain/assessment-sections'
import { SEVERITY_RANK } from '@myodocs/shared/domain/assessment-findings'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { ElectronicSignature } from '../components/blocks'
import { AssessmentReport } from './template'

const rowLabel = (row: ReportRow) => (row.kind === 'field' ? row.label : row.name)
const rowValue = (row: ReportRow) => (row.kind === 'field' ? row.value : row.value)

/** Every heading the report can print, for the orphan check. */
const HEADINGS = new Set([
  ...Object.values(REPORT_HEADINGS),
  'Tongue and lips',
  'Swallow and digestion',
  'Dental',
  'Muscular and compensations',
  'Breathing and sleep',
  'Head and neck',
  'Behavioral',
])

describe('assessmentReportModel', () => {
  const model = assessmentReportModel(fullAssessment(), fixtureContext())

  it('heads the report with the business, therapist and patient', () => {
    expect(model.frame.business.name).toBe('Bright Airway Kids Myofunctional Therapy')
    expect(model.frame.business.addressLines).toEqual([
      '1200 Harbor Boulevard, Suite 210',
      'Portland, OR 97201',
    ])
    expect(model.frame.business.logo).toMatchObject({ width: 135, height: 54 })
    expect(model.frame.therapist).toBe('Dana Whitfield, RDH, COM')
    expect(model.patient.name).toBe('Avery Lindqvist-Moreno')
    expect(model.patient.facts).toContainEqual({
      label: 'Date of Birth',
      value: 'July 19, 2016 (9 years)',
    })
    expect(model.frame.generatedOn).toBe('March 5, 2026')
  })

  it('scores the scales from the inputs with the shared scorers, ignoring sent computed values', () => {
    const input = fullAssessmentInput()
    const tongue = input.sections.find((s) => s.id === 'tongue_lips')!
    tongue.items.find((i) => i.id === 'trmr_grade')!.value = 99 // a stale browser value
    const scales = assessmentReportModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    ).scales
    expect(scales).toContainEqual(
      expect.objectContaining({ value: '57%', band: 'Grade 2 (50–80% of MIO)' }),
    )
    expect(scales.map((s) => s.name)).toContain('NOSE questionnaire')
    // The child was not asked the adult screens: no Epworth, no STOP-BANG.
    expect(scales.map((s) => s.name)).not.toContain('STOP-BANG')
  })

  it('says what a control-pause band means beside its range, as the other scales do', () => {
    const input = fullAssessmentInput()
    const breathing = input.sections.find((s) => s.id === 'breathing_sleep')!
    breathing.items.find((i) => i.id === 'bolt_seconds')!.value = 14
    const scales = assessmentReportModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    ).scales
    expect(scales.find((s) => s.name === 'Control pause (BOLT)')).toMatchObject({
      value: '14 s',
      band: 'Short (10–20 s)',
    })
  })

  it('prints only recorded items and sections with something recorded', () => {
    const tongue = model.sections.find((s) => s.id === 'tongue_lips')!
    const labels = tongue.rows.map((r) => (r.kind === 'field' ? r.label : r.name))
    expect(labels).toContain('Tongue rest posture')
    expect(labels).not.toContain('Tongue appearance') // not recorded in the fixture
    const input = fullAssessmentInput()
    input.sections = input.sections.filter((s) => s.id === 'dental')
    const only = assessmentReportModel(
      AssessmentDocumentRequestSchema.parse(input),
      fixtureContext(),
    )
    expect(only.sections.map((s) => s.id)).toEqual(['dental'])
  })

  it('formats each kind of value', () => {
    const item = (id: string) => findItem('tongue_lips', id)!
    expect(formatItemValue(item('trmr_mio_mm'), 42)).toBe('42 mm')
    expect(formatItemValue(item('trmr_mio_mm'), null)).toBeNull()
    expect(formatItemValue(item('tongue_protrusion_assisted'), true)).toBe('Yes')
    expect(formatItemValue(item('tongue_protrusion_assisted'), false)).toBeNull()
    expect(formatItemValue(item('tongue_rest_posture'), 'low_floor')).toBe('Low, on floor of mouth')
    expect(formatItemValue(item('buccal_ties'), [])).toBeNull()
  })

  it('numbers photos as figures and keeps their captions', () => {
    const captions = model.sections.flatMap((s) => s.photos.map((p) => p.caption))
    expect(captions).toEqual([
      'Figure 1. Tongue elevation at widest opening',
      'Figure 2. Lingual frenum, tongue lifted',
      'Figure 3. Anterior open bite, frontal view',
    ])
  })

  it('words recommendations with their chosen options and detail', () => {
    expect(
      recommendationLine({
        id: 'rec_omt',
        label: '',
        selected: true,
        options: ['standard'],
        customValue: 'every 2 weeks',
      }),
    ).toEqual({
      label: 'Myofunctional therapy',
      detail: 'Standard (≈12–14 sessions) · Visit interval: every 2 weeks',
    })
    const other = { id: 'rec_custom', label: '', selected: true, options: [], customValue: 'Yoga' }
    expect(recommendationLine(other)).toEqual({ label: 'Yoga', detail: '' })
    expect(recommendationLine({ ...other, selected: false })).toBeNull()
  })

  it('prints each of the therapist’s own recommendations on its own line', () => {
    const other = {
      id: 'rec_custom',
      label: '',
      selected: true,
      options: [],
      customValue: 'Yoga twice a week\n\n  Chew gum daily ',
    }
    expect(recommendationLines(other)).toEqual([
      { label: 'Yoga twice a week', detail: '' },
      { label: 'Chew gum daily', detail: '' },
    ])
    expect(recommendationLines({ ...other, selected: false })).toEqual([])
  })

  it('carries the therapist’s Impression and the key findings ranked by clinical weight', () => {
    expect(model.impression).toMatch(/^Avery \(9 years\) presents with restricted tongue/)
    expect(model.keyFindings).toHaveLength(MAX_KEY_FINDINGS)
    // The findings answering the reason for referral and the complaint come first (here all six
    // do: breathing, snoring, eating, the bite), the most severe first.
    expect(model.keyFindings[0]).toMatchObject({
      label: 'Pediatric Sleep Questionnaire (SRBD scale)',
      severity: 'severe',
    })
    const ranks = model.keyFindings.map((f) => SEVERITY_RANK[f.severity])
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
    expect(model.moreFindings).toBeGreaterThan(0)
    // The adult came about the bite, the snoring and the headaches: those lead, never form order.
    const adult = assessmentReportModel(adultAssessment(), fixtureContext())
    expect(adult.keyFindings.map((f) => f.label)).toEqual([
      'Pauses / gasping seen by others',
      'STOP-BANG',
      'Sleep study (home test)',
      'Epworth Sleepiness Scale',
      'Saliva/liquid swallow pattern',
      'Vertical overlap',
    ])
  })

  it('says who should act on each recommendation', () => {
    expect(model.recommendationSummary).toContainEqual({
      label: 'Consult with an ENT doctor',
      detail: 'Reason: Failed 3-minute nasal breathing test; NOSE 50; nightly snoring.',
      actor: 'Referring provider: refer to ENT',
    })
    expect(model.recommendationSummary).toContainEqual({
      label: 'Sleep study',
      detail: 'In-lab PSG',
      actor: 'Physician: order a sleep study',
    })
    expect(model.recommendationSummary).toContainEqual({
      label: 'Re-evaluation in 6 weeks',
      detail: '',
      actor: 'Myofunctional therapist (this practice)',
    })
  })

  it('merges rows with the same label and a score with the measurement it is read from', () => {
    const rows = model.sections.flatMap((s) => s.rows)
    const count = (label: string) => rows.filter((r) => rowLabel(r) === label).length
    expect(count('Free-tongue length (Kotlow)')).toBe(1)
    expect(count('Control pause (BOLT)')).toBe(1)
    expect(count('Control pause / BOLT')).toBe(0)
    const overlap = rows.filter((r) => rowLabel(r) === 'Vertical overlap')
    expect(overlap.map(rowValue)).toEqual(['Anterior open bite, -2 mm'])
    // The Epworth total entered and its score are one row.
    const adult = assessmentReportModel(adultAssessment(), fixtureContext())
    const sleep = adult.sections.find((s) => s.id === 'breathing_sleep')!.rows
    expect(sleep.filter((r) => /Epworth/.test(rowLabel(r))).map(rowValue)).toEqual(['14 / 24'])
  })

  it('words a detail in a unit as a phrase and prints % and ° without a space', () => {
    const reeval = { id: 'rec_reeval', label: '', selected: true, options: [], customValue: '6' }
    expect(recommendationLine(reeval)).toEqual({ label: 'Re-evaluation', detail: 'In 6 weeks' })
    expect(recommendationLine({ ...reeval, customValue: 'after the summer' })).toEqual({
      label: 'Re-evaluation',
      detail: 'In (weeks): after the summer',
    })
    expect(formatItemValue(findItem('breathing_sleep', 'sleep_study_lowest_spo2')!, 86)).toBe('86%')
    expect(formatItemValue(findItem('head_neck', 'craniovertebral_angle_deg')!, 46)).toBe('46°')
    expect(formatItemValue(findItem('breathing_sleep', 'sleep_study_ahi')!, 18)).toBe('18 events/h')
  })

  it('puts the adult’s sleep study, with its AHI and oxygen low, among the key findings', () => {
    const adult = assessmentReportModel(adultAssessment(), fixtureContext())
    expect(adult.keyFindings).toContainEqual({
      label: 'Sleep study (home test)',
      value: 'Moderate OSA · AHI 18 events/h · lowest SpO2 86%',
      severity: 'moderate',
    })
  })

  it('prints 0–10 ratings out of 10', () => {
    const jaw = findItem('head_neck', 'jaw_pain')!
    expect(formatItemValue(jaw, '2')).toBe('2/10')
    expect(formatItemValue(jaw, '0')).toMatch(/^0\/10 \S/)
    const rows = model.sections.flatMap((s) => s.rows)
    expect(rows.find((r) => rowLabel(r) === 'Motivation')).toMatchObject({ value: '7/10' })
  })

  it('says "adult reference range" where a child is held to adult norms', () => {
    const mio = model.scales.find((s) => s.name === 'Mouth opening (MIO)')!
    expect(mio.band).toBe('Typical (40 mm or more), adult reference range')
    const adult = assessmentReportModel(adultAssessment(), fixtureContext())
    expect(adult.scales.find((s) => s.name === 'Mouth opening (MIO)')!.band).toBe(
      'Typical (40 mm or more)',
    )
  })

  it('signs electronically with the therapist’s credential', () => {
    expect(model.signature).toEqual({
      statement: 'Electronically signed by Dana Whitfield, RDH, COM on March 5, 2026',
      credential: 'License/credential no. OR RDH 12345',
    })
    const context = fixtureContext()
    context.therapist = { firstName: 'Dana', lastName: 'Whitfield', title: '' }
    expect(assessmentReportModel(fullAssessment(), context).signature).toEqual({
      statement: 'Electronically signed by Dana Whitfield on March 5, 2026',
      credential: '',
    })
  })

  it('identifies the patient by name and date of birth on every page, and lists the practice’s contacts', () => {
    expect(model.frame.patientDob).toBe('DOB July 19, 2016')
    expect(model.frame.business.contacts).toEqual([
      { label: 'Phone', value: '(503) 555-0142' },
      { label: 'Email', value: 'office@brightairwaykids.example' },
      { label: 'Fax', value: '(503) 555-0143' },
    ])
    const context = fixtureContext()
    context.business = { ...context.business, email: '', fax: undefined }
    expect(assessmentReportModel(fullAssessment(), context).frame.business.contacts).toEqual([
      { label: 'Phone', value: '(503) 555-0142' },
    ])
  })

  it('has no watermark unless the preferences ask for one', () => {
    expect(model.frame.watermark).toBeNull()
    const on = assessmentReportModel(
      fullAssessment(),
      fixtureContext({ pdf: { includeWatermark: true } }),
    )
    expect(on.frame.watermark).toBe(WATERMARK_TEXT)
  })
})

/** The element tree of a document with our components expanded (they are pure functions). */
function expand(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(expand)
  if (!isValidElement(node)) return node
  const element = node as ReactElement<{ children?: ReactNode }>
  // The signature is the leaf looked for: keep it as it is.
  if (typeof element.type === 'function' && element.type !== ElectronicSignature)
    return expand((element.type as (props: unknown) => ReactNode)(element.props))
  return { ...element, props: { ...element.props, children: expand(element.props.children) } }
}

/** The texts inside the nearest unbreakable block around the signature. */
function keptWithSignature(tree: ReactNode): string[] {
  const texts = (node: ReactNode): string[] =>
    Array.isArray(node)
      ? node.flatMap(texts)
      : typeof node === 'string'
        ? [node]
        : isValidElement(node)
          ? texts((node.props as { children?: ReactNode }).children)
          : []
  const search = (node: ReactNode, block: ReactNode): string[] | null => {
    if (Array.isArray(node)) {
      for (const child of node as ReactNode[]) {
        const found = search(child, block)
        if (found) return found
      }
      return null
    }
    if (!isValidElement(node)) return null
    if (node.type === ElectronicSignature) return block ? texts(block) : []
    const props = node.props as { wrap?: boolean; children?: ReactNode }
    return search(props.children, props.wrap === false ? node : block)
  }
  return search(tree, null) ?? []
}

describe('the electronic signature', () => {
  const signed = (input: ReturnType<typeof fullAssessmentInput>) =>
    keptWithSignature(
      expand(
        AssessmentReport({
          model: assessmentReportModel(
            AssessmentDocumentRequestSchema.parse(input),
            fixtureContext(),
          ),
        }),
      ),
    ).join(' ')

  it('never stands alone on a page: it is kept with the last lines before it', () => {
    // With the sequencing last: its last paragraph.
    const input = fullAssessmentInput()
    input.patientData.optimalSequencing = 'First, the ENT visit.\n\nThen therapy twice a month.'
    expect(signed(input)).toContain('Then therapy twice a month.')
    expect(signed(input)).not.toContain('First, the ENT visit.')
    // Without: the last recommendation's details.
    input.patientData.optimalSequencing = ''
    expect(signed(input)).toContain('Re-evaluation')
    expect(signed(input)).toContain('In 6 weeks')
  })
})

describe('the assessment report', () => {
  let pdf: ReturnType<typeof readPdf>
  beforeAll(async () => {
    pdf = readPdf(
      await renderDocument(
        'assessment',
        fullAssessment(),
        fixtureContext({ pdf: { includeWatermark: true } }),
      ),
    )
  }, 60_000)

  it('prints the letterhead, the patient, scores with bands and the recommendations', () => {
    expect(pdf.text).toContain('Bright Airway Kids Myofunctional Therapy')
    expect(pdf.text).toContain('(503) 555-0142')
    expect(pdf.text).toContain('Prepared by Dana Whitfield, RDH, COM')
    expect(pdf.text).toContain('Avery Lindqvist-Moreno')
    expect(pdf.text).toContain('Dr. Priya Raman, DDS (Pediatric Dentistry)')
    expect(pdf.text).toContain('Grade 2 (50–80% of MIO)')
    expect(pdf.text).toContain('Class II, moderate (8–11 mm)')
    expect(pdf.text).toContain('Moderate (30–50)')
    // The control pause's band in words, not a bare "under 10 s".
    // (The watermark's letters interleave with the table here; the reference cases check the row.)
    expect(pdf.text).toMatch(/Control pause \(BOLT\) 6 ?s/)
    expect(pdf.text).toContain('Very short (under 10 s)')
    expect(pdf.text).toContain('Consult with an ENT doctor')
    expect(pdf.text).toContain('Failed 3-minute nasal breathing test')
    expect(pdf.text).toContain('Optimal sequencing')
    expect(pdf.text).toContain('Figure 3. Anterior open bite, frontal view')
    // The source under every scale.
    expect(pdf.text).toContain('Source: Yoon, Zaghi et al. 2017')
    expect(pdf.text).toContain('Source: Stewart et al., Otolaryngol Head Neck Surg 2004;130:157–63')
  })

  it('tells a referring provider on page 1 what was found and what is asked of them', () => {
    const first = pdf.pages[0]!
    expect(first).toContain('Impression')
    expect(first).toContain('Avery (9 years) presents with restricted tongue mobility')
    expect(first).toContain('Key findings')
    expect(first).toContain('WHO SHOULD ACT')
    expect(first).toContain('Referring provider: refer to ENT')
    // The ENT's reason prints with it; the list runs on to page 2 after this long Impression.
    expect(first).toContain('Consult with an ENT doctor · Reason: Failed 3-minute nasal')
    expect(pdf.pages[1]).toContain('Re-evaluation in 6 weeks')
  })

  it('signs electronically, with no blank signature line', () => {
    expect(pdf.text).toContain('Electronically signed by Dana Whitfield, RDH, COM on March 5, 2026')
    expect(pdf.text).toContain('License/credential no. OR RDH 12345')
  })

  it('repeats the date of birth in the header of every later page', () => {
    pdf.pages.slice(1).forEach((page) => expect(page).toContain('DOB July 19, 2016'))
    expect(pdf.pages[0]).toContain('office@brightairwaykids.example')
    expect(pdf.pages[0]).toContain('(503) 555-0143')
  })

  it('never ends a page with a heading', () => {
    lastBodyLines(pdf).forEach((line) => expect(HEADINGS.has(line)).toBe(false))
  })

  it('leaves out what was not recorded', () => {
    expect(pdf.text).not.toContain('Tongue appearance')
    expect(pdf.text).not.toContain('Epworth')
    expect(pdf.text).not.toContain('Mold testing')
  })

  it('numbers every page, repeats the confidentiality footer and prints the watermark', () => {
    expect(pdf.pageCount).toBeGreaterThan(1)
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pdf.pageCount}`)
      expect(page).toContain('Confidential: contains protected health information.')
      // Drawn first, under the content; letter-spaced, so pdftotext splits it.
      expect(pdf.rawPages[index]!.replace(/ /g, '').startsWith(WATERMARK_TEXT)).toBe(true)
    })
  })

  it('prints no watermark when it is off', async () => {
    const plain = readPdf(await renderDocument('assessment', fullAssessment(), fixtureContext()))
    expect(plain.rawPages.join('').replace(/ /g, '')).not.toContain(WATERMARK_TEXT)
  })

  it('renders a minimal assessment: no sections, no recommendations, no logo', async () => {
    const input = fullAssessmentInput()
    input.sections = []
    input.recommendations = []
    const context = fixtureContext()
    context.business.logo = null
    const minimal = readPdf(
      await renderDocument('assessment', AssessmentDocumentRequestSchema.parse(input), context),
    )
    expect(minimal.text).toContain('Avery Lindqvist-Moreno')
    expect(minimal.text).not.toContain('Scores at a glance')
    expect(minimal.text).not.toContain('Recommendations')
    expect(minimal.pageCount).toBe(1)
  })

  it('prints the home practice of a re-evaluation on page 1, only when a summary was brought', async () => {
    const input = fullAssessmentInput()
    input.sections = []
    input.recommendations = []
    input.homePractice = {
      from: '2026-02-20',
      to: '2026-03-05',
      days: 14,
      daysPracticed: 11,
      sessions: 28,
      sessionsDone: 19,
      exercises: [
        {
          name: 'Control pause check',
          daysPracticed: 2,
          first: { date: '2026-02-20', value: 12, unit: 's' },
          last: { date: '2026-03-05', value: 18, unit: 's' },
        },
      ],
    }
    const request = AssessmentDocumentRequestSchema.parse(input)
    expect(assessmentReportModel(request, fixtureContext()).homePractice?.line).toBe(
      'Practiced 11 of 14 days; control pause 12 → 18 s',
    )
    const first = readPdf(await renderDocument('assessment', request, fixtureContext())).pages[0]!
    expect(first).toContain('Home practice since the last visit')
    expect(first).toContain('Practiced 11 of 14 days; control pause 12 → 18 s')
    expect(first).toContain('19 of 28 practice sessions')
    delete input.homePractice
    const without = AssessmentDocumentRequestSchema.parse(input)
    expect(assessmentReportModel(without, fixtureContext()).homePractice).toBeNull()
  })
})

describe('the assessment report with long content', () => {
  let pdf: ReturnType<typeof readPdf>
  beforeAll(async () => {
    pdf = readPdf(await renderDocument('assessment', longContentAssessment(), fixtureContext()))
  }, 60_000)

  it('wraps long surnames, URLs and 4,000-character notes inside the page', () => {
    expect(pdf.pageCount).toBeGreaterThan(5)
    expect(wordsOutsidePage(pdf)).toEqual([])
    expect(pdf.text).toContain('Wolfeschlegelsteinhausenbergerdorff-Lindqvist')
  })

  it('never ends a page with a heading', () => {
    lastBodyLines(pdf).forEach((line) => expect(HEADINGS.has(line)).toBe(false))
  })
})

describe('the adult reference report', () => {
  it('puts the Impression and the recommendations on page 1', async () => {
    const pdf = readPdf(await renderDocument('assessment', adultAssessment(), fixtureContext()))
    expect(pdf.pages[0]).toContain('Mr. Okafor (53 years) presents')
    expect(pdf.pages[0]).toContain('Physician: order a sleep study')
    lastBodyLines(pdf).forEach((line) => expect(HEADINGS.has(line)).toBe(false))
  }, 60_000)
})
