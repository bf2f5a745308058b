/**
 * Legal gate calls.
 * Three documents must be accepted before any document or email call: the Terms of Service, the
 * HIPAA Business Associate Agreement (signed with a typed name and title) and the email-provider
 * attestation. A new document version makes an older acceptance stale.
 */
import { z } from 'zod'
import { text } from './text'
import { ApiFailureSchema } from './envelope'

export const LEGAL_DOCUMENT_KINDS = ['baa', 'terms', 'email-provider-attestation'] as const
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number]

/** Compliance prompts (docs/product/errors.md#legal-errors). */
export const LEGAL_PROMPTS: Record<LegalDocumentKind, string> = {
  baa: 'Please accept the Business Associate Agreement to continue',
  terms: 'Please accept the Terms of Service to continue',
  'email-provider-attestation':
    'Please confirm that your email provider is HIPAA-compliant to continue',
}

export const LEGAL_TITLES: Record<LegalDocumentKind, string> = {
  baa: 'Business Associate Agreement',
  terms: 'Terms of Service',
  'email-provider-attestation': 'Email Provider Attestation',
}

/** The 403 code of the gate on document and email calls. */
export const LEGAL_ACCEPTANCE_REQUIRED = 'LEGAL_ACCEPTANCE_REQUIRED'

/**
 * The BAA is the practice's contract: its account holder signs it for everyone in the business
 * (docs/decisions/004-legal-acceptance.md). The legal pages tell other members so before they
 * try; the server refuses them with the one PRIMARY_USER_ACCESS_REQUIRED.
 */
export const BAA_PRIMARY_USER_ONLY =
  'Only the account holder (primary user) can sign the Business Associate Agreement for your practice. Please ask them to sign it.'

/** Not in the spec: a BAA download of an id that is not the caller's business's signed BAA. */
export const SIGNED_AGREEMENT_NOT_FOUND = 'Signed agreement not found'

/** The gate's 403 body beyond the envelope: what is missing and the prompt for each. */
export const LegalGateFailureSchema = z.object({
  success: z.literal(false),
  code: z.literal(LEGAL_ACCEPTANCE_REQUIRED),
  /** The compliance prompt of the first missing document. */
  message: z.string(),
  missing: z.array(z.enum(LEGAL_DOCUMENT_KINDS)),
  prompts: z.array(z.string()),
})

/**
 * Any 403 of a gated route (documents, email): the legal gate's body (with `missing` and
 * `prompts`), the CSRF refusal or the subscription guard's TRIAL_EXPIRED / USAGE_LIMIT_EXCEEDED.
 */
export const GatedRouteForbiddenSchema = ApiFailureSchema.extend({
  missing: LegalGateFailureSchema.shape.missing.optional(),
  prompts: LegalGateFailureSchema.shape.prompts.optional(),
})

/** GET /api/legal/{kind}/status → data. `id` is the acceptance that /baa/download/{id} takes. */
export const LegalStatusSchema = z.object({
  id: z.string().nullable(),
  isAccepted: z.boolean(),
  /** The API's alternative reading of the BAA status. */
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
  /** The version accepted, or the current version when nothing was accepted yet. */
  documentVersion: z.string(),
  currentVersion: z.string(),
  /** True when an older version was accepted and the current one was not. */
  stale: z.boolean(),
  signature: z.object({ name: z.string(), title: z.string() }).nullable(),
})
export type LegalStatus = z.infer<typeof LegalStatusSchema>

/** GET /api/legal/status → data: the three statuses at once, with the compliance figures. */
export const LegalOverviewSchema = z.object({
  baa: LegalStatusSchema,
  terms: LegalStatusSchema,
  'email-provider-attestation': LegalStatusSchema,
  /** Out of 3. */
  compliancePercentage: z.number().int(),
  missing: z.array(z.enum(LEGAL_DOCUMENT_KINDS)),
  allAccepted: z.boolean(),
})
export type LegalOverview = z.infer<typeof LegalOverviewSchema>

/** POST /api/legal/baa/accept. */
export const BaaAcceptRequestSchema = z.object({
  accept: z.literal(true, { error: 'You must accept the Business Associate Agreement' }),
  signatureData: z.object({
    name: text({ error: 'Your full name is required to sign' })
      .trim()
      .min(2, 'Your full name is required to sign')
      .max(120, 'Name must be at most 120 characters'),
    title: text().trim().max(120, 'Title must be at most 120 characters').default(''),
  }),
})

/** POST /api/legal/terms/accept and /api/legal/email-provider-attestation/accept. */
export const AcceptRequestSchema = z.object({
  accept: z.literal(true, { error: 'Please confirm to continue' }),
})

/**
 * A legal document's text (GET /api/legal/{baa,terms}/current, the public legal pages and the
 * signed BAA PDF all render this one shape). Blocks are paragraphs, bullet or numbered lists, and
 * notes (a highlighted paragraph).
 */
export const LegalDocumentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('p'), text: z.string() }),
  z.object({ type: z.literal('ul'), items: z.array(z.string()) }),
  z.object({ type: z.literal('ol'), items: z.array(z.string()) }),
  z.object({ type: z.literal('note'), text: z.string() }),
])
export type LegalDocumentBlock = z.infer<typeof LegalDocumentBlockSchema>

export const LegalDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string(),
  effectiveDate: z.string(),
  /** One or two plain sentences shown above the text. */
  summary: z.string(),
  sections: z.array(z.object({ heading: z.string(), blocks: z.array(LegalDocumentBlockSchema) })),
})
export type LegalDocument = z.infer<typeof LegalDocumentSchema>

/** Share of the three documents accepted, out of 3. */
export function compliancePercentage(accepted: Record<LegalDocumentKind, boolean>): number {
  const n = LEGAL_DOCUMENT_KINDS.filter((k) => accepted[k]).length
  return Math.round((n / LEGAL_DOCUMENT_KINDS.length) * 100)
}

/** The kinds still missing, in display order. */
export function missingLegalDocuments(
  accepted: Record<LegalDocumentKind, boolean>,
): LegalDocumentKind[] {
  return LEGAL_DOCUMENT_KINDS.filter((k) => !accepted[k])
}
