/**
 * POST /api/documents/{kind} for any kind of the document registry: the session as
 * JSON in, a PDF out, with the file name the server chose. Failures are turned into one message
 * for the page, and the 403s that the app shell handles are announced to it: the plan's refusals
 * (TRIAL_EXPIRED, USAGE_LIMIT_EXCEEDED, UPGRADE_REQUIRED) open the subscription modal,
 * LEGAL_ACCEPTANCE_REQUIRED refreshes the legal gate.
 */
import { useMutation } from '@tanstack/react-query'
import {
  DOCUMENT_GENERATION_FAILED,
  NO_ACTIVE_SESSION,
} from '@myodocs/shared/constants/document-messages'
import { generateDocumentCalls } from '@myodocs/shared/api/documents'
import { DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind, DocumentRequest } from '@myodocs/shared/contracts/document-registry'
import { LEGAL_ACCEPTANCE_REQUIRED } from '@myodocs/shared/contracts/legal'
import { UPGRADE_REQUIRED } from '@myodocs/shared/contracts/business'
import { TRIAL_EXPIRED, USAGE_LIMIT_EXCEEDED } from '@myodocs/shared/contracts/subscription'
import { api, ApiError } from '../../../lib/api-client'
import { announceLegalStatusChanged, announceSubscriptionLimit } from '../../../lib/app-events'
import type { SubscriptionLimitDetail } from '../../../lib/app-events'
import { subscriptionQuery } from '../../subscription'

/** A generated PDF. */
export interface GeneratedDocument {
  blob: Blob
  fileName: string
}

/** Used when the server's Content-Disposition carries no name: `Patient_Summary.pdf`. */
const fallbackFileName = (kind: DocumentKind) =>
  `${DOCUMENTS[kind].label.replace(/[^A-Za-z0-9]+/g, '_')}.pdf`

/** Renders one document. A PDF takes about a second; the client's 60 s timeout applies. */
export async function generateDocument<K extends DocumentKind>(
  kind: K,
  body: DocumentRequest<K>,
  signal?: AbortSignal,
): Promise<GeneratedDocument> {
  // Widened to every kind: the registry's few request schemas, one of which is K's.
  const request: DocumentRequest<DocumentKind> = body
  const call: (typeof generateDocumentCalls)[DocumentKind] = generateDocumentCalls[kind]
  const file = await api.download(call, { body: request }, { signal })
  return { blob: file.blob, fileName: file.fileName ?? fallbackFileName(kind) }
}

/** What the page shows when a document could not be generated. */
export interface DocumentFailure {
  message: string
  /** Per-field messages of a 400, keyed by the request path (`patientData.patientDOB`). */
  fields?: Record<string, string>
  /** True when the app shell took over (subscription modal, legal gate). */
  handledByShell: boolean
}

/** The failure thrown when Generate finds no active session. */
export class NoActiveSessionError extends Error {
  override name = 'NoActiveSessionError'
  constructor() {
    super(NO_ACTIVE_SESSION)
  }
}

/**
 * Every code by which the plan refuses a call (docs/product/errors.md#error-codes): each opens the
 * subscription modal, so no plan refusal is shown inside the page.
 */
const PLAN_REFUSALS: ReadonlySet<string> = new Set<SubscriptionLimitDetail['code']>([
  TRIAL_EXPIRED,
  USAGE_LIMIT_EXCEEDED,
  UPGRADE_REQUIRED,
])
const isPlanRefusal = (code: string): code is SubscriptionLimitDetail['code'] =>
  PLAN_REFUSALS.has(code)

/**
 * Words a failure for the page and announces what the app shell shows: the limit and
 * trial modals, the legal gate. 413 (too many or too large photos), 400 and 503 (busy) carry the
 * server's own clear text.
 */
export function documentFailure(err: unknown, target: EventTarget = window): DocumentFailure {
  if (err instanceof NoActiveSessionError) return { message: err.message, handledByShell: false }
  if (!(err instanceof ApiError))
    return { message: DOCUMENT_GENERATION_FAILED, handledByShell: false }
  if (err.status === 403 && isPlanRefusal(err.code)) {
    // The shell listens on window; tests pass their own target.
    announceSubscriptionLimit({ code: err.code, message: err.message }, target as typeof window)
    return { message: err.message, handledByShell: true }
  }
  if (err.status === 403 && err.code === LEGAL_ACCEPTANCE_REQUIRED) {
    announceLegalStatusChanged(target as typeof window)
    return { message: err.message, handledByShell: true }
  }
  return {
    message: err.message || DOCUMENT_GENERATION_FAILED,
    ...(err.fields ? { fields: err.fields } : {}),
    handledByShell: false,
  }
}

export interface GenerateDocumentVariables<K extends DocumentKind = DocumentKind> {
  kind: K
  body: DocumentRequest<K>
  /** The page's active session; `null` fails at once. */
  sessionId: string | null
}

/**
 * The mutation behind a Generate button. Generating changes the month's PDF count, so the
 * subscription query (the usage shown in the shell) is refreshed afterwards.
 */
export function useGenerateDocument() {
  return useMutation({
    mutationFn: async ({ kind, body, sessionId }: GenerateDocumentVariables) => {
      if (sessionId === null) throw new NoActiveSessionError()
      return generateDocument(kind, body)
    },
    onSettled: (_data, _error, _variables, _context, { client }) =>
      client.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
  })
}
