/**
 * The session file: `myodocs-session.json`, attached to every assessment report, exercise
 * prescription and after-visit summary (docs/decisions/015-session-file.md). It is a copy of what
 * the document prints (patient identifiers, the date, item values, computed scores, the selected
 * exercises with their settings; never photos), so the therapist can bring the PDF back to start
 * the next visit. The `payload` string is authenticated by `mac`, an HMAC-SHA256 under the
 * issuing business's key over `sessionMacMessage(kind, digest)`, where `digest` is the SHA-256 of
 * the payload's UTF-8 bytes: the browser checks a file with `POST /api/documents/verify` by
 * sending the digest and the MAC, never the data.
 */
import { z } from 'zod'
import { MEASURE_IDS, ReferredToSchema, ScaleScoreSchema, ProgramExerciseSchema } from './progress'
import { multilineText, text } from './text'

/** The attachment's file name inside the PDF. */
export const SESSION_FILE_NAME = 'myodocs-session.json'
/** The envelope's `format` marker. */
export const SESSION_FILE_FORMAT = 'myodocs-session'
/** The payload's schema version; a reader refuses any other. */
export const SESSION_FILE_VERSION = 1

/** The document kinds that carry a session file; the patient summary carries none. */
export const SESSION_FILE_KINDS = ['assessment', 'exercise', 'after-visit-summary'] as const
/** A kind that carries a session file. */
export type SessionFileKind = (typeof SESSION_FILE_KINDS)[number]

/** The patient's identifiers as printed: names and, when given, the date of birth. */
const PatientIdentifiersSchema = z.object({
  firstName: text().max(100),
  lastName: text().max(100),
  dob: text().max(10).default(''),
})

const base = {
  version: z.literal(SESSION_FILE_VERSION),
  /** The business that made the document (an opaque id): whose key checks the MAC. */
  issuer: text().min(1).max(100),
  /** The document's own date, `YYYY-MM-DD`. */
  date: text().max(10),
  patient: PatientIdentifiersSchema,
}

/** One recorded item of an assessment. */
export const SessionItemSchema = z.object({
  sectionId: text().max(100),
  itemId: text().max(100),
  value: z.union([z.boolean(), z.number(), z.string().max(10_000), z.array(z.string().max(100))]),
})
/** A recorded item. */
export type SessionItem = z.infer<typeof SessionItemSchema>

/**
 * Why the patient came, as the report prints it: who referred them, the reason and the chief
 * complaint, so a re-evaluation starts with them instead of retyping. Files made before it was
 * carried have none.
 */
export const SessionReferralSchema = z.object({
  referringParty: text().max(200).default(''),
  reasonForReferral: multilineText().max(2_000).default(''),
  chiefComplaint: multilineText().max(2_000).default(''),
})
/** The referral details of an assessment's session file. */
export type SessionReferral = z.infer<typeof SessionReferralSchema>

/**
 * The data of an assessment report, and of a referral letter, which adds the provider type it
 * was written to (`referredTo`), so the next visit can write a progress letter to that provider.
 */
export const AssessmentSessionFileSchema = z.object({
  ...base,
  kind: z.literal('assessment'),
  items: z.array(SessionItemSchema).max(1_000),
  scores: z.array(ScaleScoreSchema).max(20),
  referredTo: ReferredToSchema,
  referral: SessionReferralSchema.optional(),
})

/** The data of an exercise prescription or after-visit summary. */
export const ExerciseSessionFileSchema = z.object({
  ...base,
  kind: z.enum(['exercise', 'after-visit-summary']),
  sessionNumber: z.number().int().min(1).max(999),
  exercises: z.array(ProgramExerciseSchema.extend({ sectionId: text().max(50) })).max(200),
  /** The measures recorded at that visit (control pause, STOP-BANG, AHI, lowest SpO2); files
   * made before measures were carried have none. */
  measures: z
    .array(z.object({ measure: z.enum(MEASURE_IDS), value: z.number().finite() }))
    .max(MEASURE_IDS.length)
    .default([]),
})

/** The payload: what the document prints, by kind. */
export const SessionFilePayloadSchema = z.discriminatedUnion('kind', [
  AssessmentSessionFileSchema,
  ExerciseSessionFileSchema,
])
/** A parsed payload. */
export type SessionFilePayload = z.infer<typeof SessionFilePayloadSchema>

/** The JSON file as attached: the payload as the exact string its MAC covers. */
export const SessionFileEnvelopeSchema = z.object({
  format: z.literal(SESSION_FILE_FORMAT),
  version: z.literal(SESSION_FILE_VERSION),
  payload: z.string().max(2_000_000),
  mac: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})
/** The attached JSON. */
export type SessionFileEnvelope = z.infer<typeof SessionFileEnvelopeSchema>

/** What the MAC is computed over: the format, the kind and the payload's SHA-256 (hex). */
export const sessionMacMessage = (kind: SessionFileKind, digest: string) =>
  `${SESSION_FILE_FORMAT}/${SESSION_FILE_VERSION}\n${kind}\n${digest}`

/**
 * Reads an attached file's text: the envelope and its payload, or `null` when it is not a session
 * file of this version (not JSON, another shape, a payload that does not parse).
 */
export function parseSessionFile(
  json: string,
): { envelope: SessionFileEnvelope; payload: SessionFilePayload } | null {
  try {
    const envelope = SessionFileEnvelopeSchema.safeParse(JSON.parse(json))
    if (!envelope.success) return null
    const payload = SessionFilePayloadSchema.safeParse(JSON.parse(envelope.data.payload))
    return payload.success ? { envelope: envelope.data, payload: payload.data } : null
  } catch {
    return null
  }
}

/** `POST /api/documents/verify`: a session file's digest and MAC, never its data. */
export const VerifySessionFileRequestSchema = z.object({
  kind: z.enum(SESSION_FILE_KINDS),
  /** The payload's `issuer`. */
  issuer: text().min(1).max(100),
  /** SHA-256 of the payload's UTF-8 bytes, lowercase hex. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  /** The envelope's `mac`. */
  mac: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})
/** A verify request. */
export type VerifySessionFileRequest = z.infer<typeof VerifySessionFileRequestSchema>

/** The answer: the kind checked, whether the caller's business made it, whether it is unchanged. */
export const VerifySessionFileResponseSchema = z.object({
  kind: z.enum(SESSION_FILE_KINDS),
  /** The file names the caller's business as its issuer. */
  thisBusiness: z.boolean(),
  /** The MAC holds under the caller's business key: the payload is as it was made. */
  unchanged: z.boolean(),
})
/** A verify answer. */
export type VerifySessionFileResponse = z.infer<typeof VerifySessionFileResponseSchema>
