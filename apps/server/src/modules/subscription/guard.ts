/**
 * The subscription guard of every document call: a cancelled, expired or over-due trial answers
 * 403 TRIAL_EXPIRED; a business at its monthly limit answers 403 USAGE_LIMIT_EXCEEDED.
 * `reservePdf` takes one PDF of the allowance atomically — one conditional UPDATE, so N
 * concurrent renders at the limit never exceed it — and hands back a release for a render that
 * fails, so a failed document does not cost the practice one of its PDFs.
 */
import { businessPdfLimit } from '@myodocs/shared/constants/plans'
import {
  TRIAL_EXPIRED,
  TRIAL_EXPIRED_MESSAGE,
  USAGE_LIMIT_EXCEEDED,
  USAGE_LIMIT_MESSAGE,
} from '@myodocs/shared/contracts/subscription'
import { canGeneratePdf, usagePeriod } from '@myodocs/shared/domain/subscription'
import type { SubscriptionState } from '@myodocs/shared/domain/subscription'
import { AppError } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import {
  activeMemberCount,
  findSubscriptionRow,
  returnMonthlyPdf,
  takeMonthlyPdf,
} from './repository'

export type SubscriptionRecord = SubscriptionState & { id: string; businessId: string }

/** The business's PDF limit: Professional's grows with its active members. */
export async function pdfLimitOf(
  ctx: ServiceContext,
  s: Pick<SubscriptionRecord, 'businessId' | 'planType'>,
) {
  return businessPdfLimit(
    s.planType,
    s.planType === 'professional' ? await activeMemberCount(ctx.db, s.businessId) : 1,
  )
}

const refusal = (reason: 'TRIAL_EXPIRED' | 'USAGE_LIMIT_EXCEEDED') =>
  reason === 'TRIAL_EXPIRED'
    ? new AppError(TRIAL_EXPIRED, TRIAL_EXPIRED_MESSAGE, 403)
    : new AppError(USAGE_LIMIT_EXCEEDED, USAGE_LIMIT_MESSAGE, 403)

/** Throws the 403 when the caller's business may not generate a PDF now (no count taken). */
export async function assertPdfAllowed(ctx: SignedInContext): Promise<void> {
  const s = await findSubscriptionRow(ctx.db, ctx.actor.businessId)
  if (!s) throw refusal('TRIAL_EXPIRED')
  const decision = canGeneratePdf(s, ctx.now(), await pdfLimitOf(ctx, s))
  if (!decision.allowed) throw refusal(decision.reason)
}

/**
 * Takes one PDF of this month's allowance of the caller's business, or throws the 403. Returns
 * `release`, which gives it back (call it when the render fails).
 */
export async function reservePdf(ctx: SignedInContext): Promise<{ release: () => Promise<void> }> {
  const { businessId } = ctx.actor
  const now = ctx.now()
  const s = await findSubscriptionRow(ctx.db, businessId)
  if (!s) throw refusal('TRIAL_EXPIRED')
  const limit = await pdfLimitOf(ctx, s)
  const decision = canGeneratePdf(s, now, limit)
  if (!decision.allowed) throw refusal(decision.reason)

  const period = usagePeriod(now)
  if (!(await takeMonthlyPdf(ctx.db, businessId, period, limit, now))) {
    const again = await findSubscriptionRow(ctx.db, businessId)
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
      await returnMonthlyPdf(ctx.db, businessId, period)
    },
  }
}
