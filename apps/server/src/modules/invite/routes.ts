/**
 * /api/invite/{token}: the invitation page's calls, for anyone holding the link (docs/product/
 * team.md#accepting-an-invitation). Acceptance shares the per-IP `auth-entry` budget with sign-in.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SignInResultSchema } from '@myodocs/shared/contracts/two-step'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  AcceptInvitationRequestSchema,
  InvitationDetailsSchema,
  InviteTokenParamsSchema,
} from '@myodocs/shared/contracts/team'
import { authEntryBudget } from '../../plugins/auth'
import { serviceContext } from '../../plugins/service-context'
import { answerSignIn, presentedTokens } from '../../plugins/session-cookies'
import { acceptInvite, getInvitation, invitationLogo } from './service'

const failures = {
  400: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
  409: ApiFailureSchema,
  429: ApiFailureSchema,
}
const tags = ['team']
/** The link's token is a credential: log lines show it as `[redacted]`. */
const secretToken = { secretParams: ['token'] } as const

export async function inviteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/invite/:token',
    {
      config: secretToken,
      schema: {
        tags,
        summary: 'The invitation behind a link: who invites, to which business, for which address.',
        description:
          '`userExists`: the address has a deactivated account of this business (accepting ' +
          'reactivates it). An unknown, used or expired link → 404 Invalid invitation link.',
        params: InviteTokenParamsSchema,
        response: { 200: successEnvelope(InvitationDetailsSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getInvitation(serviceContext(req), req.params.token),
    }),
  )

  r.get(
    '/invite/:token/logo',
    {
      config: secretToken,
      schema: {
        tags,
        summary: "The inviting business's logo (PNG), for the holder of a valid link.",
        params: InviteTokenParamsSchema,
        produces: ['image/png'],
        response: { 404: ApiFailureSchema, 400: ApiFailureSchema },
      },
    },
    async (req, reply) => {
      const logo = await invitationLogo(serviceContext(req), req.params.token)
      return reply
        .type(logo.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(logo.data as never)
    },
  )

  r.post(
    '/invite/:token/accept',
    {
      config: { ...authEntryBudget(app.config), ...secretToken },
      schema: {
        tags,
        summary: 'Accept an invitation: creates (or reactivates) the account and signs it in.',
        description:
          'The full password policy applies (400 on `password`). Single use: a used or ' +
          'expired link → 404. The seat limit is checked again (403 UPGRADE_REQUIRED). The ' +
          'new member accepts the Terms and the email-provider attestation for themself; the ' +
          "business's signed BAA covers them. Sets the session cookies and the device cookie, as " +
          'sign-in does; a returning member with two-step sign-in gets `mfaRequired` instead, ' +
          'as POST /auth/login answers.',
        security: [{ csrfToken: [] }],
        params: InviteTokenParamsSchema,
        body: AcceptInvitationRequestSchema,
        response: { 200: successEnvelope(SignInResultSchema), ...failures },
      },
    },
    async (req, reply) => {
      const outcome = await acceptInvite(
        serviceContext(req),
        req.params.token,
        req.body,
        presentedTokens(req, app.config),
      )
      return { success: true as const, data: answerSignIn(reply, app.config, outcome) }
    },
  )
}
