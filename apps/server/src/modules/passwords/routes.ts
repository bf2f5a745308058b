/**
 * The password calls under /api/auth: the policy, the strength check, a generated password, the
 * reset by email, and the signed-in change. forgot-password and reset-password are CSRF-exempt
 * (constants/http.ts) and share the per-IP `auth-entry` budget with sign-in and registration.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PASSWORD_RESET_DONE } from '@myodocs/shared/constants/messages'
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  GeneratedPasswordSchema,
  GeneratePasswordRequestSchema,
  MessageResponseSchema,
  PasswordPolicyEnvelopeSchema,
  PasswordValidationEnvelopeSchema,
  ResetPasswordRequestSchema,
  ResetTokenCheckRequestSchema,
  ResetTokenValidSchema,
  ValidatePasswordRequestSchema,
} from '@myodocs/shared/contracts/auth'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { authEntryBudget } from '../../plugins/auth'
import { serviceContext, signedInContext } from '../../plugins/service-context'
import { answerSignIn, presentedTokens } from '../../plugins/session-cookies'
import { ResetPasswordAnswerSchema } from '@myodocs/shared/contracts/two-step'
import { assertResetTokenUsable, requestPasswordReset, resetPassword } from './reset'
import { changePassword, checkPassword, generatePassword, passwordPolicy } from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  409: ApiFailureSchema,
  429: ApiFailureSchema,
}

export async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { validatePassword: validateLimit } = app.config.rateLimits
  const validateBudget = {
    rateLimit: { max: validateLimit.max, timeWindow: validateLimit.windowMs },
  }

  r.get(
    '/password-policy',
    {
      schema: {
        tags: ['auth'],
        summary: 'The password policy.',
        response: { 200: successEnvelope(PasswordPolicyEnvelopeSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { policy: passwordPolicy(serviceContext(req)) },
    }),
  )

  r.post(
    '/validate-password',
    {
      config: validateBudget,
      preHandler: app.identify,
      schema: {
        tags: ['auth'],
        summary: 'Score a password and check it against the policy.',
        description:
          'For a signed-in user, the last 5 passwords count too. The breach check reports ' +
          '`unknown` (and does not block) when BREACH_CHECK_URL is unset or unreachable.',
        security: [{ csrfToken: [] }],
        body: ValidatePasswordRequestSchema,
        response: { 200: successEnvelope(PasswordValidationEnvelopeSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { validation: await checkPassword(serviceContext(req), req.body.password) },
    }),
  )

  r.post(
    '/generate-secure-password',
    {
      config: validateBudget,
      schema: {
        tags: ['auth'],
        summary: 'A crypto-random password that passes the policy (length clamped 12–128, 16).',
        security: [{ csrfToken: [] }],
        body: GeneratePasswordRequestSchema,
        response: { 200: successEnvelope(GeneratedPasswordSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { password: await generatePassword(req.body.length) },
    }),
  )

  r.post(
    '/forgot-password',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use reset link valid for 1 hour. Always the same answer.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (req) => {
      const message = await requestPasswordReset(serviceContext(req), req.body.email)
      return { success: true as const, message, data: { message } }
    },
  )

  r.post(
    '/reset-password/check',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link can still be used (nothing is used up).',
        description:
          'The reset page asks when it opens, so a used or expired link says so before a ' +
          'password is typed: 400 INVALID_RESET_TOKEN, as the reset itself answers.',
        body: ResetTokenCheckRequestSchema,
        response: { 200: successEnvelope(ResetTokenValidSchema), ...failures },
      },
    },
    async (req) => {
      await assertResetTokenUsable(serviceContext(req), req.body.token)
      return { success: true as const, data: { valid: true as const } }
    },
  )

  r.post(
    '/reset-password',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link, then sign this browser in.',
        description:
          "Ends every other session of the user and lifts a sign-in pause strangers' failed " +
          'sign-ins put on the account. Sets the session cookies and the device cookie, as ' +
          'sign-in does, and answers the user beside the message. An account with two-step ' +
          'sign-in answers `mfaRequired` instead, as POST /auth/login does.',
        body: ResetPasswordRequestSchema,
        response: { 200: ResetPasswordAnswerSchema, ...failures },
      },
    },
    async (req, reply) => {
      const outcome = await resetPassword(
        serviceContext(req),
        req.body,
        presentedTokens(req, app.config),
      )
      return {
        success: true as const,
        message: PASSWORD_RESET_DONE,
        data: { message: PASSWORD_RESET_DONE, ...answerSignIn(reply, app.config, outcome) },
      }
    },
  )

  r.post(
    '/change-password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change your password: the current one, then a new one (policy, not the last 5).',
        description:
          'A wrong current password is 400 on `currentPassword` (5 per 15 minutes, then 429). ' +
          "Ends the user's other sessions; this one stays signed in.",
        security: [{ csrfToken: [] }],
        body: ChangePasswordRequestSchema,
        response: {
          200: successEnvelope(z.object({ changed: z.literal(true) })),
          400: ApiFailureSchema,
          401: ApiFailureSchema,
          429: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      await changePassword(signedInContext(req), req.body)
      return { success: true as const, data: { changed: true as const } }
    },
  )
}
