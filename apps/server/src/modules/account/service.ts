/**
 * The account section (privacy policy "access" and "request deletion"; SPEC §4 after cancellation):
 * the referral card, the data export, and deletion. Deletion removes personal data and keeps the
 * audit trail with each person replaced by a tombstone id (docs/decisions/004-legal-acceptance.md).
 * A member deletes their own account; the primary user deletes the whole business, and only after
 * cancelling the plan.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CANCEL_BEFORE_DELETING } from '@myodocs/shared/contracts/account'
import type { AccountDeleted, AccountExport } from '@myodocs/shared/contracts/account'
import { PRIMARY_USER_ONLY } from '@myodocs/shared/contracts/subscription'
import { effectiveStatus } from '@myodocs/shared/domain/subscription'
import { conflict, forbidden } from '../../lib/errors'
import type { AuthUser } from '../../plugins/auth'
import { recordAudit, requestOrigin } from '../audit/service'
import { currentUser } from '../auth/service'
import { clearSessionCookies } from '../auth/sessions'
import type { AuthContext } from '../auth/sessions'
import { assertBusinessNameConfirmed, businessProfile } from '../business/service'
import { acceptancesForExport } from '../legal/repository'
import { myReferral } from '../referral/service'
import { allSettings } from '../settings/service'
import { findSubscriptionRow } from '../subscription/repository'
import { toSubscriptionDto } from '../subscription/service'
import {
  auditEventsForExport,
  deleteBusiness,
  deleteUsers,
  tombstoneAuditActor,
  userIdsOfBusiness,
} from './repository'

/** Newest audit events included in an export. */
const EXPORT_AUDIT_LIMIT = 10_000

/** GET /account/referral (primary user): the "Refer a colleague" card. */
export async function referralInfo(ctx: AuthContext, user: AuthUser) {
  if (!user.isPrimaryUser) throw forbidden(PRIMARY_USER_ONLY)
  const { code, url, referralsUsed } = await myReferral(
    ctx.db,
    user.businessId,
    ctx.config.publicUrl,
  )
  return { code, link: url, referralsUsed }
}

/**
 * GET /account/export: everything kept about the caller. The primary user gets the business's
 * acceptances and audit trail; a member their own.
 */
export async function exportAccount(
  ctx: AuthContext,
  req: FastifyRequest,
  user: AuthUser,
): Promise<AccountExport> {
  const now = ctx.now()
  const own = user.isPrimaryUser ? undefined : user.id
  const subscription = await findSubscriptionRow(ctx.db, user.businessId)
  const [profile, business, settings, acceptances, audit] = await Promise.all([
    currentUser(ctx, user.id),
    businessProfile(ctx.db, user.businessId),
    allSettings(ctx.db, user),
    acceptancesForExport(ctx.db, user.businessId, own),
    auditEventsForExport(ctx.db, user.businessId, own, EXPORT_AUDIT_LIMIT),
  ])
  await recordAudit(
    ctx.db,
    {
      action: 'account.export',
      actorId: user.id,
      businessId: user.businessId,
      details: { scope: own ? 'user' : 'business' },
    },
    requestOrigin(req),
  )
  const iso = (d: Date) => d.toISOString()
  return {
    exportedAt: iso(now),
    profile,
    business,
    subscription: subscription ? await toSubscriptionDto(ctx.db, subscription, now) : null,
    settings,
    legalAcceptances: acceptances.map((a) => ({ ...a, acceptedAt: iso(a.acceptedAt) })),
    auditEvents: audit.map((e) => ({ ...e, at: iso(e.at) })),
  }
}

/** POST /account/delete, confirmed by typing the business name. Signs the browser out. */
export async function deleteAccount(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  confirmBusinessName: string,
): Promise<AccountDeleted> {
  await assertBusinessNameConfirmed(ctx.db, user.businessId, confirmBusinessName)
  const origin = requestOrigin(req)
  let scope: AccountDeleted['scope']
  let tombstones: string[]
  if (!user.isPrimaryUser) {
    scope = 'user'
    const tombstone = randomUUID()
    tombstones = [tombstone]
    await ctx.db.transaction(async (tx) => {
      await tombstoneAuditActor(tx, user.id, tombstone)
      await deleteUsers(tx, [user.id])
    })
  } else {
    const subscription = await findSubscriptionRow(ctx.db, user.businessId)
    const status = subscription ? effectiveStatus(subscription, ctx.now()) : 'expired'
    if (status !== 'cancelled' && status !== 'expired') throw conflict(CANCEL_BEFORE_DELETING)
    scope = 'business'
    tombstones = []
    await ctx.db.transaction(async (tx) => {
      const ids = await userIdsOfBusiness(tx, user.businessId)
      for (const id of ids) {
        const tombstone = randomUUID()
        if (id === user.id) tombstones.unshift(tombstone)
        else tombstones.push(tombstone)
        await tombstoneAuditActor(tx, id, tombstone)
      }
      await deleteUsers(tx, ids)
      await deleteBusiness(tx, user.businessId)
    })
  }
  await recordAudit(
    ctx.db,
    {
      action: 'account.deleted',
      actorId: tombstones[0] ?? null,
      businessId: user.businessId,
      details: { scope, people: tombstones.length },
    },
    origin,
  )
  clearSessionCookies(reply, ctx.config)
  return { deleted: true, scope }
}
