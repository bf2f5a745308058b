/**
 * /api/auth/oauth/*: connect, check, test and disconnect Gmail, Outlook and Yahoo Mail accounts
 * (docs/product/email.md "Connected mailboxes"). The callback is the one route the provider's
 * redirect reaches: a GET that always answers with a redirect to `/oauth-success`.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  OAuthDisconnectRequestSchema,
  OAuthDisconnectResponseSchema,
  OAuthInitRequestSchema,
  OAuthInitResponseSchema,
  OAuthProviderSchema,
  OAuthStatusQuerySchema,
  OAuthStatusSchema,
  OAuthTestRequestSchema,
  OAuthTestResponseSchema,
} from '@myodocs/shared/contracts/oauth'
import { serviceContext, signedInContext } from '../../plugins/service-context'
import {
  completeConnection,
  disconnect,
  oauthStatus,
  sendTestEmail,
  startConnection,
} from './service'

const failures = { 400: ApiFailureSchema, 401: ApiFailureSchema }
const TEN_MINUTES = 10 * 60_000

/** `/oauth-success` with the outcome, as the popup page reads it. */
export const OAUTH_RESULT_PATH = '/oauth-success'

export async function oauthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/oauth/status',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['oauth'],
        summary:
          'Your mailboxes connected by OAuth, whether each grant allows sending, and the providers offered. Grants not refreshed for 9 hours are checked with the provider first; with verify=true (the Send dialog opening, Settings → Email shown), any grant not checked in the last minute.',
        querystring: OAuthStatusQuerySchema,
        response: {
          200: successEnvelope(OAuthStatusSchema),
          400: ApiFailureSchema,
          401: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await oauthStatus(signedInContext(req), { verify: req.query.verify === 'true' }),
    }),
  )

  r.post(
    '/oauth/init',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: TEN_MINUTES } },
      schema: {
        tags: ['oauth'],
        summary:
          'Start connecting a mailbox: the provider’s authorization URL (code flow with PKCE S256; its state is single use, 10 minutes, bound to this session).',
        security: [{ csrfToken: [] }],
        body: OAuthInitRequestSchema,
        response: { 200: successEnvelope(OAuthInitResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await startConnection(signedInContext(req), req.body.provider),
    }),
  )

  r.get(
    '/oauth/callback/:provider',
    {
      preHandler: app.identify,
      schema: {
        tags: ['oauth'],
        summary:
          'Where the provider sends the browser back after consent. Redirects to /oauth-success?oauth=success&provider=… or ?oauth=error&error=….',
        params: z.object({ provider: OAuthProviderSchema }),
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: { 302: z.null().describe('Redirect to /oauth-success') },
      },
    },
    async (req, reply) => {
      const { provider } = req.params
      const result = await completeConnection(serviceContext(req), provider, req.query)
      const query = result.ok
        ? new URLSearchParams({ oauth: 'success', provider })
        : new URLSearchParams({ oauth: 'error', error: result.error, provider })
      return reply.redirect(`${OAUTH_RESULT_PATH}?${query.toString()}`, 302)
    },
  )

  r.delete(
    '/oauth/disconnect',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['oauth'],
        summary:
          'Disconnect a mailbox: revoke the grant where the provider supports it, delete the tokens.',
        security: [{ csrfToken: [] }],
        body: OAuthDisconnectRequestSchema,
        response: {
          200: successEnvelope(OAuthDisconnectResponseSchema),
          404: ApiFailureSchema,
          ...failures,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await disconnect(signedInContext(req), req.body.provider),
    }),
  )

  r.post(
    '/oauth/test',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: 60 * 60_000 } },
      schema: {
        tags: ['oauth'],
        summary:
          'Send a short test message through a connected mailbox (the first connected one when no provider is given).',
        security: [{ csrfToken: [] }],
        body: OAuthTestRequestSchema,
        response: {
          200: successEnvelope(OAuthTestResponseSchema),
          502: ApiFailureSchema,
          ...failures,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await sendTestEmail(signedInContext(req), req.body),
    }),
  )
}
