/**
 * /api/account (packages/shared/src/api/account.ts): the referral card, the data export and
 * deletion. The export names its file; deletion ends the session as Sign Out does.
 */
import type { FastifyInstance } from 'fastify'
import { accountCalls as calls } from '@myodocs/shared/api/account'
import { route } from '../../plugins/api-route'
import { CLEAR_SITE_DATA_SIGN_OUT, clearSessionCookies } from '../../plugins/session-cookies'
import { deleteAccount, exportAccount, referralInfo } from './service'

export async function accountRoutes(app: FastifyInstance) {
  route(app, calls.referral, (ctx) => referralInfo(ctx))
  route(app, calls.export, async (ctx, _input, _req, reply) => {
    const data = await exportAccount(ctx)
    reply.header(
      'content-disposition',
      `attachment; filename="myodocs-export-${data.exportedAt.slice(0, 10)}.json"`,
    )
    return data
  })
  route(app, calls.delete, async (ctx, { body }, _req, reply) => {
    const data = await deleteAccount(ctx, body.confirmBusinessName)
    clearSessionCookies(reply, app.config)
    reply.header('clear-site-data', CLEAR_SITE_DATA_SIGN_OUT)
    return data
  })
}
