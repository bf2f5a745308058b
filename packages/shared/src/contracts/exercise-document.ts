/**
 * The exercise session's document request: `POST /api/documents/exercise` and
 * `/api/documents/after-visit-summary`, checked against the exercise catalog. Apart from the
 * assessment's request (./documents.ts, which re-exports this) so the exercise side's modules do
 * not import the assessment form's sections and recommendation list through it.
 */
import { z } from 'zod'
import {
  flagDuplicates,
  optionalDate,
  optionalText,
  requiredDate,
  requiredText,
} from './document-fields'
import { DOCUMENT_TEXT_LIMITS } from './document-text-limits'
import { PreviousMeasuresSchema, PreviousProgramSchema } from './progress'
import { HomePracticeSchema } from './companion'
import { CustomExerciseTextSchema } from './custom-exercises'
import {
  AT_LEAST_ONE_EXERCISE,
  DUPLICATE_EXERCISE,
  EXERCISE_CATEGORY_NOT_FOUND,
  EXERCISE_NOT_FOUND,
  FOLLOW_UP_BEFORE_SESSION,
  INVALID_MINUTES,
  INVALID_SESSION_NUMBER,
  MEASURED_TODAY,
  SESSION_DATA_LABELS,
  SESSION_DATA_REQUIRED,
  TOO_MANY_MEASURED_EXERCISES,
  isRequired,
  outOfRange,
  tooLong,
} from '../constants/document-messages'
import { isIsoCalendarDate } from '../domain/dates'
import { findExercise, isExerciseCategoryId } from '../domain/exercise-catalog'
import { exerciseMeasureOf, MAX_MEASURED_EXERCISES } from '../domain/exercise-measure'
import { isCustomExerciseId } from '../domain/program-exercise'
import { text } from './text'

const L = DOCUMENT_TEXT_LIMITS

const S = SESSION_DATA_LABELS

// A measurement the therapist may leave empty (null); `integer` for counts such as STOP-BANG.
const optionalMeasure = (label: string, max: number, integer = false) => {
  const n = z.number({ error: outOfRange(label, max) }).min(0, outOfRange(label, max))
  return (integer ? n.int(outOfRange(label, max)) : n)
    .max(max, outOfRange(label, max))
    .nullable()
    .default(null)
}

/**
 * What the exercise safety rules read about the patient (docs/product/clinical-content.md#exercise-safety),
 * taken over from an open assessment of the same patient or typed on the exercise page.
 */
export const SessionSafetySchema = z
  .object({
    controlPauseSeconds: optionalMeasure(S.controlPauseSeconds, 300),
    asthma: z.boolean().default(false),
    stopBang: optionalMeasure(S.stopBang, 8, true),
    ahi: optionalMeasure(S.ahi, 200),
    lowestSpO2: optionalMeasure(S.lowestSpO2, 100),
    highBloodPressure: z.boolean().default(false),
    dysphagia: z.boolean().default(false),
    stroke: z.boolean().default(false),
    slpSwallowCare: z.boolean().default(false),
    /** The day a tongue- or lip-tie was released, for the post-operative caution. */
    releaseDate: optionalDate(),
  })
  .prefault({})

/** What happened at this visit, printed on the after-visit summary only when entered. */
export const SessionVisitSchema = z
  .object({
    workedOn: optionalText(S.workedOn, L.shortText),
    observations: optionalText(S.observations, L.shortText),
    measures: optionalText(S.measures, L.shortText),
    progressNotes: optionalText(S.progressNotes, L.shortText),
    programChanges: optionalText(S.programChanges, L.shortText),
  })
  .prefault({})

/** The header of an exercise session. */
export const SessionDataSchema = z
  .object(
    {
      patientFirstName: requiredText(S.patientFirstName, L.name),
      patientLastName: requiredText(S.patientLastName, L.name),
      sessionDate: requiredDate(S.sessionDate),
      // NaN is what an emptied number input gives; zod reports it as the type error, i.e. required.
      /** Optional second identifier printed on the home documents (docs/product/documents.md). */
      patientDOB: optionalDate(),
      sessionNumber: z
        .number({ error: isRequired(S.sessionNumber) })
        .int(INVALID_SESSION_NUMBER)
        .min(1, INVALID_SESSION_NUMBER)
        .max(999, INVALID_SESSION_NUMBER),
      followUpDate: optionalDate(),
      additionalNotes: optionalText(S.additionalNotes, L.longText),
      safety: SessionSafetySchema,
      visit: SessionVisitSchema,
    },
    { error: SESSION_DATA_REQUIRED },
  )
  .superRefine((data, ctx) => {
    const datesValid = isIsoCalendarDate(data.followUpDate) && isIsoCalendarDate(data.sessionDate)
    if (datesValid && data.followUpDate < data.sessionDate)
      ctx.addIssue({ code: 'custom', message: FOLLOW_UP_BEFORE_SESSION, path: ['followUpDate'] })
  })

// A reading of a measured custom exercise: seconds, a count or millimeters, never above this.
const MEASURED_TODAY_MAX = 9_999

/** One exercise of a session; `sectionId` is its category. */
export const ExerciseSelectionSchema = z
  .object({
    sectionId: text().max(50).refine(isExerciseCategoryId, EXERCISE_CATEGORY_NOT_FOUND),
    exerciseId: text().max(100),
    exerciseName: text().trim().max(L.exerciseName, tooLong('Exercise name', L.exerciseName)),
    selected: z.boolean(),
    minutes: z
      .number({ error: INVALID_MINUTES })
      .int(INVALID_MINUTES)
      .min(0, INVALID_MINUTES)
      .max(120, INVALID_MINUTES),
    variations: z.array(text().max(L.variation)).max(20).default([]),
    selectedVariation: text().max(L.variation, tooLong('Variation', L.variation)).default(''),
    customNote: optionalText('Note', L.customNote),
    frequency: optionalText('Frequency', L.frequency),
    /**
     * A practice-library exercise carries its own words (docs/product/clinical-content.md#custom-exercises),
     * so the document prints the same after the library entry changes; its id starts `custom-`.
     */
    custom: CustomExerciseTextSchema.optional(),
    /**
     * A measured custom exercise's reading at this visit (its `measureUnit`), printed as "Measured
     * today" like the control pause; empty when not taken.
     */
    measuredToday: z
      .number({ error: outOfRange(MEASURED_TODAY, MEASURED_TODAY_MAX) })
      .min(0, outOfRange(MEASURED_TODAY, MEASURED_TODAY_MAX))
      .max(MEASURED_TODAY_MAX, outOfRange(MEASURED_TODAY, MEASURED_TODAY_MAX))
      .nullable()
      .optional(),
  })
  .superRefine((entry, ctx) => {
    const known = entry.custom
      ? isCustomExerciseId(entry.exerciseId)
      : !isExerciseCategoryId(entry.sectionId) || findExercise(entry.sectionId, entry.exerciseId)
    if (!known) ctx.addIssue({ code: 'custom', message: EXERCISE_NOT_FOUND, path: ['exerciseId'] })
  })

/** `POST /api/documents/exercise` and `/api/documents/after-visit-summary`. */
export const ExerciseDocumentRequestSchema = z.object({
  sessionData: SessionDataSchema,
  exercises: z
    .array(ExerciseSelectionSchema, { error: AT_LEAST_ONE_EXERCISE })
    .max(200)
    .superRefine((entries, ctx) => {
      flagDuplicates(entries, 'exerciseId', DUPLICATE_EXERCISE, ctx)
      if (!entries.some((e) => e.selected))
        ctx.addIssue({ code: 'custom', message: AT_LEAST_ONE_EXERCISE })
      if (entries.filter((e) => e.selected && exerciseMeasureOf(e)).length > MAX_MEASURED_EXERCISES)
        ctx.addIssue({ code: 'custom', message: TOO_MANY_MEASURED_EXERCISES })
    }),
  /** The program of a document brought back: the prescription lists what changed. */
  previousProgram: PreviousProgramSchema.optional(),
  /** Last time's measures, from the documents brought back: the after-visit summary compares. */
  previousMeasures: PreviousMeasuresSchema.optional(),
  /** Home practice from a checked practice summary of the companion: the prescription prints it. */
  homePractice: HomePracticeSchema.optional(),
})
/** A valid exercise request: what the PDF templates receive. */
export type ExerciseDocumentRequest = z.infer<typeof ExerciseDocumentRequestSchema>
/** What a form holds before parsing (defaults not yet applied). */
export type ExerciseDocumentRequestInput = z.input<typeof ExerciseDocumentRequestSchema>
