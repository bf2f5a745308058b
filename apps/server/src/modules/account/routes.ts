/**
 * /api/account: the referral card, the data export (privacy policy "access") and deletion
 * (privacy policy "request deletion").
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AccountDeletedSchema, AccountExportSchema } from '@myodocs/shared/contracts/account'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  ConfirmByBusinessNameSchema,
  ReferralInfoSchema,
} from '@myodocs/shared/contracts/subscription'
import { signedInContext } from '../../plugins/service-context'
import { CLEAR_SITE_DATA_SIGN_OUT, clearSessionCookies } from '../../plugins/session-cookies'
import { deleteAccount, exportAccount, referralInfo } from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  409: ApiFailureSchema,
}

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/referral',
    {
      schema: {
        tags: ['account'],
        summary:
          "Refer a colleague: the business's code, link and how many used it (primary user).",
        response: {
          200: successEnvelope(ReferralInfoSchema),
          401: ApiFailureSchema,
          403: ApiFailureSchema,
        },
      },
    },
    async (req) => ({ success: true as const, data: await referralInfo(signedInContext(req)) }),
  )

  r.get(
    '/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything kept about you as JSON (profile, business, settings, …).',
        description:
          'Profile, business, subscription, settings, legal acceptances and audit events. The ' +
          'primary user gets the whole business’s acceptances and audit trail; a member their own. ' +
          'Sent as an attachment (myodocs-export-YYYY-MM-DD.json).',
        response: { 200: successEnvelope(AccountExportSchema), 401: ApiFailureSchema },
      },
    },
    async (req, reply) => {
      const data = await exportAccount(signedInContext(req))
      reply.header(
        'content-disposition',
        `attachment; filename="myodocs-export-${data.exportedAt.slice(0, 10)}.json"`,
      )
      return { success: true as const, data }
    },
  )

  r.post(
    '/delete',
    {
      schema: {
        tags: ['account'],
        summary:
          'Delete your account (a member) or the whole business (primary user, once cancelled).',
        description:
          'Confirmed by typing the business name. Personal data is deleted; audit rows stay with ' +
          'each person replaced by a tombstone id. The primary user must cancel the plan first (409). ' +
          'The answer carries `Clear-Site-Data: "cache", "storage"`, as Sign Out does.',
        security: [{ csrfToken: [] }],
        body: ConfirmByBusinessNameSchema,
        response: { 200: successEnvelope(AccountDeletedSchema), ...failures },
      },
    },
    async (req, reply) => {
      const data = await deleteAccount(signedInContext(req), req.body.confirmBusinessName)
      clearSessionCookies(reply, app.config)
      reply.header('clear-site-data', CLEAR_SITE_DATA_SIGN_OUT)
      return { success: true as const, data }
    },
  )
}
