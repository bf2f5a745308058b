/**
 * /api/documents: one call per kind of the document registry (`contracts/document-registry.ts`),
 * the session as JSON in and a PDF out, and the check of a session file brought back
 * (docs/decisions/015-session-file.md). Every call is behind the legal gate.
 */
import { DOCUMENT_KINDS, DOCUMENTS } from '../contracts/document-registry'
import type { DocumentKind } from '../contracts/document-registry'
import { GatedRouteForbiddenSchema } from '../contracts/legal'
import {
  VerifySessionFileRequestSchema,
  VerifySessionFileResponseSchema,
} from '../contracts/session-file'
import { apiCall } from './define'

const tags = ['documents']
const failures = [400, 401, 403, 413, 503] as const
// The legal gate's 403 says what is missing.
const failureAnswers = { 403: GatedRouteForbiddenSchema }

function generateCall<const K extends DocumentKind>(kind: K) {
  const entry = DOCUMENTS[kind]
  return apiCall({
    method: 'POST',
    path: `/api/documents/${kind}`,
    access: 'signedIn',
    tags,
    summary: entry.summary,
    description:
      `${entry.description} Requires the three legal acceptances and a PDF left in the ` +
      'month’s allowance; the count is taken atomically and given back if rendering fails. ' +
      'Answers application/pdf with a Content-Disposition file name.',
    body: entry.schema,
    file: 'application/pdf',
    failures,
    failureAnswers,
  })
}

/** The call that renders each kind of document. */
export const generateDocumentCalls = Object.fromEntries(
  DOCUMENT_KINDS.map((kind) => [kind, generateCall(kind)]),
) as { [K in DocumentKind]: ReturnType<typeof generateCall<K>> }

/** The documents calls. */
export const documentCalls = {
  verify: apiCall({
    method: 'POST',
    path: '/api/documents/verify',
    access: 'signedIn',
    tags,
    summary: 'Check a session file brought back from an earlier document.',
    description:
      'The browser reads `myodocs-session.json` from a PDF locally and sends only its kind, ' +
      'issuer, the SHA-256 of its payload and its MAC. Answers whether the caller’s business ' +
      'made it (`thisBusiness`) and whether it is unchanged since (`unchanged`, checked ' +
      'only for the caller’s own files). Nothing is stored or logged.',
    body: VerifySessionFileRequestSchema,
    answer: VerifySessionFileResponseSchema,
    failures,
    failureAnswers,
  }),
  ...generateDocumentCalls,
}
