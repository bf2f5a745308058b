/**
 * The account section (privacy policy "access" and "request deletion"): the referral card, the
 * data export, and deletion. Deletion removes personal data and keeps the audit trail with each
 * person replaced by a tombstone id (docs/decisions/004-legal-acceptance.md). A member deletes
 * their own account; the primary user deletes the whole business, and only after cancelling the
 * plan.
 */
import { randomUUID } from 'node:crypto'
import { CANCEL_BEFORE_DELETING } from '@myodocs/shared/contracts/account'
import type { AccountDeleted, AccountExport } from '@myodocs/shared/contracts/account'
import { conflict } from '../../lib/errors'
import { assertPrimaryUser, withDb } from '../../lib/service-context'
import type { SignedInContext } from '../../lib/service-context'
import { auditTrail, recordAudit, replaceAuditActor } from '../audit'
import { assertBusinessNameConfirmed, businessProfile } from '../business'
import { acceptancesForExport } from '../legal'
import { currentUser } from '../profile'
import { myReferral } from '../referral'
import { allSettings } from '../settings'
import { findSubscription, subscriptionStatus } from '../subscription'
import { twoStepForExport } from '../two-step'
import { deleteBusiness, deleteUsers, userIdsOfBusiness } from './repository'

/** Newest audit events included in an export. */
const EXPORT_AUDIT_LIMIT = 10_000

/** GET /account/referral (primary user): the "Refer a colleague" card. */
export async function referralInfo(ctx: SignedInContext) {
  assertPrimaryUser(ctx)
  const { code, url, referralsUsed } = await myReferral(ctx)
  return { code, link: url, referralsUsed }
}

/**
 * GET /account/export: everything kept about the caller. The primary user gets the business's
 * acceptances and audit trail; a member their own.
 */
export async function exportAccount(ctx: SignedInContext): Promise<AccountExport> {
  const { actor } = ctx
  const now = ctx.now()
  const own = actor.isPrimaryUser ? undefined : actor.id
  const subscription = await findSubscription(ctx)
  const [profile, business, settings, acceptances, twoStep, audit] = await Promise.all([
    currentUser(ctx, actor.id),
    businessProfile(ctx, actor.businessId),
    allSettings(ctx),
    acceptancesForExport(ctx, { businessId: actor.businessId, userId: own }),
    twoStepForExport(ctx),
    auditTrail(ctx, { businessId: actor.businessId, actorId: own, limit: EXPORT_AUDIT_LIMIT }),
  ])
  await recordAudit(ctx, {
    action: 'account.export',
    actorId: actor.id,
    businessId: actor.businessId,
    details: { scope: own ? 'user' : 'business' },
  })
  const iso = (d: Date) => d.toISOString()
  return {
    exportedAt: iso(now),
    profile,
    business,
    subscription,
    settings,
    legalAcceptances: acceptances.map((a) => ({ ...a, acceptedAt: iso(a.acceptedAt) })),
    twoStep,
    auditEvents: audit.map((e) => ({ ...e, at: iso(e.at) })),
  }
}

/**
 * POST /account/delete, confirmed by typing the business name. The route then signs the
 * browser out.
 */
export async function deleteAccount(
  ctx: SignedInContext,
  confirmBusinessName: string,
): Promise<AccountDeleted> {
  const { actor } = ctx
  await assertBusinessNameConfirmed(ctx, confirmBusinessName)
  let scope: AccountDeleted['scope']
  let tombstones: string[]
  if (!actor.isPrimaryUser) {
    scope = 'user'
    const tombstone = randomUUID()
    tombstones = [tombstone]
    await ctx.db.transaction(async (tx) => {
      await replaceAuditActor(withDb(ctx, tx), actor.id, tombstone)
      await deleteUsers(tx, [actor.id])
    })
  } else {
    const status = await subscriptionStatus(ctx)
    if (status !== 'cancelled' && status !== 'expired') throw conflict(CANCEL_BEFORE_DELETING)
    scope = 'business'
    tombstones = []
    await ctx.db.transaction(async (tx) => {
      const ids = await userIdsOfBusiness(tx, actor.businessId)
      for (const id of ids) {
        const tombstone = randomUUID()
        if (id === actor.id) tombstones.unshift(tombstone)
        else tombstones.push(tombstone)
        await replaceAuditActor(withDb(ctx, tx), id, tombstone)
      }
      await deleteUsers(tx, ids)
      await deleteBusiness(tx, actor.businessId)
    })
  }
  await recordAudit(ctx, {
    action: 'account.deleted',
    actorId: tombstones[0] ?? null,
    businessId: actor.businessId,
    details: { scope, people: tombstones.length },
  })
  return { deleted: true, scope }
}
