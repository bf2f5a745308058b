/**
 * /api/legal: the documents in force, each status, acceptance, and the signed BAA as a
 * PDF. Every call needs a signed-in user; the status answers are per user (the BAA's per business).
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AcceptRequestSchema,
  BaaAcceptRequestSchema,
  LEGAL_TITLES,
  LegalDocumentSchema,
  LegalOverviewSchema,
  LegalStatusSchema,
} from '@myodocs/shared/contracts/legal'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { serviceContext, signedInContext } from '../../plugins/service-context'
import {
  acceptLegalDocument,
  currentDocument,
  downloadSignedBaa,
  legalOverview,
  legalStatus,
} from './service'

const failures = { 400: ApiFailureSchema, 401: ApiFailureSchema, 403: ApiFailureSchema }

export async function legalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  for (const kind of ['baa', 'terms', 'email-provider-attestation'] as const) {
    const title = LEGAL_TITLES[kind]
    r.get(
      `/${kind}/current`,
      {
        schema: {
          tags: ['legal'],
          summary: `The ${title} in force (its text and version).`,
          response: { 200: successEnvelope(LegalDocumentSchema), 401: ApiFailureSchema },
        },
      },
      async (req) => ({
        success: true as const,
        data: currentDocument(serviceContext(req), app.legalDocuments, kind),
      }),
    )

    r.get(
      `/${kind}/status`,
      {
        schema: {
          tags: ['legal'],
          summary: `Whether the ${title} in force is accepted${kind === 'baa' ? ' for the business' : ''}.`,
          description:
            '`id` is the newest acceptance (the one /legal/baa/download/{id} takes); `stale` is ' +
            'true when only an older version was accepted.',
          response: { 200: successEnvelope(LegalStatusSchema), 401: ApiFailureSchema },
        },
      },
      async (req) => ({
        success: true as const,
        data: await legalStatus(signedInContext(req), app.legalDocuments, kind),
      }),
    )
  }

  r.get(
    '/status',
    {
      schema: {
        tags: ['legal'],
        summary: 'All three statuses at once, with the compliance percentage and what is missing.',
        response: { 200: successEnvelope(LegalOverviewSchema), 401: ApiFailureSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await legalOverview(signedInContext(req), app.legalDocuments),
    }),
  )

  r.post(
    '/baa/accept',
    {
      schema: {
        tags: ['legal'],
        summary: 'Sign the Business Associate Agreement in force for the business (primary user).',
        description:
          'Records the typed name and title, time, IP, user agent and version; audited. Other ' +
          'members get 403: the account holder signs for the practice.',
        security: [{ csrfToken: [] }],
        body: BaaAcceptRequestSchema,
        response: { 200: successEnvelope(LegalStatusSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await acceptLegalDocument(
        signedInContext(req),
        app.legalDocuments,
        'baa',
        req.body.signatureData,
      ),
    }),
  )

  for (const kind of ['terms', 'email-provider-attestation'] as const) {
    r.post(
      `/${kind}/accept`,
      {
        schema: {
          tags: ['legal'],
          summary: `Accept the ${LEGAL_TITLES[kind]} in force.`,
          description: 'Records the time, IP, user agent and version; audited.',
          security: [{ csrfToken: [] }],
          body: AcceptRequestSchema,
          response: { 200: successEnvelope(LegalStatusSchema), ...failures },
        },
      },
      async (req) => ({
        success: true as const,
        data: await acceptLegalDocument(signedInContext(req), app.legalDocuments, kind),
      }),
    )
  }

  r.get(
    '/baa/download/:id',
    {
      schema: {
        tags: ['legal'],
        summary:
          'The signed BAA as a PDF: the text signed, the signature, business, date, IP, version.',
        description: 'Only acceptances of the caller’s business; any other id answers 404.',
        params: z.object({ id: z.string().max(64) }),
        produces: ['application/pdf'],
        response: { 404: ApiFailureSchema, 401: ApiFailureSchema },
      },
    },
    async (req, reply) => {
      const { pdf, version } = await downloadSignedBaa(signedInContext(req), req.params.id)
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="business-associate-agreement-v${version}.pdf"`,
        )
        .send(pdf as never)
    },
  )
}
