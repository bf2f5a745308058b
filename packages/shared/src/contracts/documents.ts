/**
 * Document requests:
 * - `POST /api/documents/assessment` and `/api/documents/patient-summary`: an assessment session;
 * - `POST /api/documents/exercise` and `/api/documents/after-visit-summary`: an exercise session.
 *
 * The browser form and the server route validate with the same schema. Beyond the spec's rules,
 * every id, option and value is checked against the assessment form, recommendation list and
 * exercise catalog, so a PDF template can print whatever passes without re-checking it.
 * Patient data is never stored (docs/architecture.md#no-phi-at-rest): nothing here has a database shape.
 */
import { z } from 'zod'
import { multilineText, text } from './text'
import {
  emailCheck,
  flagDuplicates,
  optionalDate,
  optionalText,
  requiredDate,
  requiredText,
} from './document-fields'
import { MAX_PHOTO_BYTES_PER_REQUEST, checkPhotoLimits, isPhotoDataUrl } from './document-photos'
import { AssessmentHistorySchema, PreviousMeasuresSchema, PreviousProgramSchema } from './progress'
import { HomePracticeSchema } from './companion'
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
  INVALID_ITEM_VALUE,
  INVALID_MINUTES,
  MEASURED_TODAY,
  TOO_MANY_MEASURED_EXERCISES,
  INVALID_PATIENT_EMAIL,
  INVALID_REFERRING_EMAIL,
  INVALID_PHOTO,
  INVALID_RECOMMENDATION_OPTION,
  INVALID_SESSION_NUMBER,
  ITEM_NOT_FOUND,
  ITEM_TYPE_MISMATCH,
  PATIENT_DATA_LABELS,
  PATIENT_DATA_REQUIRED,
  PHOTOS_TOO_LARGE,
  RECOMMENDATION_NOT_FOUND,
  SECTION_NOT_FOUND,
  SESSION_DATA_LABELS,
  SESSION_DATA_REQUIRED,
  TOO_MANY_PHOTOS,
  isRequired,
  outOfRange,
  tooLong,
} from '../constants/document-messages'
import { findItem, isSectionId, isValidItemValue } from '../domain/assessment-sections'
import { ITEM_TEXTAREA_MAX_LENGTH } from '../domain/assessment/items'
import { isIsoCalendarDate } from '../domain/dates'
import { findExercise, isExerciseCategoryId } from '../domain/exercise-catalog'
import { exerciseMeasureOf, MAX_MEASURED_EXERCISES } from '../domain/exercise-measure'
import { isCustomExerciseId } from '../domain/program-exercise'
import { CustomExerciseTextSchema } from './custom-exercises'
import { RECOMMENDATION_DETAIL_MAX_LENGTH, findRecommendation } from '../domain/recommendations'

// ---------------------------------------------------------------------------------------------
// Limits (the photos' own: ./document-photos)

/** Length limits of the free texts, ours: the spec sets none. */
export const DOCUMENT_TEXT_LIMITS = {
  name: 100,
  email: 254,
  referringParty: 200,
  shortText: 2_000,
  longText: 5_000,
  exerciseName: 200,
  variation: 200,
  customNote: 1_000,
  frequency: 100,
  photoName: 255,
} as const

/**
 * A body limit for the document routes: the photo limit as base64 (4/3 of the bytes) plus 2 MB
 * for the text. A larger body is refused before parsing, with `PHOTOS_TOO_LARGE` and 413.
 */
export const DOCUMENT_REQUEST_BODY_LIMIT_BYTES =
  Math.ceil((MAX_PHOTO_BYTES_PER_REQUEST * 4) / 3) + 2 * 1024 * 1024

// A first bound on an item's text before it is checked against its own item; twice the longest
// item text, so a note a little over its limit still gets the precise "must be at most" message.
const ITEM_VALUE_MAX_LENGTH = ITEM_TEXTAREA_MAX_LENGTH * 2

/** True for a validation issue the server should answer with 413 rather than 400. */
export function isPayloadTooLargeIssue(issue: { message: string }): boolean {
  return issue.message === TOO_MANY_PHOTOS || issue.message === PHOTOS_TOO_LARGE
}

// ---------------------------------------------------------------------------------------------
// Assessment

const P = PATIENT_DATA_LABELS
const L = DOCUMENT_TEXT_LIMITS

/** The patient block of an assessment. */
export const PatientDataSchema = z
  .object(
    {
      patientFirstName: requiredText(P.patientFirstName, L.name),
      patientLastName: requiredText(P.patientLastName, L.name),
      patientDOB: requiredDate(P.patientDOB),
      patientEmail: text()
        .trim()
        .max(L.email, tooLong(P.patientEmail, L.email))
        .refine((s) => s === '' || emailCheck.safeParse(s).success, INVALID_PATIENT_EMAIL)
        .default(''),
      assessmentDate: requiredDate(P.assessmentDate),
      referringParty: optionalText(P.referringParty, L.referringParty),
      /** Where the Send dialog addresses the report; optional, like the patient's. */
      referringPartyEmail: text()
        .trim()
        .max(L.email, tooLong(P.referringPartyEmail, L.email))
        .refine((s) => s === '' || emailCheck.safeParse(s).success, INVALID_REFERRING_EMAIL)
        .default(''),
      reasonForReferral: optionalText(P.reasonForReferral, L.shortText),
      patientChiefComplaint: optionalText(P.patientChiefComplaint, L.shortText),
      relevantMedicalHistory: optionalText(P.relevantMedicalHistory, L.longText),
      surgicalHistory: optionalText(P.surgicalHistory, L.longText),
      optimalSequencing: optionalText(P.optimalSequencing, L.longText),
      /** The therapist's conclusion, printed on the report's first page (docs/product/documents.md). */
      impression: optionalText(P.impression, L.longText),
    },
    { error: PATIENT_DATA_REQUIRED },
  )
  .superRefine((data, ctx) => {
    // Zod 4 runs this even when a date failed its own check, so compare only two valid dates
    // (as strings: ISO dates sort as text) rather than add a second, misleading error.
    const datesValid = isIsoCalendarDate(data.patientDOB) && isIsoCalendarDate(data.assessmentDate)
    if (datesValid && data.patientDOB > data.assessmentDate)
      ctx.addIssue({ code: 'custom', message: DOB_AFTER_ASSESSMENT, path: ['patientDOB'] })
  })
/** A valid patient block, defaults applied. */
export type PatientData = z.infer<typeof PatientDataSchema>

/** One photo of a section, already converted and compressed. */
export const ImageRecordSchema = z.object({
  id: text().min(1).max(100),
  name: text().max(L.photoName, tooLong('Photo name', L.photoName)),
  data: text().refine(isPhotoDataUrl, INVALID_PHOTO),
  /** Original file size in bytes. */
  size: z.number().int().nonnegative(),
  /** Size after compression, in bytes. */
  compressedSize: z.number().int().nonnegative(),
  uploadedAt: z.iso.datetime({ offset: true }),
})
/** A valid photo record. */
export type ImageRecord = z.infer<typeof ImageRecordSchema>

/** One item of a section: the value shape depends on the item's kind. */
export const AssessmentItemDataSchema = z.object({
  id: text().min(1).max(100),
  type: z.enum(['checkbox', 'input', 'textarea', 'select']),
  completed: z.boolean().default(false),
  // Shape only; the section checks the value against its item (options, range, length).
  value: z.union(
    [
      z.boolean(),
      z.number(),
      multilineText().max(ITEM_VALUE_MAX_LENGTH),
      z.array(text().max(100)).max(50),
      z.null(),
    ],
    { error: INVALID_ITEM_VALUE },
  ),
})
/** One item as sent: id, wire type, completed flag, value. */
export type AssessmentItemData = z.infer<typeof AssessmentItemDataSchema>

/** One section of an assessment: its items, photos and notes. */
export const AssessmentSectionDataSchema = z
  .object({
    id: text().max(100).refine(isSectionId, SECTION_NOT_FOUND),
    items: z.array(AssessmentItemDataSchema).max(200).default([]),
    images: z.array(ImageRecordSchema).default([]),
    notes: optionalText('Notes', L.longText),
  })
  .superRefine((section, ctx) => {
    if (!isSectionId(section.id)) return
    flagDuplicates(section.items, 'id', DUPLICATE_ITEM, ctx, ['items'])
    section.items.forEach((entry, index) => {
      const item = findItem(section.id, entry.id)
      const at = (key: string) => ['items', index, key]
      if (!item) ctx.addIssue({ code: 'custom', message: ITEM_NOT_FOUND, path: at('id') })
      else if (item.type !== entry.type)
        ctx.addIssue({ code: 'custom', message: ITEM_TYPE_MISMATCH, path: at('type') })
      else if (!isValidItemValue(item, entry.value)) {
        const tooLongText =
          (item.kind === 'text' || item.kind === 'textarea') &&
          typeof entry.value === 'string' &&
          entry.value.length > item.maxLength
        const message = tooLongText ? tooLong(item.label, item.maxLength) : INVALID_ITEM_VALUE
        ctx.addIssue({ code: 'custom', message, path: at('value') })
      }
    })
  })

/** One end-of-assessment recommendation. */
export const RecommendationEntrySchema = z
  .object({
    id: text().max(50),
    label: text().trim().max(200),
    selected: z.boolean(),
    /** Free-text detail: visit interval, reason, weeks, or the text of "Other". */
    customValue: multilineText()
      .max(RECOMMENDATION_DETAIL_MAX_LENGTH, tooLong('Detail', RECOMMENDATION_DETAIL_MAX_LENGTH))
      .default(''),
    /** Ids of the chosen detail options (see `Recommendation.options`). */
    options: z.array(text().max(50)).max(20).default([]),
  })
  .superRefine((entry, ctx) => {
    const recommendation = findRecommendation(entry.id)
    if (!recommendation) {
      ctx.addIssue({ code: 'custom', message: RECOMMENDATION_NOT_FOUND, path: ['id'] })
      return
    }
    const offered = recommendation.options
    const valid =
      entry.options.every((id) => offered?.items.some((o) => o.id === id)) &&
      new Set(entry.options).size === entry.options.length &&
      (offered?.multiple || entry.options.length <= 1)
    if (!valid)
      ctx.addIssue({ code: 'custom', message: INVALID_RECOMMENDATION_OPTION, path: ['options'] })
  })

/**
 * `POST /api/documents/assessment` and `/api/documents/patient-summary`. Sections and
 * recommendations may be empty. Photo limits are checked even when other fields fail, so the
 * server can answer 413 (`isPayloadTooLargeIssue`) instead of a field list.
 */
export const AssessmentDocumentRequestSchema = z
  .object({
    patientData: PatientDataSchema,
    sections: z
      .array(AssessmentSectionDataSchema)
      .max(20)
      .default([])
      .superRefine((sections, ctx) => flagDuplicates(sections, 'id', DUPLICATE_SECTION, ctx)),
    recommendations: z
      .array(RecommendationEntrySchema)
      .max(50)
      .default([])
      .superRefine((entries, ctx) => flagDuplicates(entries, 'id', DUPLICATE_RECOMMENDATION, ctx)),
    /** Scores of earlier visits, read from documents brought back: a re-evaluation's progress. */
    history: AssessmentHistorySchema.optional(),
    /** Home practice from a checked practice summary of the companion: the report prints it. */
    homePractice: HomePracticeSchema.optional(),
  })
  .superRefine(
    (_request, ctx) => {
      const message = checkPhotoLimits(ctx.value)
      if (message) ctx.addIssue({ code: 'custom', message, path: ['sections'] })
    },
    { when: () => true },
  )
/** A valid assessment request: what the PDF templates receive. */
export type AssessmentDocumentRequest = z.infer<typeof AssessmentDocumentRequestSchema>

// ---------------------------------------------------------------------------------------------
// Exercise prescription

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
