// Unit: the assessment report's view model: what it prints, in which words and order.
import { describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { adultAssessment, fullAssessment, fullAssessmentInput } from '../fixtures/assessment'
import { strokeAssessment } from '../fixtures/reference-adults'
import { fixtureContext } from '../fixtures/context'
import { WATERMARK_TEXT } from '../components/frame-model'
import {
  assessmentReportModel,
  formatItemValue,
  MAX_KEY_FINDINGS,
  recommendationLine,
  recommendationLines,
  type ReportRow,
} from './model'
import { findItem } from '@myodocs/shared/domain/assessment-sections'
import { SEVERITY_RANK } from '@myodocs/shared/domain/assessment-findings'

const rowLabel = (row: ReportRow) => (row.kind === 'field' ? row.label : row.name)
const rowValue = (row: ReportRow) => (row.kind === 'field' ? row.value : row.value)

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

describe('a measurement with a published reference', () => {
  const iopiRow = (request: ReturnType<typeof strokeAssessment>) =>
    assessmentReportModel(request, fixtureContext())
      .sections.flatMap((s) => s.rows)
      .find((row) => rowLabel(row) === 'Tongue strength (IOPI)')

  it('prints the adult reference beside an adult’s IOPI value, for the patient’s age group', () => {
    expect(iopiRow(strokeAssessment())).toMatchObject({
      value:
        '28 kPa; below the adult reference: 95 % of healthy adults exceed 34 kPa, average about 56 kPa over age 60 (IOPI Medical normal values)',
    })
  })

  it('prints a child’s IOPI value alone: the adult studies did not measure children', () => {
    expect(iopiRow(fullAssessment())).toMatchObject({ value: '38 kPa' })
  })
})
