/** Legal acceptances: Drizzle queries only, each filtered by the caller's business. */
import { and, asc, desc, eq, or } from 'drizzle-orm'
import type { LegalDocumentKind } from '@myodocs/shared/contracts/legal'
import type { Db } from '../../db/client'
import { legalAcceptances } from '../../db/schema'

export type AcceptanceRow = typeof legalAcceptances.$inferSelect

/**
 * The newest acceptance of every kind in one query (the legal gate runs on every document call):
 * the business's BAA and the user's Terms and attestation, always within the user's business.
 */
export async function latestAcceptances(
  db: Db,
  scope: { businessId: string; userId: string },
): Promise<AcceptanceRow[]> {
  const t = legalAcceptances
  return db
    .selectDistinctOn([t.kind])
    .from(t)
    .where(
      and(eq(t.businessId, scope.businessId), or(eq(t.kind, 'baa'), eq(t.userId, scope.userId))),
    )
    .orderBy(asc(t.kind), desc(t.acceptedAt), desc(t.id))
}

/**
 * The newest acceptance of a kind: the business's (for the BAA, signed once for the practice) or
 * the user's (Terms, attestation), always within the user's business.
 */
export async function latestAcceptance(
  db: Db,
  kind: LegalDocumentKind,
  scope: { businessId: string; userId?: string },
): Promise<AcceptanceRow | undefined> {
  const t = legalAcceptances
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.businessId, scope.businessId),
        eq(t.kind, kind),
        scope.userId ? eq(t.userId, scope.userId) : undefined,
      ),
    )
    .orderBy(desc(t.acceptedAt), desc(t.id))
    .limit(1)
  return rows[0]
}

export async function insertAcceptance(
  db: Db,
  values: typeof legalAcceptances.$inferInsert,
): Promise<AcceptanceRow> {
  const [row] = await db.insert(legalAcceptances).values(values).returning()
  return row!
}

/** One acceptance by id, only if it belongs to the business (else undefined → 404). */
export async function findBusinessAcceptance(db: Db, id: string, businessId: string) {
  const rows = await db
    .select()
    .from(legalAcceptances)
    .where(and(eq(legalAcceptances.id, id), eq(legalAcceptances.businessId, businessId)))
  return rows[0]
}

/** Acceptances for the data export: the business's BAA signatures and the user's own records. */
export async function acceptancesOf(db: Db, businessId: string, userId?: string) {
  const t = legalAcceptances
  return db
    .select({
      id: t.id,
      kind: t.kind,
      version: t.version,
      acceptedAt: t.acceptedAt,
      userId: t.userId,
      ip: t.ip,
      userAgent: t.userAgent,
      signatureName: t.signatureName,
      signatureTitle: t.signatureTitle,
      businessName: t.businessName,
    })
    .from(t)
    .where(and(eq(t.businessId, businessId), userId ? eq(t.userId, userId) : undefined))
    .orderBy(t.acceptedAt)
}
