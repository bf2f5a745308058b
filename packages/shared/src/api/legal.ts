/**
 * /api/legal: the documents in force, each status, acceptance, and the signed BAA as a PDF
 * (docs/product/legal.md). The statuses are per user, the BAA's per business, which its account
 * holder signs.
 */
import { z } from 'zod'
import {
  AcceptRequestSchema,
  BaaAcceptRequestSchema,
  LEGAL_TITLES,
  LegalDocumentSchema,
  LegalOverviewSchema,
  LegalStatusSchema,
} from '../contracts/legal'
import type { LegalDocumentKind } from '../contracts/legal'
import { apiCall } from './define'

const tags = ['legal']
const failures = [400, 401, 403] as const

/** The text in force and its status, for one kind of document. */
function readCalls<const K extends LegalDocumentKind>(kind: K) {
  const title = LEGAL_TITLES[kind]
  return {
    current: apiCall({
      method: 'GET',
      path: `/api/legal/${kind}/current`,
      access: 'signedIn',
      tags,
      summary: `The ${title} in force (its text and version).`,
      answer: LegalDocumentSchema,
      failures: [401],
    }),
    status: apiCall({
      method: 'GET',
      path: `/api/legal/${kind}/status`,
      access: 'signedIn',
      tags,
      summary: `Whether the ${title} in force is accepted${kind === 'baa' ? ' for the business' : ''}.`,
      description:
        '`id` is the newest acceptance (the one /legal/baa/download/{id} takes); `stale` is ' +
        'true when only an older version was accepted.',
      answer: LegalStatusSchema,
      failures: [401],
    }),
  }
}

/** Accepting the Terms or the email-provider attestation: each user for themself. */
function acceptCall<const K extends Exclude<LegalDocumentKind, 'baa'>>(kind: K) {
  return apiCall({
    method: 'POST',
    path: `/api/legal/${kind}/accept`,
    access: 'signedIn',
    tags,
    summary: `Accept the ${LEGAL_TITLES[kind]} in force.`,
    description: 'Records the time, IP, user agent and version; audited.',
    body: AcceptRequestSchema,
    answer: LegalStatusSchema,
    failures,
  })
}

/** The current text and status calls of each kind of document. */
export const legalReadCalls = {
  baa: readCalls('baa'),
  terms: readCalls('terms'),
  'email-provider-attestation': readCalls('email-provider-attestation'),
}

/** The legal calls. */
export const legalCalls = {
  baaCurrent: legalReadCalls.baa.current,
  baaStatus: legalReadCalls.baa.status,
  termsCurrent: legalReadCalls.terms.current,
  termsStatus: legalReadCalls.terms.status,
  attestationCurrent: legalReadCalls['email-provider-attestation'].current,
  attestationStatus: legalReadCalls['email-provider-attestation'].status,
  overview: apiCall({
    method: 'GET',
    path: '/api/legal/status',
    access: 'signedIn',
    tags,
    summary: 'All three statuses at once, with the compliance percentage and what is missing.',
    answer: LegalOverviewSchema,
    failures: [401],
  }),
  acceptBaa: apiCall({
    method: 'POST',
    path: '/api/legal/baa/accept',
    access: 'primaryUser',
    tags,
    summary: 'Sign the Business Associate Agreement in force for the business (primary user).',
    description:
      'Records the typed name and title, time, IP, user agent and version; audited. Other ' +
      'members get 403: the account holder signs for the practice.',
    body: BaaAcceptRequestSchema,
    answer: LegalStatusSchema,
    failures,
  }),
  acceptTerms: acceptCall('terms'),
  acceptAttestation: acceptCall('email-provider-attestation'),
  downloadBaa: apiCall({
    method: 'GET',
    path: '/api/legal/baa/download/:id',
    access: 'signedIn',
    tags,
    summary:
      'The signed BAA as a PDF: the text signed, the signature, business, date, IP, version.',
    description: 'Only acceptances of the caller’s business; any other id answers 404.',
    params: z.object({ id: z.string().max(64) }),
    file: 'application/pdf',
    failures: [401, 404],
  }),
}
