/**
 * The legal documents and their acceptance (docs/decisions/004-legal-acceptance.md). Terms and the email-provider attestation are accepted
 * by each user; the BAA is signed once per business by its primary user and covers every member.
 * An acceptance counts only for the version in force: publishing a new version makes it stale.
 */
import {
  compliancePercentage,
  LEGAL_ACCEPTANCE_REQUIRED,
  LEGAL_DOCUMENT_KINDS,
  LEGAL_PROMPTS,
  missingLegalDocuments,
  SIGNED_AGREEMENT_NOT_FOUND,
} from '@myodocs/shared/contracts/legal'
import type {
  LegalDocument,
  LegalDocumentKind,
  LegalOverview,
  LegalStatus,
} from '@myodocs/shared/contracts/legal'
import { fillLegalTokens } from '@myodocs/shared/legal/tokens'
import { AppError, notFound } from '../../lib/errors'
import { assertPrimaryUser } from '../../lib/service-context'
import type { Actor, ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { businessName } from '../business'
import type { LegalDocumentSet } from './documents'
import {
  acceptancesOf,
  findBusinessAcceptance,
  insertAcceptance,
  latestAcceptance,
  latestAcceptances,
} from './repository'
import type { AcceptanceRow } from './repository'

type Caller = Pick<Actor, 'id' | 'businessId' | 'isPrimaryUser'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The BAA belongs to the business; the other two to the person. */
const scopeOf = (kind: LegalDocumentKind, user: Caller) =>
  kind === 'baa'
    ? { businessId: user.businessId }
    : { businessId: user.businessId, userId: user.id }

/** The document in force, with the support address filled in. */
export function currentDocument(
  ctx: ServiceContext,
  documents: LegalDocumentSet,
  kind: LegalDocumentKind,
): LegalDocument {
  return fillLegalTokens(documents[kind], ctx.config.supportEmail)
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

/** Whether the caller (for the BAA: their business) accepted the version in force. */
export async function legalStatus(
  ctx: SignedInContext,
  documents: LegalDocumentSet,
  kind: LegalDocumentKind,
): Promise<LegalStatus> {
  const row = await latestAcceptance(ctx.db, kind, scopeOf(kind, ctx.actor))
  return toStatus(row, documents[kind])
}

/** All three statuses, the compliance percentage and what is missing. */
export async function legalOverview(
  ctx: SignedInContext,
  documents: LegalDocumentSet,
): Promise<LegalOverview> {
  const rows = await latestAcceptances(ctx.db, {
    businessId: ctx.actor.businessId,
    userId: ctx.actor.id,
  })
  const [baa, terms, attestation] = LEGAL_DOCUMENT_KINDS.map((kind) =>
    toStatus(
      rows.find((row) => row.kind === kind),
      documents[kind],
    ),
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
  ctx: SignedInContext,
  documents: LegalDocumentSet,
  kind: LegalDocumentKind,
  signature?: { name: string; title: string },
): Promise<LegalStatus> {
  const user = ctx.actor
  // The account holder signs the BAA for the practice (its call's access says so too).
  if (kind === 'baa') assertPrimaryUser(ctx)
  const current = currentDocument(ctx, documents, kind)
  const existing = await latestAcceptance(ctx.db, kind, scopeOf(kind, user))
  if (existing?.version === current.version) return toStatus(existing, current)

  const name = await businessName(ctx, user.businessId)
  if (name === undefined) throw notFound()
  const row = await insertAcceptance(ctx.db, {
    businessId: user.businessId,
    userId: user.id,
    kind,
    version: current.version,
    acceptedAt: ctx.now(),
    ip: ctx.origin.ip,
    userAgent: ctx.origin.userAgent,
    signatureName: signature?.name ?? null,
    signatureTitle: signature ? signature.title : null,
    businessName: name,
    document: current,
  })
  await recordAudit(ctx, {
    action: 'legal.accept',
    actorId: user.id,
    businessId: user.businessId,
    details: { kind, version: current.version, acceptanceId: row.id },
  })
  return toStatus(row, current)
}

/**
 * A signed BAA of the caller's business as a PDF: the text signed, the signature, business,
 * date, IP and version (another business's id → 404). Audited.
 */
export async function downloadSignedBaa(
  ctx: SignedInContext,
  id: string,
): Promise<{ pdf: Buffer; version: string }> {
  const { actor } = ctx
  if (!UUID.test(id)) throw notFound(SIGNED_AGREEMENT_NOT_FOUND)
  const row = await findBusinessAcceptance(ctx.db, id, actor.businessId)
  if (!row || row.kind !== 'baa') throw notFound(SIGNED_AGREEMENT_NOT_FOUND)
  // react-pdf loads on the first download, not at start (the bundle keeps it in its own chunk).
  const { renderLegalDocumentPdf } = await import('@myodocs/documents/render-legal-document')
  const pdf = await renderLegalDocumentPdf({
    document: row.document as unknown as LegalDocument,
    signature: {
      acceptanceId: row.id,
      signerName: row.signatureName ?? '',
      signerTitle: row.signatureTitle ?? '',
      businessName: row.businessName,
      signedAt: row.acceptedAt,
      ip: row.ip,
    },
  })
  await recordAudit(ctx, {
    action: 'legal.baa_download',
    actorId: actor.id,
    businessId: actor.businessId,
    details: { acceptanceId: row.id, version: row.version },
  })
  return { pdf, version: row.version }
}

/**
 * The acceptances of a business for the data export: every one, or one person's (their own
 * Terms and attestation; the BAA when they signed it).
 */
export async function acceptancesForExport(
  ctx: ServiceContext,
  scope: { businessId: string; userId?: string },
) {
  return acceptancesOf(ctx.db, scope.businessId, scope.userId)
}

/**
 * The gate of every document and email call: 403 LEGAL_ACCEPTANCE_REQUIRED with the compliance
 * prompt of the first missing document as the message, and every missing kind with its prompt in
 * `missing` / `prompts`.
 */
export async function assertLegalAccepted(
  ctx: SignedInContext,
  documents: LegalDocumentSet,
): Promise<void> {
  const rows = await latestAcceptances(ctx.db, {
    businessId: ctx.actor.businessId,
    userId: ctx.actor.id,
  })
  assertVersionsAccepted(rows, documents)
}

/**
 * The gate's rule on the newest accepted version of each kind, for a caller that read them in a
 * statement of its own (the document calls): each must be the version in force.
 */
export function assertVersionsAccepted(
  latest: ReadonlyArray<{ kind: LegalDocumentKind; version: string }>,
  documents: LegalDocumentSet,
): void {
  const accepted = Object.fromEntries(
    LEGAL_DOCUMENT_KINDS.map((kind) => [
      kind,
      latest.find((row) => row.kind === kind)?.version === documents[kind].version,
    ]),
  ) as Record<LegalDocumentKind, boolean>
  const missing = missingLegalDocuments(accepted)
  if (missing.length > 0) throw legalAcceptanceRequired(missing)
}

function legalAcceptanceRequired(missing: LegalDocumentKind[]): AppError {
  const prompts = missing.map((kind) => LEGAL_PROMPTS[kind])
  return new AppError(LEGAL_ACCEPTANCE_REQUIRED, prompts[0] ?? '', 403, undefined, {
    extra: { missing, prompts },
  })
}
