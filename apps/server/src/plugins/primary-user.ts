/**
 * The guard of every call only the account holder may make (docs/product/team.md#roles): the
 * team, and anything else that manages the practice. A call of the API table says
 * `access: 'primaryUser'` and `route` (plugins/api-route.ts) applies it after `app.authenticate`.
 *
 * A member gets 403 FORBIDDEN with PRIMARY_USER_ACCESS_REQUIRED, and the refusal is audited.
 */
import type { FastifyRequest } from 'fastify'
import { assertPrimaryUser } from '../lib/service-context'
import { recordAudit } from '../modules/audit'
import { signedInContext } from './service-context'

export async function primaryUserOnly(req: FastifyRequest): Promise<void> {
  const ctx = signedInContext(req)
  try {
    assertPrimaryUser(ctx)
  } catch (err) {
    await recordAudit(ctx, {
      action: 'access.primary_user_required',
      outcome: 'denied',
      actorId: ctx.actor.id,
      businessId: ctx.actor.businessId,
      details: { route: req.routeOptions.url, method: req.method },
    })
    throw err
  }
}
