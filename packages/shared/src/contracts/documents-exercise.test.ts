// Unit: the exercise document request contract, every message of its schema and its dates.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  AT_LEAST_ONE_EXERCISE,
  DUPLICATE_EXERCISE,
  EXERCISE_CATEGORY_NOT_FOUND,
  EXERCISE_NOT_FOUND,
  FOLLOW_UP_BEFORE_SESSION,
  INVALID_DATE_FORMAT,
  INVALID_MINUTES,
  INVALID_SESSION_NUMBER,
  MEASURED_TODAY,
  outOfRange,
  SESSION_DATA_REQUIRED,
  TOO_MANY_MEASURED_EXERCISES,
  tooLong,
} from '../constants/document-messages'
import { ExerciseDocumentRequestSchema } from './documents'

/** `{ "patientData.patientDOB": "Invalid date format", … }`, the shape the API's `fields` use. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message)
  return fields
}

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

  it('takes a measured practice exercise’s reading from 0 to 9999, and at most four measured exercises', () => {
    const measured = (n: number, overrides: Record<string, unknown> = {}) =>
      selection({
        sectionId: 'tongue_function_posture',
        exerciseId: `custom-6d1f6a4e-0000-4000-8000-00000000c00${n}`,
        exerciseName: `Hold ${n}`,
        variations: [],
        selectedVariation: '',
        custom: { name: `Hold ${n}`, steps: ['Hold.'], measureUnit: 'seconds' },
        ...overrides,
      })
    const parsed = ExerciseDocumentRequestSchema.parse(
      exerciseRequest({ exercises: [measured(1, { measuredToday: 12.5 })] }),
    )
    expect(parsed.exercises[0]).toMatchObject({ measuredToday: 12.5 })
    expect(
      exerciseErrors(exerciseRequest({ exercises: [measured(1, { measuredToday: 10_000 })] })),
    ).toEqual({ 'exercises.0.measuredToday': [outOfRange(MEASURED_TODAY, 9_999)] })

    const control = selection({
      sectionId: 'breathing',
      exerciseId: 'control_pause_check',
      exerciseName: 'Control pause check',
      variations: [],
      selectedVariation: '',
    })
    const four = [control, measured(1), measured(2), measured(3)]
    expect(exerciseErrors(exerciseRequest({ exercises: four }))).toEqual({})
    expect(exerciseErrors(exerciseRequest({ exercises: [...four, measured(4)] }))).toEqual({
      exercises: [TOO_MANY_MEASURED_EXERCISES],
    })
    // An unticked one takes no column.
    expect(
      exerciseErrors(exerciseRequest({ exercises: [...four, measured(4, { selected: false })] })),
    ).toEqual({})
  })
})
