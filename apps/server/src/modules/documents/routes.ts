/**
 * POST /api/documents/<kind>, one route per kind of the document registry
 * (`@myodocs/shared/contracts/document-registry`): the session as JSON in, application/pdf out.
 * In order: signed in, the legal gate (403 LEGAL_ACCEPTANCE_REQUIRED), the body limit and photo
 * limits (413), the kind's schema (400 with fields), the subscription guard with an atomic monthly
 * count (403 TRIAL_EXPIRED / USAGE_LIMIT_EXCEEDED), then the render pool. Before any of that, the
 * body's declared size is admitted to the pool's byte budget (503 Retry-After, the body unread,
 * when it does not fit). Nothing of the request is stored or logged.
 *
 * POST /api/documents/verify checks a session file brought back in the browser by its digest and
 * MAC (docs/decisions/015-session-file.md); it stores nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  DOCUMENT_KINDS,
  DOCUMENTS,
  documentFileName,
  documentSubject,
} from '@myodocs/shared/contracts/document-registry'
import {
  DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
  isPayloadTooLargeIssue,
} from '@myodocs/shared/contracts/documents'
import { PHOTOS_TOO_LARGE } from '@myodocs/shared/constants/document-messages'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  VerifySessionFileRequestSchema,
  VerifySessionFileResponseSchema,
} from '@myodocs/shared/contracts/session-file'
import { GatedRouteForbiddenSchema } from '@myodocs/shared/contracts/legal'
import { AppError } from '../../lib/errors'
import { signedInContext } from '../../plugins/service-context'
import type { DocumentJob } from './render-worker'
import { generateDocument, passDocumentGate } from './service'
import type { DocumentGate } from './service'
import { verifySessionFile } from './session-file'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: GatedRouteForbiddenSchema,
  413: ApiFailureSchema,
  503: ApiFailureSchema,
}

/**
 * Validation failures pass through unchanged, except that too many or too large photos answer
 * 413 with their own text, whatever else is wrong with the request.
 */
function validationFailure(error: Error & { validation?: Array<{ message?: string }> }): Error {
  const issue = (error.validation ?? []).find((i) =>
    isPayloadTooLargeIssue({ message: i.message ?? '' }),
  )
  return issue ? new AppError('PAYLOAD_TOO_LARGE', issue.message ?? PHOTOS_TOO_LARGE, 413) : error
}

export async function documentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // The legal gate reads the subscription guard's state in the same statement; the guard judges
  // it in the handler, once the request is valid (docs/decisions/011-api-hot-path.md).
  const gates = new WeakMap<FastifyRequest, DocumentGate>()
  app.addHook('preHandler', app.authenticate)
  app.addHook('preHandler', async (req) => {
    gates.set(req, await passDocumentGate(signedInContext(req), app.legalDocuments))
  })

  r.post(
    '/verify',
    {
      schema: {
        tags: ['documents'],
        summary: 'Check a session file brought back from an earlier document.',
        description:
          'The browser reads `myodocs-session.json` from a PDF locally and sends only its kind, ' +
          'issuer, the SHA-256 of its payload and its MAC. Answers whether the caller’s business ' +
          'made it (`thisBusiness`) and whether it is unchanged since (`unchanged`, checked ' +
          'only for the caller’s own files). Nothing is stored or logged.',
        body: VerifySessionFileRequestSchema,
        response: { 200: successEnvelope(VerifySessionFileResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: verifySessionFile(signedInContext(req), req.body),
    }),
  )

  for (const kind of DOCUMENT_KINDS) {
    const entry = DOCUMENTS[kind]
    r.post(
      `/${kind}`,
      {
        bodyLimit: DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
        // The body's size is taken from the budget before it is read, parsed and validated, and
        // given back when the answer is done or the client goes away. A full budget refuses
        // with the body unread; the connection closes so its rest is not drained either.
        onRequest: async (req, reply) => {
          const declared = Number(req.headers['content-length'])
          const size = Number.isFinite(declared) ? declared : DOCUMENT_REQUEST_BODY_LIMIT_BYTES
          const release = app.renderPool.admit(size)
          if (!release) {
            reply.header('connection', 'close')
            throw app.renderPool.refuse()
          }
          reply.raw.once('close', release)
          reply.raw.once('finish', release)
        },
        // Validation failures reach the handler, after sign-in and the gate, so photo limits can
        // answer 413 rather than 400.
        attachValidation: true,
        // A body over the limit is refused while it is read, with the photo text.
        errorHandler: (error, req, reply) =>
          app.errorHandler(
            error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? new AppError('PAYLOAD_TOO_LARGE', PHOTOS_TOO_LARGE, 413)
              : error,
            req,
            reply,
          ),
        schema: {
          tags: ['documents'],
          summary: entry.summary,
          description:
            `${entry.description} Requires the three legal acceptances and a PDF left in the ` +
            'month’s allowance; the count is taken atomically and given back if rendering fails. ' +
            'Answers application/pdf with a Content-Disposition file name.',
          body: entry.schema,
          produces: ['application/pdf'],
          response: failures,
        },
      },
      async (req: FastifyRequest, reply: FastifyReply) => {
        if (req.validationError) throw validationFailure(req.validationError)
        // The body is the schema's output (trimmed, defaults applied) once validation passed.
        const job = { kind, request: req.body } as DocumentJob
        const pdf = await generateDocument(
          signedInContext(req),
          app.renderPool,
          job,
          gates.get(req),
        )
        const { patient, date } = documentSubject(job.kind, job.request)
        return reply
          .type('application/pdf')
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${documentFileName(kind, patient, date)}"`,
          )
          .send(pdf)
      },
    )
  }
}
