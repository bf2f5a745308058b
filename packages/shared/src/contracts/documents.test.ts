// Unit: the assessment document request contract, every message of its schema and its dates
// (the exercise request: documents-exercise.test.ts; photos: document-photos.test.ts).
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  DOB_AFTER_ASSESSMENT,
  DUPLICATE_ITEM,
  DUPLICATE_RECOMMENDATION,
  DUPLICATE_SECTION,
  INVALID_DATE_FORMAT,
  INVALID_ITEM_VALUE,
  INVALID_PATIENT_EMAIL,
  INVALID_REFERRING_EMAIL,
  INVALID_RECOMMENDATION_OPTION,
  ITEM_NOT_FOUND,
  ITEM_TYPE_MISMATCH,
  PATIENT_DATA_REQUIRED,
  RECOMMENDATION_NOT_FOUND,
  SECTION_NOT_FOUND,
  tooLong,
} from '../constants/document-messages'
import { AssessmentDocumentRequestSchema } from './documents'

/** `{ "patientData.patientDOB": "Invalid date format", … }`, the shape the API's `fields` use. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message)
  return fields
}

const patientData = (overrides: Record<string, unknown> = {}) => ({
  patientFirstName: 'Ada',
  patientLastName: 'Lovelace',
  patientDOB: '2015-06-01',
  assessmentDate: '2025-03-14',
  ...overrides,
})
const assessment = (overrides: Record<string, unknown> = {}) => ({
  patientData: patientData(),
  sections: [],
  recommendations: [],
  ...overrides,
})
const assessmentErrors = (input: unknown) => fieldErrors(AssessmentDocumentRequestSchema, input)

describe('AssessmentDocumentRequestSchema', () => {
  it('accepts a minimal request and fills the optional fields', () => {
    const parsed = AssessmentDocumentRequestSchema.parse({ patientData: patientData() })
    expect(parsed).toEqual({
      patientData: {
        ...patientData(),
        patientEmail: '',
        referringParty: '',
        referringPartyEmail: '',
        reasonForReferral: '',
        patientChiefComplaint: '',
        relevantMedicalHistory: '',
        surgicalHistory: '',
        optimalSequencing: '',
        impression: '',
      },
      sections: [],
      recommendations: [],
    })
  })

  it('trims names', () => {
    const parsed = AssessmentDocumentRequestSchema.parse(
      assessment({ patientData: patientData({ patientFirstName: '  Ada ' }) }),
    )
    expect(parsed.patientData.patientFirstName).toBe('Ada')
  })

  it('says "Patient data is required" when patientData is missing or not an object', () => {
    expect(assessmentErrors({ sections: [] })).toEqual({ patientData: [PATIENT_DATA_REQUIRED] })
    expect(assessmentErrors(assessment({ patientData: null }))).toEqual({
      patientData: [PATIENT_DATA_REQUIRED],
    })
  })

  it.each([
    ['patientFirstName', 'Patient First Name is required'],
    ['patientLastName', 'Patient Last Name is required'],
    ['patientDOB', 'Date of Birth is required'],
    ['assessmentDate', 'Assessment Date is required'],
  ])('says the spec’s message when %s is missing, empty or blank', (field, message) => {
    for (const value of [undefined, '', '   ']) {
      const errors = assessmentErrors(assessment({ patientData: patientData({ [field]: value }) }))
      expect(errors).toEqual({ [`patientData.${field}`]: [message] })
    }
  })

  it.each(['patientDOB', 'assessmentDate'])('checks %s is a real YYYY-MM-DD date', (field) => {
    const at = `patientData.${field}`
    const errorsFor = (value: string) =>
      assessmentErrors(
        assessment({
          patientData: patientData({
            patientDOB: '2000-01-01',
            assessmentDate: '2025-01-01',
            [field]: value,
          }),
        }),
      )
    expect(errorsFor('2024-02-29')).toEqual({})
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-00-10',
      '14/03/2025',
      '2025-3-14',
      '2025-03-14T00:00',
    ])
      expect(errorsFor(bad), bad).toEqual({ [at]: [INVALID_DATE_FORMAT] })
  })

  it('rejects a date of birth after the assessment date', () => {
    const errors = assessmentErrors(
      assessment({ patientData: patientData({ patientDOB: '2025-03-15' }) }),
    )
    expect(errors).toEqual({ 'patientData.patientDOB': [DOB_AFTER_ASSESSMENT] })
    expect(
      assessmentErrors(assessment({ patientData: patientData({ patientDOB: '2025-03-14' }) })),
    ).toEqual({})
  })

  it('accepts an absent or empty email, and rejects a malformed one', () => {
    expect(
      assessmentErrors(assessment({ patientData: patientData({ patientEmail: '' }) })),
    ).toEqual({})
    expect(
      assessmentErrors(
        assessment({ patientData: patientData({ patientEmail: 'ada@example.com' }) }),
      ),
    ).toEqual({})
    expect(
      assessmentErrors(assessment({ patientData: patientData({ patientEmail: 'ada@' }) })),
    ).toEqual({ 'patientData.patientEmail': [INVALID_PATIENT_EMAIL] })
    expect(
      assessmentErrors(
        assessment({ patientData: patientData({ referringPartyEmail: 'dr@clinic' }) }),
      ),
    ).toEqual({ 'patientData.referringPartyEmail': [INVALID_REFERRING_EMAIL] })
  })

  it('limits the length of every text field', () => {
    const errors = assessmentErrors(
      assessment({
        patientData: patientData({
          patientFirstName: 'x'.repeat(101),
          referringParty: 'x'.repeat(201),
          reasonForReferral: 'x'.repeat(2_001),
          relevantMedicalHistory: 'x'.repeat(5_001),
        }),
      }),
    )
    expect(errors).toEqual({
      'patientData.patientFirstName': [tooLong('Patient First Name', 100)],
      'patientData.referringParty': [tooLong('Referring Party', 200)],
      'patientData.reasonForReferral': [tooLong('Reason for Referral', 2_000)],
      'patientData.relevantMedicalHistory': [tooLong('Relevant Medical History', 5_000)],
    })
  })

  describe('sections', () => {
    const section = (items: unknown[], id = 'tongue_lips') => ({ id, items, images: [], notes: '' })
    const errorsFor = (sections: unknown[]) => assessmentErrors(assessment({ sections }))

    it('accepts catalog items with values of the right shape', () => {
      expect(
        errorsFor([
          section([
            { id: 'tongue_rest_posture', type: 'select', completed: true, value: 'low_floor' },
            { id: 'trmr_mio_mm', type: 'input', completed: true, value: 44 },
            { id: 'frenum_features', type: 'checkbox', completed: true, value: ['inelastic'] },
            { id: 'tongue_protrusion_assisted', type: 'checkbox', completed: false, value: false },
            { id: 'tongue_lips_notes', type: 'textarea', completed: false, value: '' },
            { id: 'trmr_grade', type: 'input', completed: false, value: null },
          ]),
        ]),
      ).toEqual({})
    })

    it('says "Section not found" for an id outside the catalog', () => {
      expect(errorsFor([section([], 'teeth')])).toEqual({ 'sections.0.id': [SECTION_NOT_FOUND] })
    })

    it('rejects a section sent twice', () => {
      expect(errorsFor([section([]), section([])])).toEqual({
        'sections.1.id': [DUPLICATE_SECTION],
      })
    })

    it('rejects unknown, repeated, mistyped and invalid items', () => {
      const errors = errorsFor([
        section([
          { id: 'made_up', type: 'input', completed: false, value: '' },
          { id: 'trmr_mio_mm', type: 'input', completed: true, value: 44 },
          { id: 'trmr_mio_mm', type: 'input', completed: true, value: 44 },
          { id: 'tongue_rest_posture', type: 'input', completed: true, value: 'low_floor' },
          { id: 'trmr_tip_mm', type: 'input', completed: true, value: 500 },
          { id: 'tongue_suction', type: 'select', completed: true, value: 'strong' },
        ]),
      ])
      expect(errors).toEqual({
        'sections.0.items.0.id': [ITEM_NOT_FOUND],
        'sections.0.items.2.id': [DUPLICATE_ITEM],
        'sections.0.items.3.type': [ITEM_TYPE_MISMATCH],
        'sections.0.items.4.value': [INVALID_ITEM_VALUE],
        'sections.0.items.5.value': [INVALID_ITEM_VALUE],
      })
    })

    it('rejects values of no known shape', () => {
      expect(
        errorsFor([
          section([{ id: 'trmr_mio_mm', type: 'input', completed: true, value: { mm: 4 } }]),
        ]),
      ).toEqual({ 'sections.0.items.0.value': [INVALID_ITEM_VALUE] })
    })

    it('names the item when its text is too long', () => {
      expect(
        errorsFor([
          section(
            [{ id: 'ortho_history', type: 'textarea', completed: true, value: 'x'.repeat(5_001) }],
            'dental',
          ),
        ]),
      ).toEqual({ 'sections.0.items.0.value': [tooLong('Orthodontic history', 5_000)] })
    })

    it('limits section notes', () => {
      expect(
        assessmentErrors(assessment({ sections: [{ id: 'dental', notes: 'x'.repeat(5_001) }] })),
      ).toEqual({ 'sections.0.notes': [tooLong('Notes', 5_000)] })
    })
  })

  describe('recommendations', () => {
    const rec = (overrides: Record<string, unknown>) => ({
      id: 'rec_omt',
      label: 'Myofunctional therapy',
      selected: true,
      customValue: '',
      ...overrides,
    })
    const errorsFor = (recommendations: unknown[]) =>
      assessmentErrors(assessment({ recommendations }))

    it('accepts catalog recommendations with offered options', () => {
      expect(
        errorsFor([
          rec({ options: ['standard'], customValue: 'every 2 weeks' }),
          rec({
            id: 'rec_additional',
            label: 'Additional providers',
            options: ['chiropractor', 'podiatrist'],
          }),
          rec({ id: 'rec_custom', label: 'Other', customValue: 'Swim lessons' }),
        ]),
      ).toEqual({})
    })

    it('rejects unknown and repeated recommendations', () => {
      expect(errorsFor([rec({ id: 'rec_magic' })])).toEqual({
        'recommendations.0.id': [RECOMMENDATION_NOT_FOUND],
      })
      expect(errorsFor([rec({}), rec({})])).toEqual({
        'recommendations.1.id': [DUPLICATE_RECOMMENDATION],
      })
    })

    it('rejects options not offered, or several for a single choice', () => {
      const bad = [
        rec({ options: ['weekly'] }),
        rec({ id: 'rec_sleep_study', options: ['home_test', 'in_lab_psg'] }),
        rec({ id: 'rec_allergist', options: ['any'] }),
        rec({ id: 'rec_additional', options: ['podiatrist', 'podiatrist'] }),
      ]
      bad.forEach((entry) => {
        expect(errorsFor([entry]), JSON.stringify(entry)).toEqual({
          'recommendations.0.options': [INVALID_RECOMMENDATION_OPTION],
        })
      })
    })

    it('limits the free-text detail', () => {
      expect(errorsFor([rec({ customValue: 'x'.repeat(2_001) })])).toEqual({
        'recommendations.0.customValue': [tooLong('Detail', 2_000)],
      })
    })
  })
})
