/** The documents module's queries: the therapist who signs a document, and the gate's one read. */
import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { LegalDocumentKind } from '@myodocs/shared/contracts/legal'
import type { Db } from '../../db/client'
import { cachedRead } from '../../db/read-cache'
import { businessSubscriptions, legalAcceptances, userPdfUsage, users } from '../../db/schema'

export async function therapistOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.therapistTitle,
      licenseNumber: users.licenseNumber,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

function buildDocumentGate(db: Db) {
  const t = legalAcceptances
  const businessId = sql.placeholder('businessId')
  const userId = sql.placeholder('userId')
  // The newest acceptance of each kind: the business's BAA, the user's Terms and attestation.
  const latest = db
    .selectDistinctOn([t.kind], { kind: t.kind, version: t.version })
    .from(t)
    .where(and(eq(t.businessId, businessId), or(eq(t.kind, 'baa'), eq(t.userId, userId))))
    .orderBy(asc(t.kind), desc(t.acceptedAt), desc(t.id))
    .as('latest')
  return db
    .select({
      subscription: businessSubscriptions,
      ownUsage: { count: userPdfUsage.count, period: userPdfUsage.period },
      acceptances: sql<Array<{ kind: LegalDocumentKind; version: string }>>`(
        select coalesce(json_agg(json_build_object('kind', ${latest.kind}, 'version', ${latest.version})), '[]'::json)
        from ${latest})`,
    })
    .from(users)
    .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, users.businessId))
    .leftJoin(userPdfUsage, eq(userPdfUsage.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.businessId, businessId)))
    .prepare('document_gate')
}

// Prepared once per database: every document call runs it (docs/decisions/011-api-hot-path.md).
const documentGates = new WeakMap<Db, ReturnType<typeof buildDocumentGate>>()

/**
 * What the legal gate and the subscription guard of a document call read, in one statement: the
 * newest accepted version of each legal document, the business's subscription (null when it has
 * none) and the user's own PDF count (null before their first). Undefined when the user is not of
 * that business.
 */
export async function findDocumentGate(db: Db, scope: { businessId: string; userId: string }) {
  let query = documentGates.get(db)
  if (!query) documentGates.set(db, (query = buildDocumentGate(db)))
  const rows = await cachedRead(() => query.execute(scope))
  return rows[0]
}
