/**
 * The password calls under /api/auth (packages/shared/src/api/passwords.ts): the policy, the
 * strength check, a generated password, the reset by email and the signed-in change. A reset
 * signs the browser in: its cookies are set here.
 */
import type { FastifyInstance } from 'fastify'
import { passwordCalls as calls } from '@myodocs/shared/api/passwords'
import { PASSWORD_RESET_DONE } from '@myodocs/shared/constants/messages'
import { route } from '../../plugins/api-route'
import { answerSignIn, presentedTokens } from '../../plugins/session-cookies'
import { assertResetTokenUsable, requestPasswordReset, resetPassword } from './reset'
import { changePassword, checkPassword, generatePassword, passwordPolicy } from './service'

export async function passwordRoutes(app: FastifyInstance) {
  route(app, calls.policy, (ctx) => ({ policy: passwordPolicy(ctx) }))

  route(app, calls.validate, async (ctx, { body }) => ({
    validation: await checkPassword(ctx, body.password),
  }))

  route(app, calls.generate, async (_ctx, { body }) => ({
    password: await generatePassword(body.length),
  }))

  route(app, calls.forgot, async (ctx, { body }) => {
    const message = await requestPasswordReset(ctx, body.email)
    return { success: true as const, message, data: { message } }
  })

  route(app, calls.checkReset, async (ctx, { body }) => {
    await assertResetTokenUsable(ctx, body.token)
    return { valid: true as const }
  })

  route(app, calls.reset, async (ctx, { body }, req, reply) => {
    const outcome = await resetPassword(ctx, body, presentedTokens(req, app.config))
    return {
      success: true as const,
      message: PASSWORD_RESET_DONE,
      data: { message: PASSWORD_RESET_DONE, ...answerSignIn(reply, app.config, outcome) },
    }
  })

  route(app, calls.change, async (ctx, { body }) => {
    await changePassword(ctx, body)
    return { changed: true as const }
  })
}
