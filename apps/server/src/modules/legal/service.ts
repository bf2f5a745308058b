/**
 * The legal gate (SPEC §3 Legal status, §4 legal gate, §7 legal calls;
 * docs/decisions/004-legal-acceptance.md). Terms and the email-provider attestation are accepted
 * by each user; the BAA is signed once per business by its primary user and covers every member.
 * An acceptance counts only for the version in force: publishing a new version makes it stale.
 */
import type { FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import {
  BAA_PRIMARY_USER_ONLY,
  compliancePercentage,
  LEGAL_ACCEPTANCE_REQUIRED,
  LEGAL_DOCUMENT_KINDS,
  LEGAL_PROMPTS,
  missingLegalDocuments,
} from '@myodocs/shared/contracts/legal'
import type {
  LegalDocument,
  LegalDocumentKind,
  LegalOverview,
  LegalStatus,
} from '@myodocs/shared/contracts/legal'
import { fillLegalTokens } from '@myodocs/shared/legal/tokens'
import type { Db } from '../../db/client'
import { businesses } from '../../db/schema'
import { AppError, forbidden, notFound } from '../../lib/errors'
import type { AuthUser } from '../../plugins/auth'
import { recordAudit, requestOrigin } from '../audit/service'
import type { LegalDocumentSet } from './documents'
import { findBusinessAcceptance, insertAcceptance, latestAcceptance } from './repository'
import type { AcceptanceRow } from './repository'

export type LegalContext = {
  db: Db
  legalDocuments: LegalDocumentSet
  supportEmail: string
  now: () => Date
}
type Caller = Pick<AuthUser, 'id' | 'businessId' | 'isPrimaryUser'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The BAA belongs to the business; the other two to the person. */
const scopeOf = (kind: LegalDocumentKind, user: Caller) =>
  kind === 'baa'
    ? { businessId: user.businessId }
    : { businessId: user.businessId, userId: user.id }

/** The document in force, with the support address filled in. */
export function currentDocument(ctx: LegalContext, kind: LegalDocumentKind): LegalDocument {
  return fillLegalTokens(ctx.legalDocuments[kind], ctx.supportEmail)
}

function toStatus(row: AcceptanceRow | undefined, current: LegalDocument): LegalStatus {
  const isAccepted = row?.version === current.version
  return {
    id: row?.id ?? null,
    isAccepted,
    accepted: isAccepted,
    acceptedAt: row?.acceptedAt.toISOString() ?? null,
    documentVersion: row?.version ?? current.version,
    currentVersion: current.version,
    stale: Boolean(row) && !isAccepted,
    signature:
      row?.signatureName != null
        ? { name: row.signatureName, title: row.signatureTitle ?? '' }
        : null,
  }
}

export async function legalStatus(
  ctx: LegalContext,
  user: Caller,
  kind: LegalDocumentKind,
): Promise<LegalStatus> {
  const row = await latestAcceptance(ctx.db, kind, scopeOf(kind, user))
  return toStatus(row, ctx.legalDocuments[kind])
}

export async function legalOverview(ctx: LegalContext, user: Caller): Promise<LegalOverview> {
  const [baa, terms, attestation] = await Promise.all(
    LEGAL_DOCUMENT_KINDS.map((kind) => legalStatus(ctx, user, kind)),
  )
  const accepted = {
    baa: baa!.isAccepted,
    terms: terms!.isAccepted,
    'email-provider-attestation': attestation!.isAccepted,
  }
  const missing = missingLegalDocuments(accepted)
  return {
    baa: baa!,
    terms: terms!,
    'email-provider-attestation': attestation!,
    compliancePercentage: compliancePercentage(accepted),
    missing,
    allAccepted: missing.length === 0,
  }
}

/**
 * Records an acceptance of the version in force (POST /legal/{kind}/accept) and audits it.
 * Accepting a version already accepted changes nothing and answers the same status.
 */
export async function acceptLegalDocument(
  ctx: LegalContext,
  req: FastifyRequest,
  user: Caller,
  kind: LegalDocumentKind,
  signature?: { name: string; title: string },
): Promise<LegalStatus> {
  if (kind === 'baa' && !user.isPrimaryUser) {
    await recordAudit(
      ctx.db,
      {
        action: 'legal.accept',
        outcome: 'denied',
        actorId: user.id,
        businessId: user.businessId,
        details: { kind, reason: 'not_primary_user' },
      },
      requestOrigin(req),
    )
    throw forbidden(BAA_PRIMARY_USER_ONLY)
  }
  const current = currentDocument(ctx, kind)
  const existing = await latestAcceptance(ctx.db, kind, scopeOf(kind, user))
  if (existing?.version === current.version) return toStatus(existing, current)

  const [business] = await ctx.db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, user.businessId))
  if (!business) throw notFound()
  const origin = requestOrigin(req)
  const row = await insertAcceptance(ctx.db, {
    businessId: user.businessId,
    userId: user.id,
    kind,
    version: current.version,
    acceptedAt: ctx.now(),
    ip: origin.ip,
    userAgent: origin.userAgent,
    signatureName: signature?.name ?? null,
    signatureTitle: signature ? signature.title : null,
    businessName: business.name,
    document: current,
  })
  await recordAudit(
    ctx.db,
    {
      action: 'legal.accept',
      actorId: user.id,
      businessId: user.businessId,
      details: { kind, version: current.version, acceptanceId: row.id },
    },
    origin,
  )
  return toStatus(row, current)
}

/** A signed BAA of the caller's business, for the PDF (another business's id → 404). */
export async function findSignedBaa(ctx: LegalContext, user: Caller, id: string) {
  if (!UUID.test(id)) throw notFound('Signed agreement not found')
  const row = await findBusinessAcceptance(ctx.db, id, user.businessId)
  if (!row || row.kind !== 'baa') throw notFound('Signed agreement not found')
  return row
}

/**
 * The gate of every document and email call: 403 LEGAL_ACCEPTANCE_REQUIRED with the SPEC §8
 * compliance prompt of the first missing document as the message, and every missing kind with
 * its prompt in `missing` / `prompts`.
 */
export async function assertLegalAccepted(ctx: LegalContext, user: Caller): Promise<void> {
  const overview = await legalOverview(ctx, user)
  if (overview.allAccepted) return
  throw legalAcceptanceRequired(overview.missing)
}

export function legalAcceptanceRequired(missing: LegalDocumentKind[]): AppError {
  const prompts = missing.map((kind) => LEGAL_PROMPTS[kind])
  return new AppError(LEGAL_ACCEPTANCE_REQUIRED, prompts[0] ?? '', 403, undefined, {
    extra: { missing, prompts },
  })
}
