/**
 * POST /api/auth/register (invite-code validation lives in modules/invite-codes). CSRF-exempt
 * (constants/http.ts); shares the per-IP `auth-entry` budget with sign-in and the reset calls.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { RegisterRequestSchema, UserEnvelopeSchema } from '@myodocs/shared/contracts/auth'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { authEntryBudget } from '../../plugins/auth'
import { serviceContext } from '../../plugins/service-context'
import { presentedTokens, setSignInCookies } from '../../plugins/session-cookies'
import { register } from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  409: ApiFailureSchema,
  429: ApiFailureSchema,
}

export async function registrationRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary: 'Create the business, its primary user and the trial; signs the user in.',
        description:
          'Takes one use of the invite code atomically (400 INVALID_INVITE_CODE when none is left); ' +
          'a duplicate email is 409. ageConfirmed, acceptTerms and acceptBAA must be true. The Terms ' +
          'of Service in force are recorded as accepted (the BAA is signed in the app). Sets the ' +
          'session cookies and the device cookie, as sign-in does.',
        body: RegisterRequestSchema,
        response: { 200: successEnvelope(UserEnvelopeSchema), ...failures },
      },
    },
    async (req, reply) => {
      const { user, ...cookies } = await register(
        serviceContext(req),
        req.body,
        presentedTokens(req, app.config),
        app.legalDocuments,
      )
      setSignInCookies(reply, app.config, cookies)
      return { success: true as const, data: { user } }
    },
  )
}
