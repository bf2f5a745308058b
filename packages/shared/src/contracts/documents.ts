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
import { DOCUMENT_TEXT_LIMITS } from './document-text-limits'
import {
  emailCheck,
  flagDuplicates,
  optionalText,
  requiredDate,
  requiredText,
} from './document-fields'
import { MAX_PHOTO_BYTES_PER_REQUEST, checkPhotoLimits, isPhotoDataUrl } from './document-photos'
import { AssessmentHistorySchema } from './progress'
import { HomePracticeSchema } from './companion'
import {
  DOB_AFTER_ASSESSMENT,
  DUPLICATE_ITEM,
  DUPLICATE_RECOMMENDATION,
  DUPLICATE_SECTION,
  INVALID_ITEM_VALUE,
  INVALID_PATIENT_EMAIL,
  INVALID_REFERRING_EMAIL,
  INVALID_PHOTO,
  INVALID_RECOMMENDATION_OPTION,
  ITEM_NOT_FOUND,
  ITEM_TYPE_MISMATCH,
  PATIENT_DATA_LABELS,
  PATIENT_DATA_REQUIRED,
  PHOTOS_TOO_LARGE,
  RECOMMENDATION_NOT_FOUND,
  SECTION_NOT_FOUND,
  TOO_MANY_PHOTOS,
  tooLong,
} from '../constants/document-messages'
import { findItem, isSectionId, isValidItemValue } from '../domain/assessment-sections'
import { ITEM_TEXTAREA_MAX_LENGTH } from '../domain/assessment/items'
import { isIsoCalendarDate } from '../domain/dates'
import { RECOMMENDATION_DETAIL_MAX_LENGTH, findRecommendation } from '../domain/recommendations'

// ---------------------------------------------------------------------------------------------
// Limits (the photos' own: ./document-photos; the texts': ./document-text-limits)

export { DOCUMENT_TEXT_LIMITS } from './document-text-limits'

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
// Exercise prescription: ./exercise-document

export { ExerciseDocumentRequestSchema } from './exercise-document'
export type { ExerciseDocumentRequest, ExerciseDocumentRequestInput } from './exercise-document'
