/**
 * The subscription guard of every document call: a cancelled, expired or over-due trial answers
 * 403 TRIAL_EXPIRED; a business (or, on Professional, a user) at its monthly limit answers 403
 * USAGE_LIMIT_EXCEEDED. `reservePdf` takes one PDF of the allowance atomically — conditional
 * UPDATEs in one transaction, so N concurrent renders at the limit never exceed it — and hands
 * back a release for a render that fails, so a failed document does not cost a PDF. The usage
 * event is written in the same transactions, so a count never exists without its event.
 */
import { effectivePdfLimit, pdfAllowanceScope } from '@myodocs/shared/constants/plans'
import type { PlanType } from '@myodocs/shared/constants/plans'
import {
  TRIAL_EXPIRED,
  TRIAL_EXPIRED_MESSAGE,
  USAGE_LIMIT_EXCEEDED,
  USAGE_LIMIT_MESSAGE,
} from '@myodocs/shared/contracts/subscription'
import { canGeneratePdf, usagePeriod } from '@myodocs/shared/domain/subscription'
import type { SubscriptionState } from '@myodocs/shared/domain/subscription'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import {
  findSubscriptionRow,
  findUserPdfUsage,
  returnMonthlyPdf,
  returnUserPdf,
  takeMonthlyPdf,
  takeUserPdf,
} from './repository'
import type { SubscriptionRow } from './repository'

/** A count with no cap of its own (the largest PostgreSQL integer). */
const NO_CAP = 2_147_483_647

export type SubscriptionRecord = SubscriptionState & { id: string; businessId: string }

/**
 * The plan state whose count the limit applies to: the business's, or on Professional the
 * user's own count of the month (docs/product/plans.md).
 */
export async function pdfUsageState<S extends SubscriptionRecord>(
  ctx: ServiceContext,
  s: S,
  userId: string,
  /** The user's own count when the caller already read it (null: none yet); else read here. */
  known?: { count: number; period: string } | null,
): Promise<S & { limit: number }> {
  const limit = effectivePdfLimit(s.planType)
  if (pdfAllowanceScope(s.planType) === 'business') return { ...s, limit }
  const own = known !== undefined ? known : await findUserPdfUsage(ctx.db, userId)
  return {
    ...s,
    monthlyPdfGenerated: own?.count ?? 0,
    monthlyPdfPeriod: own?.period ?? null,
    limit,
  }
}

const refusal = (reason: 'TRIAL_EXPIRED' | 'USAGE_LIMIT_EXCEEDED') =>
  reason === 'TRIAL_EXPIRED'
    ? new AppError(TRIAL_EXPIRED, TRIAL_EXPIRED_MESSAGE, 403)
    : new AppError(USAGE_LIMIT_EXCEEDED, USAGE_LIMIT_MESSAGE, 403)

/** The refusal of a render; a reached limit is audited (the trial's end is not an action). */
async function refuse(
  ctx: SignedInContext,
  reason: 'TRIAL_EXPIRED' | 'USAGE_LIMIT_EXCEEDED',
  planType: PlanType,
  limit: number,
) {
  if (reason === 'USAGE_LIMIT_EXCEEDED')
    await recordAudit(ctx, {
      action: 'usage.limit_reached',
      outcome: 'denied',
      actorId: ctx.actor.id,
      businessId: ctx.actor.businessId,
      details: { scope: pdfAllowanceScope(planType), limit, planType },
    })
  return refusal(reason)
}

/** Throws the 403 when the caller may not generate a PDF now (no count taken). */
export async function assertPdfAllowed(ctx: SignedInContext): Promise<void> {
  const s = await findSubscriptionRow(ctx.db, ctx.actor.businessId)
  if (!s) throw refusal('TRIAL_EXPIRED')
  const state = await pdfUsageState(ctx, s, ctx.actor.id)
  const decision = canGeneratePdf(state, ctx.now(), state.limit)
  if (!decision.allowed) throw refusal(decision.reason)
}

/**
 * Takes one PDF of this month's allowance for the caller, or throws the 403. Both counts move
 * together: the business's (what the plan shows) and the user's (what the team page shows, and
 * Professional's limit). Returns `release`, which gives it back (call it when the render fails).
 */
/** What is written with the count, in its transaction: taken with it, given back with it. */
type PdfUsageRecord = {
  take(db: Db): Promise<void>
  giveBack(db: Db): Promise<void>
}

export async function reservePdf(
  ctx: SignedInContext,
  usage?: PdfUsageRecord,
  /** The subscription and the user's own count when the caller already read them. */
  known?: {
    subscription: SubscriptionRow | null
    ownUsage: { count: number; period: string } | null
  },
): Promise<{ release: () => Promise<void>; releaseIn: (tx: Db) => Promise<void> }> {
  const { businessId, id: userId } = ctx.actor
  const now = ctx.now()
  const s = known ? known.subscription : await findSubscriptionRow(ctx.db, businessId)
  if (!s) throw refusal('TRIAL_EXPIRED')
  const state = await pdfUsageState(ctx, s, userId, known?.ownUsage)
  const decision = canGeneratePdf(state, now, state.limit)
  if (!decision.allowed) throw await refuse(ctx, decision.reason, s.planType, state.limit)

  const period = usagePeriod(now)
  const perUser = pdfAllowanceScope(s.planType) === 'user'
  const taken = await ctx.db.transaction(async (tx) => {
    // On Professional the business count has no cap of its own: each user's count is capped.
    const business = await takeMonthlyPdf(
      tx,
      businessId,
      period,
      perUser ? NO_CAP : state.limit,
      now,
    )
    if (!business) return false
    if (await takeUserPdf(tx, userId, period, perUser ? state.limit : null)) {
      await usage?.take(tx)
      return true
    }
    // Over the user's own limit: undo the business count taken above.
    await returnMonthlyPdf(tx, businessId, period)
    return false
  })
  if (!taken) {
    const again = await findSubscriptionRow(ctx.db, businessId)
    const retry = again
      ? canGeneratePdf(again, now, perUser ? NO_CAP : state.limit)
      : ({ allowed: false, reason: 'TRIAL_EXPIRED' } as const)
    throw await refuse(
      ctx,
      retry.allowed ? 'USAGE_LIMIT_EXCEEDED' : retry.reason,
      s.planType,
      state.limit,
    )
  }
  let released = false
  // Gives the PDF back inside the caller's transaction (a failed send records its failure in it).
  const releaseIn = async (tx: Db) => {
    if (released) return
    released = true
    await returnMonthlyPdf(tx, businessId, period)
    await returnUserPdf(tx, userId, period)
    await usage?.giveBack(tx)
  }
  return {
    release: () => ctx.db.transaction(releaseIn),
    releaseIn,
  }
}
