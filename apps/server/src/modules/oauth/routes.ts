/**
 * /api/auth/oauth/* (packages/shared/src/api/oauth.ts; docs/product/email.md "Connected
 * mailboxes"): connect, check, test and disconnect Gmail, Outlook and Yahoo Mail accounts. The
 * callback answers the provider's redirect with a redirect of its own, to `/oauth-success`.
 */
import type { FastifyInstance } from 'fastify'
import { oauthCalls as calls } from '@myodocs/shared/api/oauth'
import { route } from '../../plugins/api-route'
import { sendTestEmail } from './sending'
import { completeConnection, disconnect, oauthStatus, startConnection } from './service'

/** `/oauth-success` with the outcome, as the popup page reads it. */
export const OAUTH_RESULT_PATH = '/oauth-success'

export async function oauthRoutes(app: FastifyInstance) {
  route(app, calls.status, (ctx, { query }) =>
    oauthStatus(ctx, { verify: query.verify === 'true' }),
  )
  route(app, calls.init, (ctx, { body }) => startConnection(ctx, body.provider))

  route(app, calls.callback, async (ctx, { params, query }, _req, reply) => {
    const { provider } = params
    const result = await completeConnection(ctx, provider, query)
    const outcome = result.ok
      ? new URLSearchParams({ oauth: 'success', provider })
      : new URLSearchParams({ oauth: 'error', error: result.error, provider })
    return reply.redirect(`${OAUTH_RESULT_PATH}?${outcome.toString()}`, 302)
  })

  route(app, calls.disconnect, (ctx, { body }) => disconnect(ctx, body.provider))
  route(app, calls.test, (ctx, { body }) => sendTestEmail(ctx, body))
}
