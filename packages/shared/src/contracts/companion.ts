/**
 * The home-program companion (docs/product/companion.md, docs/decisions/020-companion.md): the
 * program as it travels to the patient's phone in the link's fragment, the practice summary the
 * phone hands back, the call that checks a summary, and the adherence a document prints from it.
 * Nothing here is stored by the server.
 */
import { z } from 'zod'
import { isIsoCalendarDate } from '../domain/dates'
import { multilineText, text } from './text'

const isoDate = text().refine(isIsoCalendarDate)
const optionalIsoDate = text().refine((v) => v === '' || isIsoCalendarDate(v))
/** A base64url string of `bytes` bytes, no padding. */
const base64url = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`))

/** Bytes of a program id: 3 of the issuing practice's tag, 6 of the session's own. */
export const PROGRAM_ID_BYTES = 9
/** Bytes of the key the phone signs its practice summary with. */
export const SUMMARY_KEY_BYTES = 16

/** An exercise the practice wrote itself: its words travel in the link. */
export const CustomExerciseSchema = z.object({
  name: text().min(1).max(120),
  instruction: multilineText().max(400).default(''),
  steps: z.array(text().max(300)).max(6).default([]),
  dose: text().max(120).default(''),
})
/** A practice's own exercise. */
export type CustomExercise = z.infer<typeof CustomExerciseSchema>

/**
 * One exercise of a companion program: a catalog exercise by id (its name, steps and dose come
 * from the catalog the companion carries) or a custom one with its text.
 */
export const CompanionExerciseSchema = z
  .object({
    id: text().max(100).default(''),
    custom: CustomExerciseSchema.optional(),
    /** The name the therapist typed over the catalog's, if any. */
    name: text().max(200).default(''),
    minutes: z.number().int().min(0).max(120),
    frequency: text().max(100).default(''),
    variation: text().max(200).default(''),
    note: multilineText().max(500).default(''),
    /** The practice's demo video for it, https only. */
    video: text()
      .max(300)
      .refine((v) => v === '' || v.startsWith('https://'))
      .default(''),
  })
  .refine((e) => (e.id === '') !== (e.custom === undefined), {
    message: 'An exercise is either from the catalog or custom',
  })
/** An exercise of a companion program. */
export type CompanionExercise = z.infer<typeof CompanionExerciseSchema>

/** The program on the phone, as decoded from its link. */
export const CompanionProgramSchema = z.object({
  /** Base64url; the same for every link made from one exercise session. */
  programId: base64url(PROGRAM_ID_BYTES),
  /** Base64url; signs the practice summary (see `practice-summary.ts`). */
  summaryKey: base64url(SUMMARY_KEY_BYTES),
  /** The session date the program was prescribed on. */
  issued: isoDate,
  /** The next visit; empty when not set (the log then runs `DEFAULT_PROGRAM_DAYS`). */
  followUp: optionalIsoDate,
  /** The patient's first name only. */
  firstName: text().max(100),
  practice: text().max(200),
  /** The program is a child's: the companion words things for a child. */
  child: z.boolean(),
  /** Practice sessions a day, 1 to 3, as the printed practice log. */
  sessionsPerDay: z.number().int().min(1).max(3),
  exercises: z.array(CompanionExerciseSchema).min(1).max(40),
})
/** A decoded companion program. */
export type CompanionProgram = z.infer<typeof CompanionProgramSchema>

// ---------------------------------------------------------------------------------------------
// The practice summary

/** The summary file's `format` marker and version. */
export const PRACTICE_SUMMARY_FORMAT = 'myodocs-practice'
export const PRACTICE_SUMMARY_VERSION = 1

/** A value recorded with the timer: a hold or stopwatch in seconds, or a count. */
export const RecordingSchema = z.object({
  date: isoDate,
  value: z.number().finite().min(0).max(3600),
  unit: z.enum(['s', 'count']),
})
/** One recorded value. */
export type Recording = z.infer<typeof RecordingSchema>

/** One exercise's practice over the summary's days. */
export const ExercisePracticeSchema = z.object({
  id: text().max(100),
  name: text().max(200),
  daysPracticed: z.number().int().min(0).max(400),
  /** The first and the last value recorded, when any. */
  first: RecordingSchema.nullable(),
  last: RecordingSchema.nullable(),
})

/** What the phone hands back: practice per day and exercise, values recorded, notes. */
export const PracticeSummarySchema = z.object({
  version: z.literal(PRACTICE_SUMMARY_VERSION),
  programId: base64url(PROGRAM_ID_BYTES),
  firstName: text().max(100),
  issued: isoDate,
  followUp: optionalIsoDate,
  /** The days counted, first and last, and when the summary was made. */
  from: isoDate,
  to: isoDate,
  made: isoDate,
  days: z.number().int().min(0).max(400),
  daysPracticed: z.number().int().min(0).max(400),
  sessions: z.number().int().min(0).max(1200),
  sessionsDone: z.number().int().min(0).max(1200),
  exercises: z.array(ExercisePracticeSchema).max(40),
  notes: multilineText().max(1000).default(''),
})
/** A practice summary. */
export type PracticeSummary = z.infer<typeof PracticeSummarySchema>

/** The file as saved: the payload as the exact string its MAC covers. */
export const PracticeSummaryEnvelopeSchema = z.object({
  format: z.literal(PRACTICE_SUMMARY_FORMAT),
  version: z.literal(PRACTICE_SUMMARY_VERSION),
  payload: z.string().max(100_000),
  mac: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})
/** The saved envelope. */
export type PracticeSummaryEnvelope = z.infer<typeof PracticeSummaryEnvelopeSchema>

/** `POST /api/companion/verify`: a summary's program id, digest and MAC, never its data. */
export const VerifyPracticeSummaryRequestSchema = z.object({
  programId: base64url(PROGRAM_ID_BYTES),
  /** SHA-256 of the payload's UTF-8 bytes, lowercase hex. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  mac: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})
/** A verify request. */
export type VerifyPracticeSummaryRequest = z.infer<typeof VerifyPracticeSummaryRequestSchema>

/** Whether the program was the caller's practice's, and whether the summary is as the phone made it. */
export const VerifyPracticeSummaryResponseSchema = z.object({
  thisBusiness: z.boolean(),
  unchanged: z.boolean(),
})
/** A verify answer. */
export type VerifyPracticeSummaryResponse = z.infer<typeof VerifyPracticeSummaryResponseSchema>

// ---------------------------------------------------------------------------------------------
// In the next document

/**
 * Home practice since the last visit, from a checked practice summary: what a re-evaluation or the
 * next prescription prints ("Practiced 11 of 14 days; control pause 12 → 18 s").
 */
export const HomePracticeSchema = z.object({
  from: isoDate,
  to: isoDate,
  days: z.number().int().min(0).max(400),
  daysPracticed: z.number().int().min(0).max(400),
  sessions: z.number().int().min(0).max(1200),
  sessionsDone: z.number().int().min(0).max(1200),
  exercises: z
    .array(
      z.object({
        name: text().max(200),
        daysPracticed: z.number().int().min(0).max(400),
        first: RecordingSchema.nullable(),
        last: RecordingSchema.nullable(),
      }),
    )
    .max(40),
})
/** Home practice brought into a document. */
export type HomePractice = z.infer<typeof HomePracticeSchema>
