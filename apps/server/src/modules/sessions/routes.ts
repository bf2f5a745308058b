/**
 * The /api/auth calls of SPEC §7 (invite-code validation lives in modules/invite-codes).
 * login, register, forgot-password and reset-password are CSRF-exempt (SPEC §7); together with
 * refresh they share a per-IP request budget on top of the sign-in throttle (login-throttle.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PASSWORD_RESET_DONE } from '@myodocs/shared/constants/messages'
import {
  DraftKeySchema,
  ForgotPasswordRequestSchema,
  GeneratedPasswordSchema,
  GeneratePasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  MessageResponseSchema,
  PasswordPolicyEnvelopeSchema,
  PasswordValidationEnvelopeSchema,
  RefreshResponseSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  UserEnvelopeSchema,
  ValidatePasswordRequestSchema,
} from '@myodocs/shared/contracts/auth'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { generateSecurePassword, loadCommonPasswords } from '@myodocs/shared/domain/password-policy'
import { requireUser } from '../../plugins/auth'
import { requestPasswordReset, resetPassword } from './password-reset'
import { passwordPolicy } from './password-strength'
import { register } from './registration'
import { checkPassword, currentUser, draftKey, login, logout } from './service'
import { recordActivity, refreshSession } from './sessions'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  409: ApiFailureSchema,
  429: ApiFailureSchema,
}

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { authIp, validatePassword: validateLimit } = app.config.rateLimits
  const authBudget = {
    rateLimit: { max: authIp.max, timeWindow: authIp.windowMs, groupId: 'auth-entry' },
  }

  r.post(
    '/login',
    {
      config: authBudget,
      schema: {
        tags: ['auth'],
        summary: 'Sign in: sets the session cookies and answers the user.',
        description:
          'Every failure is 401 INVALID_CREDENTIALS with one text, whether or not the email exists. ' +
          '5 failures for one account from one IP block that pair for 15 minutes (429 + Retry-After).',
        body: LoginRequestSchema,
        response: { 200: successEnvelope(UserEnvelopeSchema), ...failures },
      },
    },
    async (req, reply) => ({
      success: true as const,
      data: { user: await login(app, req, reply, req.body) },
    }),
  )

  r.post(
    '/register',
    {
      config: authBudget,
      schema: {
        tags: ['auth'],
        summary: 'Create the business, its primary user and the trial; signs the user in.',
        description:
          'Takes one use of the invite code atomically (400 INVALID_INVITE_CODE when none is left); ' +
          'a duplicate email is 409. ageConfirmed, acceptTerms and acceptBAA must be true.',
        body: RegisterRequestSchema,
        response: { 200: successEnvelope(UserEnvelopeSchema), ...failures },
      },
    },
    async (req, reply) => ({
      success: true as const,
      data: { user: await register(app, req, reply, req.body) },
    }),
  )

  r.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "End this browser's session and clear its cookies (idempotent).",
        security: [{ csrfToken: [] }],
        body: LogoutRequestSchema,
        response: { 200: successEnvelope(z.object({ signedOut: z.literal(true) })), ...failures },
      },
    },
    async (req, reply) => {
      await logout(app, req, reply, req.body.reason)
      return { success: true as const, data: { signedOut: true as const } }
    },
  )

  r.get(
    '/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (also the session check and keep-alive: records activity).',
        response: { 200: successEnvelope(UserEnvelopeSchema), 401: ApiFailureSchema },
      },
    },
    async (req) => {
      const user = requireUser(req)
      await recordActivity(app, user.sessionId)
      return { success: true as const, data: { user: await currentUser(app, user.id) } }
    },
  )

  r.post(
    '/refresh',
    {
      config: authBudget,
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access and refresh token.',
        description:
          'An already-used refresh token within 30 s of its rotation gets the same new pair (two ' +
          'tabs); later, it revokes the whole session (401 SESSION_EXPIRED, audited).',
        security: [{ csrfToken: [] }],
        response: { 200: successEnvelope(RefreshResponseSchema), ...failures },
      },
    },
    async (req, reply) => {
      await refreshSession(app, req, reply)
      return { success: true as const, data: { refreshed: true as const } }
    },
  )

  r.get(
    '/password-policy',
    {
      schema: {
        tags: ['auth'],
        summary: 'The password policy (SPEC §3).',
        response: { 200: successEnvelope(PasswordPolicyEnvelopeSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { policy: passwordPolicy(app.config.breachCheckUrl) },
    }),
  )

  r.post(
    '/validate-password',
    {
      config: { rateLimit: { max: validateLimit.max, timeWindow: validateLimit.windowMs } },
      schema: {
        tags: ['auth'],
        summary: 'Score a password and check it against the policy (SPEC §3 validation result).',
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
      data: { validation: await checkPassword(app, req, req.body.password) },
    }),
  )

  r.post(
    '/generate-secure-password',
    {
      config: { rateLimit: { max: validateLimit.max, timeWindow: validateLimit.windowMs } },
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
      data: { password: generateSecurePassword(req.body.length, await loadCommonPasswords()) },
    }),
  )

  r.post(
    '/forgot-password',
    {
      config: authBudget,
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use reset link valid for 1 hour. Always the same answer.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (req) => {
      const message = await requestPasswordReset(app, req, req.body.email)
      return { success: true as const, message, data: { message } }
    },
  )

  r.post(
    '/reset-password',
    {
      config: authBudget,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the user.',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (req) => {
      await resetPassword(app, req, req.body)
      return {
        success: true as const,
        message: PASSWORD_RESET_DONE,
        data: { message: PASSWORD_RESET_DONE },
      }
    },
  )

  r.get(
    '/draft-key',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "The user's key for encrypting browser drafts (AES-GCM 256, base64url).",
        description:
          'Derived on the server, never stored; rotated by a password reset or deactivation.',
        response: { 200: successEnvelope(DraftKeySchema), 401: ApiFailureSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { success: true as const, data: draftKey(app, requireUser(req)) }
    },
  )
}
