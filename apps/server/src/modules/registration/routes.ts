/**
 * POST /api/auth/register and /register/confirm (invite-code validation lives in
 * modules/invite-codes). Registering is CSRF-exempt (constants/http.ts), confirming is not; both
 * share the per-IP `auth-entry` budget with sign-in and the reset calls.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { REGISTRATION_CHECK_EMAIL } from '@myodocs/shared/constants/messages'
import {
  MessageResponseSchema,
  RegisterConfirmRequestSchema,
  RegisterRequestSchema,
  UserEnvelopeSchema,
} from '@myodocs/shared/contracts/auth'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { authEntryBudget } from '../../plugins/auth'
import { serviceContext } from '../../plugins/service-context'
import { presentedTokens, setSignInCookies } from '../../plugins/session-cookies'
import { confirmRegistration, register } from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  409: ApiFailureSchema,
  429: ApiFailureSchema,
}

export async function registrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/register',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary:
          'Check a registration and email its address: a link that creates the account, or, for a registered address, how to sign in.',
        description:
          'The answer is the same for a new and a registered address (200 with ' +
          'REGISTRATION_CHECK_EMAIL; no cookie, no account yet), so it tells no one which ' +
          'addresses have accounts. A new address is emailed a link valid 24 hours that creates ' +
          'the account (POST /api/auth/register/confirm); a registered one is emailed that it has ' +
          'an account, with the sign-in and reset links. Refused: an invite code that cannot be ' +
          'used (400 INVALID_INVITE_CODE, nothing taken yet), a weak password (400), the ' +
          'confirmations not all true (400). ageConfirmed, acceptTerms and acceptBAA must be true.',
        body: RegisterRequestSchema,
        response: { 200: MessageResponseSchema, ...failures },
      },
    },
    async (req) => {
      await register(serviceContext(req), req.body)
      return {
        success: true as const,
        message: REGISTRATION_CHECK_EMAIL,
        data: { message: REGISTRATION_CHECK_EMAIL },
      }
    },
  )

  r.post(
    '/register/confirm',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary:
          'Create the business, its primary user and the trial from the emailed sign-up link; signs the user in.',
        description:
          'Takes one use of the invite code atomically (400 INVALID_INVITE_CODE when none is left); ' +
          'an invalid, altered or expired link is 400; an address that has an account by now ' +
          '(the link opened twice) is 409. The Terms of Service in force are recorded as accepted ' +
          '(the BAA is signed in the app). Sets the session cookies and the device cookie, as ' +
          'sign-in does.',
        security: [{ csrfToken: [] }],
        body: RegisterConfirmRequestSchema,
        response: { 200: successEnvelope(UserEnvelopeSchema), ...failures },
      },
    },
    async (req, reply) => {
      const { user, ...cookies } = await confirmRegistration(
        serviceContext(req),
        req.body.token,
        presentedTokens(req, app.config),
        app.legalDocuments,
      )
      setSignInCookies(reply, app.config, cookies)
      return { success: true as const, data: { user } }
    },
  )
}
