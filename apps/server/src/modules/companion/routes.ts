/**
 * POST /api/companion/verify: checks a practice summary brought back from the patient's phone by
 * its program id, digest and MAC (docs/decisions/020-companion.md#the-summary). Signed in; it
 * stores nothing.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  VerifyPracticeSummaryRequestSchema,
  VerifyPracticeSummaryResponseSchema,
} from '@myodocs/shared/contracts/companion'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { signedInContext } from '../../plugins/service-context'
import { verifyPracticeSummary } from './service'

export async function companionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)
  r.post(
    '/verify',
    {
      schema: {
        tags: ['companion'],
        summary: 'Check a practice summary brought back from the patient’s phone.',
        description:
          'The browser reads the summary file (or its QR code) locally and sends only its ' +
          'program id, the SHA-256 of its payload and its MAC. Answers whether the program was ' +
          'made by the caller’s practice (`thisBusiness`) and whether the summary is as the ' +
          'phone made it (`unchanged`). Nothing is stored or logged.',
        body: VerifyPracticeSummaryRequestSchema,
        response: {
          200: successEnvelope(VerifyPracticeSummaryResponseSchema),
          400: ApiFailureSchema,
          401: ApiFailureSchema,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: verifyPracticeSummary(signedInContext(req), req.body),
    }),
  )
}
