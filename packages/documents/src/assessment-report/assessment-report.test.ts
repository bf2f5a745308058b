// Unit: the assessment report's view model and the rendered PDF (text via pdftotext).
import { beforeAll, describe, expect, it } from 'vitest'
import { AssessmentDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import { fullAssessment, fullAssessmentInput } from '../fixtures/assessment'
import { fixtureContext } from '../fixtures/context'
import { readPdf } from '../testing/pdf-text'
import { renderDocument } from '../render'
import { WATERMARK_TEXT } from '../components/frame-model'
import {
  assessmentReportModel,
  formatItemValue,
  recommendationLine,
  recommendationLines,
} from './model'
import { findItem } from '@myodocs/shared/domain/assessment-sections'

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

  it('has no watermark unless the preferences ask for one', () => {
    expect(model.frame.watermark).toBeNull()
    const on = assessmentReportModel(
      fullAssessment(),
      fixtureContext({ pdf: { includeWatermark: true } }),
    )
    expect(on.frame.watermark).toBe(WATERMARK_TEXT)
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
  })

  it('prints the letterhead, the patient, scores with bands and the recommendations', () => {
    expect(pdf.text).toContain('Bright Airway Kids Myofunctional Therapy')
    expect(pdf.text).toContain('(503) 555-0142')
    expect(pdf.text).toContain('Prepared by Dana Whitfield, RDH, COM')
    expect(pdf.text).toContain('Avery Lindqvist-Moreno')
    expect(pdf.text).toContain('Dr. Priya Raman, DDS (Pediatric Dentistry)')
    expect(pdf.text).toContain('Grade 2 (50–80% of MIO)')
    expect(pdf.text).toContain('Class II, moderate (8–11 mm)')
    expect(pdf.text).toContain('Moderate (30–50)')
    expect(pdf.text).toContain('Consult with an ENT doctor')
    expect(pdf.text).toContain('Failed 3-minute nasal breathing test')
    expect(pdf.text).toContain('Optimal sequencing')
    expect(pdf.text).toContain('Figure 3. Anterior open bite, frontal view')
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
})
