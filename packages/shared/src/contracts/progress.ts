/**
 * What a new document may carry about earlier visits, read in the browser from documents the
 * therapist brought back (docs/product/documents.md#progress-across-visits): the key scores of
 * earlier assessments and the previous exercise program. It travels in the render request only,
 * like the rest of the session, and is never stored.
 */
import { z } from 'zod'
import { isIsoCalendarDate } from '../domain/dates'
import { SCALE_IDS } from '../domain/scales'
import { PROVIDER_TYPES } from '../domain/provider-types'
import { text } from './text'
import { CustomExerciseTextSchema } from './custom-exercises'

/** At most this many earlier documents are brought into one session. */
export const MAX_BROUGHT_DOCUMENTS = 10

const isoDate = text().refine(isIsoCalendarDate)

/** One computed score of a document, as printed: the scale and its number. */
export const ScaleScoreSchema = z.object({
  scale: z.enum(SCALE_IDS),
  value: z.number().finite(),
})
/** One score of one visit. */
export type ScaleScore = z.infer<typeof ScaleScoreSchema>

/** The provider types a referral letter of that visit was written to (its session file says). */
export const ReferredToSchema = z
  .array(z.enum(PROVIDER_TYPES))
  .max(PROVIDER_TYPES.length)
  .optional()

/** The scores of one earlier visit, with its date. */
export const VisitScoresSchema = z.object({
  date: isoDate,
  scores: z.array(ScaleScoreSchema).max(SCALE_IDS.length),
  /** A referral letter brought back: whom that visit referred to, for a progress letter. */
  referredTo: ReferredToSchema,
})
/** An earlier visit's scores. */
export type VisitScores = z.infer<typeof VisitScoresSchema>

/** Earlier assessments' scores, any order; the report sorts them by date. */
export const AssessmentHistorySchema = z.array(VisitScoresSchema).max(MAX_BROUGHT_DOCUMENTS)

/** One exercise of a program with the settings that make it progress. */
export const ProgramExerciseSchema = z.object({
  exerciseId: text().max(100),
  exerciseName: text().max(200),
  minutes: z.number().int().min(0).max(120),
  selectedVariation: text().max(200).default(''),
  frequency: text().max(100).default(''),
  /** A practice-library exercise's own words, so the next visit can start from it. */
  custom: CustomExerciseTextSchema.optional(),
})
/** An exercise of a program. */
export type ProgramExercise = z.infer<typeof ProgramExerciseSchema>

/** The previous program: its session date and its selected exercises. */
export const PreviousProgramSchema = z.object({
  date: isoDate,
  exercises: z.array(ProgramExerciseSchema).max(200),
})
/** A previous exercise program. */
export type PreviousProgram = z.infer<typeof PreviousProgramSchema>

/** The measures an exercise session records (its safety fields), compared visit to visit. */
export const MEASURE_IDS = ['controlPauseSeconds', 'stopBang', 'ahi', 'lowestSpO2'] as const
/** A measure of an exercise session. */
export type MeasureId = (typeof MEASURE_IDS)[number]

/** One measure as last recorded on an earlier document, with that document's date. */
export const MeasureReadingSchema = z.object({
  measure: z.enum(MEASURE_IDS),
  value: z.number().finite().min(0).max(300),
  date: isoDate,
})
/** A measure from an earlier visit. */
export type MeasureReading = z.infer<typeof MeasureReadingSchema>

/** Last time's value of each measure, at most one per measure. */
export const PreviousMeasuresSchema = z
  .array(MeasureReadingSchema)
  .max(MEASURE_IDS.length)
  .refine((readings) => new Set(readings.map((r) => r.measure)).size === readings.length, {
    message: 'Each measure at most once',
  })
