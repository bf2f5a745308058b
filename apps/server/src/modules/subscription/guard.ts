/**
 * The subscription guard of every document call (SPEC §4, §8): a cancelled, expired or over-due
 * trial answers 403 TRIAL_EXPIRED; a business at its monthly limit answers 403
 * USAGE_LIMIT_EXCEEDED. `reservePdf` takes one PDF of the allowance atomically — one conditional
 * UPDATE, so N concurrent renders at the limit never exceed it — and hands back a release for a
 * render that fails, so a failed document does not cost the practice one of its PDFs.
 */
import { and, count, eq, sql } from 'drizzle-orm'
import { businessPdfLimit } from '@myodocs/shared/constants/plans'
import {
  TRIAL_EXPIRED,
  TRIAL_EXPIRED_MESSAGE,
  USAGE_LIMIT_EXCEEDED,
  USAGE_LIMIT_MESSAGE,
} from '@myodocs/shared/contracts/subscription'
import { canGeneratePdf, usagePeriod } from '@myodocs/shared/domain/subscription'
import type { SubscriptionState } from '@myodocs/shared/domain/subscription'
import type { Db } from '../../db/client'
import { businessSubscriptions, users } from '../../db/schema'
import { AppError } from '../../lib/errors'

export type SubscriptionRecord = SubscriptionState & { id: string; businessId: string }

export async function findSubscription(
  db: Db,
  businessId: string,
): Promise<SubscriptionRecord | undefined> {
  const [row] = await db
    .select()
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
  return row
}

/** Active members count towards Professional's per-user limit. */
export async function activeMemberCount(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.isActive, true)))
  return Number(row?.n ?? 0)
}

export async function pdfLimitOf(db: Db, s: Pick<SubscriptionRecord, 'businessId' | 'planType'>) {
  return businessPdfLimit(
    s.planType,
    s.planType === 'professional' ? await activeMemberCount(db, s.businessId) : 1,
  )
}

const refusal = (reason: 'TRIAL_EXPIRED' | 'USAGE_LIMIT_EXCEEDED') =>
  reason === 'TRIAL_EXPIRED'
    ? new AppError(TRIAL_EXPIRED, TRIAL_EXPIRED_MESSAGE, 403)
    : new AppError(USAGE_LIMIT_EXCEEDED, USAGE_LIMIT_MESSAGE, 403)

/** Throws the spec's 403 when the business may not generate a PDF now (no count taken). */
export async function assertPdfAllowed(db: Db, businessId: string, now: Date): Promise<void> {
  const s = await findSubscription(db, businessId)
  if (!s) throw refusal('TRIAL_EXPIRED')
  const decision = canGeneratePdf(s, now, await pdfLimitOf(db, s))
  if (!decision.allowed) throw refusal(decision.reason)
}

/**
 * Takes one PDF of this month's allowance, or throws the spec's 403. Returns `release`, which
 * gives it back (call it when the render fails).
 */
export async function reservePdf(
  db: Db,
  businessId: string,
  now: Date,
): Promise<{ release: () => Promise<void> }> {
  const s = await findSubscription(db, businessId)
  if (!s) throw refusal('TRIAL_EXPIRED')
  const limit = await pdfLimitOf(db, s)
  const decision = canGeneratePdf(s, now, limit)
  if (!decision.allowed) throw refusal(decision.reason)

  const period = usagePeriod(now)
  const t = businessSubscriptions
  const current = sql`case when ${t.monthlyPdfPeriod} = ${period} then ${t.monthlyPdfGenerated} else 0 end`
  // The WHERE re-checks status, trial end and the count inside the UPDATE itself: of N requests
  // racing for the last PDF exactly one matches.
  const taken = await db
    .update(t)
    .set({ monthlyPdfGenerated: sql`${current} + 1`, monthlyPdfPeriod: period })
    .where(
      and(
        eq(t.businessId, businessId),
        sql`${t.status} in ('trial', 'active')`,
        sql`(${t.status} <> 'trial' or ${t.trialEnd} is null or ${t.trialEnd} >= ${now.toISOString()}::timestamptz)`,
        sql`${current} < ${limit}`,
      ),
    )
    .returning({ id: t.id })
  if (taken.length === 0) {
    const again = await findSubscription(db, businessId)
    const retry = again
      ? canGeneratePdf(again, now, limit)
      : ({ allowed: false, reason: 'TRIAL_EXPIRED' } as const)
    throw refusal(retry.allowed ? 'USAGE_LIMIT_EXCEEDED' : retry.reason)
  }
  let released = false
  return {
    async release() {
      if (released) return
      released = true
      await db
        .update(t)
        .set({ monthlyPdfGenerated: sql`greatest(${t.monthlyPdfGenerated} - 1, 0)` })
        .where(and(eq(t.businessId, businessId), eq(t.monthlyPdfPeriod, period)))
    },
  }
}
