// Unit: the document request contracts, every message of both schemas, dates and photo limits.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  AT_LEAST_ONE_EXERCISE,
  DOB_AFTER_ASSESSMENT,
  DUPLICATE_EXERCISE,
  DUPLICATE_ITEM,
  DUPLICATE_RECOMMENDATION,
  DUPLICATE_SECTION,
  EXERCISE_CATEGORY_NOT_FOUND,
  EXERCISE_NOT_FOUND,
  FOLLOW_UP_BEFORE_SESSION,
  INVALID_DATE_FORMAT,
  INVALID_ITEM_VALUE,
  INVALID_MINUTES,
  INVALID_PATIENT_EMAIL,
  INVALID_REFERRING_EMAIL,
  INVALID_PHOTO,
  INVALID_RECOMMENDATION_OPTION,
  INVALID_SESSION_NUMBER,
  ITEM_NOT_FOUND,
  ITEM_TYPE_MISMATCH,
  PATIENT_DATA_REQUIRED,
  PHOTOS_TOO_LARGE,
  RECOMMENDATION_NOT_FOUND,
  SECTION_NOT_FOUND,
  SESSION_DATA_REQUIRED,
  TOO_MANY_PHOTOS,
  tooLong,
} from '../constants/document-messages'
import {
  MAX_PHOTOS_PER_REQUEST,
  MAX_PHOTO_BYTES_PER_REQUEST,
  checkPhotoLimits,
  dataUrlByteSize,
  isPhotoDataUrl,
  photoTotals,
} from './document-photos'
import {
  AssessmentDocumentRequestSchema,
  DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
  ExerciseDocumentRequestSchema,
  isPayloadTooLargeIssue,
} from './documents'

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

/** A base64 JPEG data URL decoding to exactly `bytes` bytes. */
function jpeg(bytes: number): string {
  const groups = Math.floor(bytes / 3)
  const rest = bytes % 3
  const tail = rest === 0 ? '' : rest === 1 ? 'AA==' : 'AAA='
  // "/9j/" is a JPEG's first three bytes (FF D8 FF); the rest are zeros.
  const body = groups === 0 ? '' : `/9j/${'A'.repeat((groups - 1) * 4)}`
  return `data:image/jpeg;base64,${body}${tail}`
}

const photo = (data = jpeg(1_000), id = 'p1') => ({
  id,
  name: 'profile.jpg',
  data,
  size: 2_000,
  compressedSize: 1_000,
  uploadedAt: '2025-03-14T10:00:00.000Z',
})
const sectionWithPhotos = (id: string, photos: ReturnType<typeof photo>[]) => ({
  id,
  items: [],
  images: photos,
  notes: '',
})

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

  describe('photos', () => {
    it('accepts JPEG and PNG data URLs', () => {
      const png = photo('data:image/png;base64,iVBORw0KGgo=', 'p2')
      expect(
        assessmentErrors(assessment({ sections: [sectionWithPhotos('dental', [photo(), png])] })),
      ).toEqual({})
    })

    it.each([
      ['a GIF', 'data:image/gif;base64,R0lGODlh'],
      ['a remote URL', 'https://example.com/a.jpg'],
      ['broken base64', 'data:image/jpeg;base64,abc$'],
      ['truncated base64', 'data:image/jpeg;base64,abcde'],
      ['plain text', 'hello'],
    ])('rejects %s', (_name, data) => {
      expect(
        assessmentErrors(assessment({ sections: [sectionWithPhotos('dental', [photo(data)])] })),
      ).toEqual({ 'sections.0.images.0.data': [INVALID_PHOTO] })
    })

    it(`accepts ${MAX_PHOTOS_PER_REQUEST} photos across sections and refuses one more, as 413`, () => {
      const photos = (n: number, prefix: string) =>
        Array.from({ length: n }, (_, i) => photo(jpeg(1_000), `${prefix}${i}`))
      const twelve = [
        sectionWithPhotos('tongue_lips', photos(6, 'a')),
        sectionWithPhotos('dental', photos(6, 'b')),
      ]
      expect(assessmentErrors(assessment({ sections: twelve }))).toEqual({})
      const thirteen = [...twelve, sectionWithPhotos('head_neck', photos(1, 'c'))]
      expect(assessmentErrors(assessment({ sections: thirteen }))).toEqual({
        sections: [TOO_MANY_PHOTOS],
      })
      expect(checkPhotoLimits({ sections: thirteen })).toBe(TOO_MANY_PHOTOS)
    })

    it('accepts exactly 15 MB of photo data and refuses one byte more, as 413', () => {
      const chunk = MAX_PHOTO_BYTES_PER_REQUEST / 3
      const atLimit = [photo(jpeg(chunk), 'a'), photo(jpeg(chunk), 'b'), photo(jpeg(chunk), 'c')]
      expect(photoTotals({ sections: [sectionWithPhotos('dental', atLimit)] }).bytes).toBe(
        MAX_PHOTO_BYTES_PER_REQUEST,
      )
      expect(
        assessmentErrors(assessment({ sections: [sectionWithPhotos('dental', atLimit)] })),
      ).toEqual({})

      const over = [...atLimit.slice(0, 2), photo(jpeg(chunk + 1), 'c')]
      const result = AssessmentDocumentRequestSchema.safeParse(
        assessment({ sections: [sectionWithPhotos('dental', over)] }),
      )
      expect(result.error?.issues.map((i) => i.message)).toEqual([PHOTOS_TOO_LARGE])
      expect(result.error?.issues.every(isPayloadTooLargeIssue)).toBe(true)
    })

    it('reports the photo limit even when other fields are invalid', () => {
      const photos = Array.from({ length: 13 }, (_, i) => photo(jpeg(10), `p${i}`))
      const errors = assessmentErrors({
        patientData: patientData({ patientFirstName: '' }),
        sections: [sectionWithPhotos('dental', photos)],
      })
      expect(errors).toEqual({
        'patientData.patientFirstName': ['Patient First Name is required'],
        sections: [TOO_MANY_PHOTOS],
      })
      // A missing block aborts parsing of the object; the photo check still runs.
      expect(assessmentErrors({ sections: [sectionWithPhotos('dental', photos)] })).toEqual({
        patientData: [PATIENT_DATA_REQUIRED],
        sections: [TOO_MANY_PHOTOS],
      })
    })

    it('tells 413 issues from the others', () => {
      expect(isPayloadTooLargeIssue({ message: TOO_MANY_PHOTOS })).toBe(true)
      expect(isPayloadTooLargeIssue({ message: PHOTOS_TOO_LARGE })).toBe(true)
      expect(isPayloadTooLargeIssue({ message: SECTION_NOT_FOUND })).toBe(false)
    })

    it('states the limits in its messages', () => {
      expect(TOO_MANY_PHOTOS).toContain(String(MAX_PHOTOS_PER_REQUEST))
      expect(PHOTOS_TOO_LARGE).toContain(`${MAX_PHOTO_BYTES_PER_REQUEST / 1024 / 1024} MB`)
    })

    it('sizes the body limit for the photo limit in base64 plus text', () => {
      expect(DOCUMENT_REQUEST_BODY_LIMIT_BYTES).toBeGreaterThan(
        (MAX_PHOTO_BYTES_PER_REQUEST * 4) / 3,
      )
    })
  })
})

describe('photo helpers', () => {
  it.each([0, 1, 2, 3, 4, 5, 1_000, 1_048_576])('dataUrlByteSize measures %s bytes', (bytes) => {
    expect(dataUrlByteSize(jpeg(bytes))).toBe(bytes)
  })

  it('matches a real base64 encoding', () => {
    const raw = 'any carnal pleas'
    expect(dataUrlByteSize(`data:image/png;base64,${btoa(raw)}`)).toBe(raw.length)
    expect(dataUrlByteSize(`data:image/png;base64,${btoa(raw.slice(1))}`)).toBe(raw.length - 1)
  })

  it('measures 0 for anything that is not a data URL', () => {
    expect(dataUrlByteSize('https://example.com/a.jpg')).toBe(0)
    expect(dataUrlByteSize('data:image/png;base64')).toBe(0)
  })

  it('isPhotoDataUrl accepts only base64 JPEG or PNG, checked by its bytes', () => {
    const png = `data:image/png;base64,${btoa('\x89PNG\r\n\x1a\n\0\0\0\rIHDR')}`
    expect(isPhotoDataUrl(jpeg(30))).toBe(true)
    expect(isPhotoDataUrl(png)).toBe(true)
    expect(isPhotoDataUrl('data:image/png;base64,')).toBe(false)
    expect(isPhotoDataUrl('data:image/webp;base64,AAAA')).toBe(false)
    expect(isPhotoDataUrl('data:image/jpeg,AAAA')).toBe(false)
    // A PNG's bytes labelled as a JPEG, and a JPEG's as a PNG.
    expect(isPhotoDataUrl(png.replace('image/png', 'image/jpeg'))).toBe(false)
    expect(isPhotoDataUrl(jpeg(30).replace('image/jpeg', 'image/png'))).toBe(false)
    // Not standard base64: a character outside it, the URL-safe alphabet, white space, a
    // misplaced or missing pad.
    const body = jpeg(30).slice('data:image/jpeg;base64,'.length)
    for (const bad of [
      `${body.slice(0, 8)}!${body.slice(9)}`,
      `${body.slice(0, 8)}-${body.slice(9)}`,
      `${body.slice(0, 8)}_${body.slice(9)}`,
      `${body.slice(0, 8)} ${body.slice(9)}`,
      `${body.slice(0, 8)}=${body.slice(9)}`,
      body.slice(0, -1),
    ]) {
      expect(isPhotoDataUrl(`data:image/jpeg;base64,${bad}`)).toBe(false)
    }
  })

  it('photoTotals and checkPhotoLimits tolerate any body', () => {
    for (const body of [
      undefined,
      null,
      'x',
      42,
      {},
      { sections: 'x' },
      { sections: [null, { images: 7 }] },
    ]) {
      expect(photoTotals(body)).toEqual({ count: 0, bytes: 0 })
      expect(checkPhotoLimits(body)).toBeNull()
    }
  })
})

// ---------------------------------------------------------------------------------------------

const sessionData = (overrides: Record<string, unknown> = {}) => ({
  patientFirstName: 'Ada',
  patientLastName: 'Lovelace',
  sessionDate: '2025-03-14',
  sessionNumber: 3,
  ...overrides,
})
const selection = (overrides: Record<string, unknown> = {}) => ({
  sectionId: 'swallowing',
  exerciseId: 'elastic_swallow',
  exerciseName: 'Elastic swallow',
  selected: true,
  minutes: 2,
  variations: ['Two elastics', 'with water', 'with food'],
  selectedVariation: 'with water',
  customNote: '',
  frequency: '2× daily',
  ...overrides,
})
const exerciseRequest = (overrides: Record<string, unknown> = {}) => ({
  sessionData: sessionData(),
  exercises: [selection()],
  ...overrides,
})
const exerciseErrors = (input: unknown) => fieldErrors(ExerciseDocumentRequestSchema, input)

describe('ExerciseDocumentRequestSchema', () => {
  it('accepts a session with one selected exercise and fills the optional fields', () => {
    const parsed = ExerciseDocumentRequestSchema.parse(
      exerciseRequest({
        exercises: [{ ...selection(), variations: undefined, customNote: undefined }],
      }),
    )
    expect(parsed.sessionData).toEqual({
      ...sessionData(),
      followUpDate: '',
      additionalNotes: '',
      patientDOB: '',
      safety: {
        controlPauseSeconds: null,
        stopBang: null,
        asthma: false,
        ahi: null,
        lowestSpO2: null,
        highBloodPressure: false,
        dysphagia: false,
        stroke: false,
        slpSwallowCare: false,
        releaseDate: '',
      },
      visit: {
        workedOn: '',
        observations: '',
        measures: '',
        progressNotes: '',
        programChanges: '',
      },
    })
    expect(parsed.exercises[0]).toMatchObject({ variations: [], customNote: '' })
  })

  it('says "Session data is required" when sessionData is missing', () => {
    expect(exerciseErrors({ exercises: [selection()] })).toEqual({
      sessionData: [SESSION_DATA_REQUIRED],
    })
  })

  it.each([
    ['patientFirstName', 'Patient First Name is required'],
    ['patientLastName', 'Patient Last Name is required'],
    ['sessionDate', 'Session Date is required'],
  ])('requires %s', (field, message) => {
    for (const value of [undefined, '', '  '])
      expect(
        exerciseErrors(exerciseRequest({ sessionData: sessionData({ [field]: value }) })),
      ).toEqual({
        [`sessionData.${field}`]: [message],
      })
  })

  it('requires the session number, including an emptied number input (NaN)', () => {
    for (const value of [undefined, null, Number.NaN, ''])
      expect(
        exerciseErrors(exerciseRequest({ sessionData: sessionData({ sessionNumber: value }) })),
      ).toEqual({
        'sessionData.sessionNumber': ['Session Number is required'],
      })
  })

  it.each([0, -1, 1.5, 1_000])('rejects session number %s', (value) => {
    expect(
      exerciseErrors(exerciseRequest({ sessionData: sessionData({ sessionNumber: value }) })),
    ).toEqual({
      'sessionData.sessionNumber': [INVALID_SESSION_NUMBER],
    })
  })

  it.each([
    ['sessionDate', '2024-02-29', {}],
    ['sessionDate', '2023-02-29', { 'sessionData.sessionDate': [INVALID_DATE_FORMAT] }],
    ['sessionDate', '2024-13-01', { 'sessionData.sessionDate': [INVALID_DATE_FORMAT] }],
    ['followUpDate', '', {}],
    ['followUpDate', '2025-04-01', {}],
    ['followUpDate', '2025-02-30', { 'sessionData.followUpDate': [INVALID_DATE_FORMAT] }],
    ['followUpDate', 'next week', { 'sessionData.followUpDate': [INVALID_DATE_FORMAT] }],
    ['followUpDate', null, { 'sessionData.followUpDate': [INVALID_DATE_FORMAT] }],
  ])('checks %s %j', (field, value, expected) => {
    const data = sessionData({ sessionDate: '2024-02-29', [field]: value })
    expect(exerciseErrors(exerciseRequest({ sessionData: data }))).toEqual(expected)
  })

  it('rejects a follow-up before the session, allows the same day', () => {
    expect(
      exerciseErrors(exerciseRequest({ sessionData: sessionData({ followUpDate: '2025-03-13' }) })),
    ).toEqual({
      'sessionData.followUpDate': [FOLLOW_UP_BEFORE_SESSION],
    })
    expect(
      exerciseErrors(exerciseRequest({ sessionData: sessionData({ followUpDate: '2025-03-14' }) })),
    ).toEqual({})
  })

  it('says "At least one exercise must be selected" for none, an empty list or nothing selected', () => {
    expect(exerciseErrors({ sessionData: sessionData() })).toEqual({
      exercises: [AT_LEAST_ONE_EXERCISE],
    })
    expect(exerciseErrors(exerciseRequest({ exercises: [] }))).toEqual({
      exercises: [AT_LEAST_ONE_EXERCISE],
    })
    expect(
      exerciseErrors(exerciseRequest({ exercises: [selection({ selected: false })] })),
    ).toEqual({
      exercises: [AT_LEAST_ONE_EXERCISE],
    })
  })

  it('rejects an unknown category, an exercise of another category, and repeats', () => {
    expect(
      exerciseErrors(exerciseRequest({ exercises: [selection({ sectionId: 'yoga' })] })),
    ).toEqual({
      'exercises.0.sectionId': [EXERCISE_CATEGORY_NOT_FOUND],
    })
    expect(
      exerciseErrors(exerciseRequest({ exercises: [selection({ sectionId: 'breathing' })] })),
    ).toEqual({
      'exercises.0.exerciseId': [EXERCISE_NOT_FOUND],
    })
    expect(
      exerciseErrors(exerciseRequest({ exercises: [selection({ exerciseId: 'backflip' })] })),
    ).toEqual({
      'exercises.0.exerciseId': [EXERCISE_NOT_FOUND],
    })
    expect(exerciseErrors(exerciseRequest({ exercises: [selection(), selection()] }))).toEqual({
      'exercises.1.exerciseId': [DUPLICATE_EXERCISE],
    })
  })

  it.each([-1, 1.5, 121, Number.NaN, '2'])('rejects %j minutes', (minutes) => {
    expect(exerciseErrors(exerciseRequest({ exercises: [selection({ minutes })] }))).toEqual({
      'exercises.0.minutes': [INVALID_MINUTES],
    })
  })

  it('limits free texts', () => {
    expect(
      exerciseErrors(
        exerciseRequest({
          sessionData: sessionData({ additionalNotes: 'x'.repeat(5_001) }),
          exercises: [selection({ customNote: 'x'.repeat(1_001), frequency: 'x'.repeat(101) })],
        }),
      ),
    ).toEqual({
      'sessionData.additionalNotes': [tooLong('Additional Notes', 5_000)],
      'exercises.0.customNote': [tooLong('Note', 1_000)],
      'exercises.0.frequency': [tooLong('Frequency', 100)],
    })
  })
})
