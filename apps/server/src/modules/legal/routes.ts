/**
 * /api/legal (packages/shared/src/api/legal.ts): the documents in force, each status, acceptance,
 * and the signed BAA as a PDF.
 */
import type { FastifyInstance } from 'fastify'
import { legalCalls as calls, legalReadCalls } from '@myodocs/shared/api/legal'
import { LEGAL_DOCUMENT_KINDS } from '@myodocs/shared/contracts/legal'
import { route } from '../../plugins/api-route'
import {
  acceptLegalDocument,
  currentDocument,
  downloadSignedBaa,
  legalOverview,
  legalStatus,
} from './service'

export async function legalRoutes(app: FastifyInstance) {
  const documents = () => app.legalDocuments
  for (const kind of LEGAL_DOCUMENT_KINDS) {
    route(app, legalReadCalls[kind].current, (ctx) => currentDocument(ctx, documents(), kind))
    route(app, legalReadCalls[kind].status, (ctx) => legalStatus(ctx, documents(), kind))
  }
  route(app, calls.overview, (ctx) => legalOverview(ctx, documents()))
  route(app, calls.acceptBaa, (ctx, { body }) =>
    acceptLegalDocument(ctx, documents(), 'baa', body.signatureData),
  )
  route(app, calls.acceptTerms, (ctx) => acceptLegalDocument(ctx, documents(), 'terms'))
  route(app, calls.acceptAttestation, (ctx) =>
    acceptLegalDocument(ctx, documents(), 'email-provider-attestation'),
  )
  route(app, calls.downloadBaa, async (ctx, { params }, _req, reply) => {
    const { pdf, version } = await downloadSignedBaa(ctx, params.id)
    return reply
      .type('application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="business-associate-agreement-v${version}.pdf"`,
      )
      .send(pdf)
  })
}
