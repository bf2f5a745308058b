/**
 * /api/invite/:token (packages/shared/src/api/invite.ts,
 * docs/product/team.md#accepting-an-invitation). Accepting signs the new member in: its session
 * cookies are set here.
 */
import type { FastifyInstance } from 'fastify'
import { inviteCalls as calls } from '@myodocs/shared/api/invite'
import { route } from '../../plugins/api-route'
import { answerSignIn, presentedTokens } from '../../plugins/session-cookies'
import { acceptInvite, getInvitation, invitationLogo } from './service'

export async function inviteRoutes(app: FastifyInstance) {
  route(app, calls.get, (ctx, { params }) => getInvitation(ctx, params.token))

  route(app, calls.logo, async (ctx, { params }, _req, reply) => {
    const logo = await invitationLogo(ctx, params.token)
    return reply
      .type(logo.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(logo.data)
  })

  route(app, calls.accept, async (ctx, { params, body }, req, reply) => {
    const outcome = await acceptInvite(ctx, params.token, body, presentedTokens(req, app.config))
    return answerSignIn(reply, app.config, outcome)
  })
}
