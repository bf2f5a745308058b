/**
 * The operator API under /api/admin (packages/shared/src/api/admin.ts): each call's `operator`
 * access checks the token. `npm run admin` is its CLI client.
 */
import type { FastifyInstance } from 'fastify'
import { adminCalls as calls } from '@myodocs/shared/api/admin'
import { BACKUP_USE_PG_DUMP } from '@myodocs/shared/constants/messages'
import { conflict } from '../../lib/errors'
import { route } from '../../plugins/api-route'
import { recordAudit } from '../audit'
import { createInviteCode, inviteCodeList } from '../invite-codes'
import { operatorResetTwoStep } from '../two-step'
import { inviteFromWaitlist, waitlist } from '../waitlist'

export async function adminRoutes(app: FastifyInstance) {
  route(app, calls.ping, () => ({ pong: true as const, database: app.database.kind }))

  route(app, calls.backup, async (_ctx, _input, _req, reply) => {
    if (!app.database.backup) throw conflict(BACKUP_USE_PG_DUMP)
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="myodocs-${stamp}.tar.gz"`)
      .send(await app.database.backup())
  })

  route(app, calls.createInviteCode, async (ctx, { body }) => {
    const created = await createInviteCode(ctx, body)
    await recordAudit(ctx, {
      action: 'invite_code.created',
      details: { inviteCodeId: created.id, uses: body.uses ?? 1, by: 'operator' },
    })
    return { code: created.code }
  })

  route(app, calls.inviteCodes, async (ctx) => ({ codes: await inviteCodeList(ctx) }))

  route(app, calls.waitlist, async (ctx) => ({ entries: await waitlist(ctx) }))

  route(app, calls.inviteFromWaitlist, async (ctx, { params }) => {
    const result = await inviteFromWaitlist(ctx, params.id)
    await recordAudit(ctx, {
      action: 'waitlist.invited',
      details: { waitlistEntryId: params.id, by: 'operator' },
    })
    return result
  })

  route(app, calls.resetTwoStep, async (ctx, { body }) => {
    await operatorResetTwoStep(ctx, body.email)
    return { reset: true as const }
  })
}
