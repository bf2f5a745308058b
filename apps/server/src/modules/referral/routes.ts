/** GET /referral/validate/{code} and the signed-in business's own code. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  MyReferralSchema,
  ReferralCodeParamsSchema,
  ReferralValidationSchema,
} from '@myodocs/shared/contracts/referral'
import { serviceContext, signedInContext } from '../../plugins/service-context'
import { myReferral, validateReferral } from './service'

export async function referralRoutes(app: FastifyInstance) {
  const limit = app.config.rateLimits.referralIp
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/referral/validate/:code',
    {
      // A referral code earns its holder a bonus: kept out of the log like a token.
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs }, secretParams: ['code'] },
      schema: {
        tags: ['referral'],
        summary: 'The business behind a referral code and the bonus it gives (404 when invalid).',
        params: ReferralCodeParamsSchema,
        response: {
          200: successEnvelope(ReferralValidationSchema),
          404: ApiFailureSchema,
          429: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await validateReferral(serviceContext(req), req.params.code),
    }),
  )

  r.get(
    '/referral/code',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['referral'],
        summary: "The signed-in user's business referral code and the link to share.",
        response: { 200: successEnvelope(MyReferralSchema), 401: ApiFailureSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await myReferral(signedInContext(req)),
    }),
  )
}
