/**
 * POST /api/auth/register and /register/confirm (packages/shared/src/api/registration.ts;
 * invite-code validation lives in modules/invite-codes). Confirming sets the session cookies here.
 */
import type { FastifyInstance } from 'fastify'
import { registrationCalls as calls } from '@myodocs/shared/api/registration'
import { REGISTRATION_CHECK_EMAIL } from '@myodocs/shared/constants/messages'
import { route } from '../../plugins/api-route'
import { presentedTokens, setSignInCookies } from '../../plugins/session-cookies'
import { confirmRegistration, register } from './service'

export async function registrationRoutes(app: FastifyInstance) {
  route(app, calls.register, async (ctx, { body }) => {
    await register(ctx, body)
    return {
      success: true as const,
      message: REGISTRATION_CHECK_EMAIL,
      data: { message: REGISTRATION_CHECK_EMAIL },
    }
  })

  route(app, calls.confirm, async (ctx, { body }, req, reply) => {
    const { user, ...cookies } = await confirmRegistration(
      ctx,
      body.token,
      presentedTokens(req, app.config),
      app.legalDocuments,
    )
    setSignInCookies(reply, app.config, cookies)
    return { user }
  })
}
