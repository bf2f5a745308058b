/**
 * The document registry: every PDF the product makes, declared once. The server's routes, the
 * render worker's dispatch, the browser's calls, the file names and the benchmark all walk it, so
 * a new document is its request schema, its template (`packages/documents/src/templates.ts`) and
 * one entry below. See `docs/decisions/006-document-registry.md`.
 */
import type { z } from 'zod'
import { AssessmentDocumentRequestSchema, ExerciseDocumentRequestSchema } from './documents'
import type { AssessmentDocumentRequest, ExerciseDocumentRequest } from './documents'
import { ReferralLetterRequestSchema } from './referral-letter'

/** The patient a document is about and the document's own date (`YYYY-MM-DD`). */
export interface DocumentSubject {
  patient: { firstName: string; lastName: string }
  date: string
}

/**
 * The clinical sessions documents are made from: the assessment page's and the exercise page's.
 * Documents of one session are generated, and sent together, from the same request body; the
 * session also says whose document it is and of which day.
 */
const SESSIONS = {
  assessment: ({ patientData: p }: AssessmentDocumentRequest): DocumentSubject => ({
    patient: { firstName: p.patientFirstName, lastName: p.patientLastName },
    date: p.assessmentDate,
  }),
  exercise: ({ sessionData: s }: ExerciseDocumentRequest): DocumentSubject => ({
    patient: { firstName: s.patientFirstName, lastName: s.patientLastName },
    date: s.sessionDate,
  }),
}

/** `assessment` or `exercise`: the page, and the request body, a document is made from. */
export type DocumentSession = keyof typeof SESSIONS

/**
 * Who a document is written for, and so whom the Send dialog mails it to by default: the
 * referring provider (clinical wording) or the patient and family (plain language).
 */
export const DOCUMENT_READERS = ['referringProvider', 'patient'] as const
export type DocumentReader = (typeof DOCUMENT_READERS)[number]

type SessionRequest<S extends DocumentSession> = Parameters<(typeof SESSIONS)[S]>[0]

/** One document kind; its key in `DOCUMENTS` is its route segment (`POST /api/documents/<kind>`). */
interface DocumentDefinition<
  S extends DocumentSession,
  Schema extends z.ZodType<SessionRequest<S>>,
> {
  /** The session it is made from; its request must carry at least that session's body. */
  session: S
  /** Validates the request in the browser form and on the server route. */
  schema: Schema
  /** The document's name as a therapist reads it (what a Send dialog offers to attach). */
  label: string
  /** Whom it is written for: the Send dialog routes it to that reader's own message. */
  reader: DocumentReader
  /** First part of the download name, ASCII: `<fileTitle>_<Last-First>_<date>.pdf`. */
  fileTitle: string
  /** OpenAPI summary of the route. */
  summary: string
  /** OpenAPI description of the route: what the PDF holds. */
  description: string
  /**
   * Addressed to one provider named in the request (`letter`), which the session's page alone
   * does not hold: made from its own dialog, so `documentsOf` offers it only when asked.
   */
  addressed?: true
}

// Checks, per entry, that the schema's output is a body of the session named beside it.
const defineDocument = <S extends DocumentSession, Schema extends z.ZodType<SessionRequest<S>>>(
  definition: DocumentDefinition<S, Schema>,
) => definition

/** Every document kind, in the order pages and dialogs list them. */
export const DOCUMENTS = {
  assessment: defineDocument({
    session: 'assessment',
    schema: AssessmentDocumentRequestSchema,
    label: 'Assessment Report',
    reader: 'referringProvider',
    fileTitle: 'Assessment-Report',
    summary: 'The assessment report for the referring provider (PDF).',
    description:
      'Every recorded item by section, computed scale results with their bands, photos with ' +
      'captions, recommendations and optimal sequencing, on the practice letterhead.',
  }),
  'patient-summary': defineDocument({
    session: 'assessment',
    schema: AssessmentDocumentRequestSchema,
    label: 'Patient Summary',
    reader: 'patient',
    fileTitle: 'Patient-Summary',
    summary: 'The plain-language patient summary of an assessment (PDF, 1–2 pages).',
    description: 'What was found, what it means and what happens next, for the patient or family.',
  }),
  'referral-letter': defineDocument({
    session: 'assessment',
    schema: ReferralLetterRequestSchema,
    label: 'Referral Letter',
    // A provider reads it, in clinical words; its To is the letter's own provider.
    reader: 'referringProvider',
    fileTitle: 'Referral-Letter',
    summary: 'A referral letter to one provider the assessment recommends (PDF, 1–2 pages).',
    description:
      'The assessment body plus `letter` (provider type, provider, optional ask and attachReport). ' +
      'On the practice letterhead: the patient, why this provider (the recommendation with the ' +
      'therapist’s reason or condition), the findings the provider type’s rule names (only those ' +
      'recorded), the ask, what the therapist does meanwhile, how to reach the practice and the ' +
      'electronic signature; a progress letter when a brought-back visit referred to this provider ' +
      'type. With attachReport the letter lists the assessment report as its enclosure; the report ' +
      'is its own PDF (`POST /api/documents/assessment`, or beside the letter in one email), ' +
      'counted as the report.',
    addressed: true,
  }),
  exercise: defineDocument({
    session: 'exercise',
    schema: ExerciseDocumentRequestSchema,
    label: 'Exercise Prescription',
    reader: 'patient',
    fileTitle: 'Home-Exercise-Program',
    summary: 'The home exercise prescription (PDF).',
    description:
      'Each exercise with its instruction, variation, minutes, frequency and note, a QR code to ' +
      'the therapist’s demo video when one is set, the total time, the follow-up date and a ' +
      '7-day practice log.',
  }),
  'after-visit-summary': defineDocument({
    session: 'exercise',
    schema: ExerciseDocumentRequestSchema,
    label: 'After-Visit Summary',
    reader: 'patient',
    fileTitle: 'After-Visit-Summary',
    summary: 'The after-visit summary of an exercise session (PDF).',
    description: 'What was done this session, the exercises assigned and the next visit.',
  }),
}

/** A document's name in routes, jobs and email requests: `assessment`, `patient-summary`, … */
export type DocumentKind = keyof typeof DOCUMENTS

/** Every kind, in registry order (a non-empty tuple, so `z.enum(DOCUMENT_KINDS)` accepts it). */
export const DOCUMENT_KINDS = Object.keys(DOCUMENTS) as [DocumentKind, ...DocumentKind[]]

/** The validated request of a kind: what its template receives. */
export type DocumentRequest<K extends DocumentKind> = z.output<(typeof DOCUMENTS)[K]['schema']>

/** The kinds made from one session. */
export type DocumentKindOf<S extends DocumentSession> = {
  [K in DocumentKind]: (typeof DOCUMENTS)[K]['session'] extends S ? K : never
}[DocumentKind]

/**
 * The kinds made from one session, in registry order: what its page can generate or send. Kinds
 * addressed to one provider (the referral letter) need the letter's own input: only with
 * `{ addressed: true }`.
 */
export function documentsOf<S extends DocumentSession>(
  session: S,
  { addressed = false }: { addressed?: boolean } = {},
): DocumentKindOf<S>[] {
  return DOCUMENT_KINDS.filter((kind) => {
    const entry: { session: DocumentSession; addressed?: true } = DOCUMENTS[kind]
    return entry.session === session && (addressed || !entry.addressed)
  }) as DocumentKindOf<S>[]
}

/**
 * The kinds grouped by their reader, readers in `DOCUMENT_READERS` order and kinds in registry
 * order; a reader with none of `kinds` is left out. The Send dialog's default routing.
 */
export function kindsByReader<K extends DocumentKind>(
  kinds: readonly K[],
): Array<{ reader: DocumentReader; kinds: K[] }> {
  return DOCUMENT_READERS.map((reader) => ({
    reader,
    kinds: DOCUMENT_KINDS.filter(
      (k): k is K => kinds.includes(k as K) && DOCUMENTS[k].reader === reader,
    ),
  })).filter((group) => group.kinds.length > 0)
}

/** Where every document route lives. */
export const DOCUMENTS_API_PATH = '/api/documents'

/** The route of a kind: `POST /api/documents/<kind>`. */
export const documentPath = (kind: DocumentKind) => `${DOCUMENTS_API_PATH}/${kind}`

/** Whose document a validated request is, and of which day, read from its session. */
export function documentSubject<K extends DocumentKind>(
  kind: K,
  request: DocumentRequest<K>,
): DocumentSubject {
  // The entry's schema is checked to output its session's body (`defineDocument`).
  const subject = SESSIONS[DOCUMENTS[kind].session] as (
    request: DocumentRequest<K>,
  ) => DocumentSubject
  return subject(request)
}

// ASCII letters and digits only: the name travels in Content-Disposition and lands on any file
// system. Accents are folded ("Zoë" → "Zoe"), everything else becomes a hyphen.
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/**
 * A download file name: `Assessment-Report_Lindqvist-Moreno-Avery_2026-03-05.pdf`. The date is
 * the document's own date (`YYYY-MM-DD`, assessment or session date); see `documentSubject`.
 */
export function documentFileName(
  kind: DocumentKind,
  patient: DocumentSubject['patient'],
  date: string,
): string {
  const name = slug(`${patient.lastName} ${patient.firstName}`)
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : ''
  return `${[DOCUMENTS[kind].fileTitle, name, day].filter(Boolean).join('_')}.pdf`
}
