/**
 * POST /api/documents/<kind>, one route per kind of the document registry
 * (packages/shared/src/api/documents.ts): the session as JSON in, application/pdf out.
 * In order: signed in, the legal gate (403 LEGAL_ACCEPTANCE_REQUIRED), the body limit and photo
 * limits (413), the kind's schema (400 with fields), the subscription guard with an atomic monthly
 * count (403 TRIAL_EXPIRED / USAGE_LIMIT_EXCEEDED), then the render pool. Before any of that, the
 * body's declared size is admitted to the pool's byte budget (503 Retry-After, the body unread,
 * when it does not fit). Nothing of the request is stored or logged.
 *
 * POST /api/documents/verify checks a session file brought back in the browser by its digest and
 * MAC (docs/decisions/015-session-file.md); it stores nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { documentCalls, generateDocumentCalls } from '@myodocs/shared/api/documents'
import {
  DOCUMENT_KINDS,
  documentFileName,
  documentSubject,
} from '@myodocs/shared/contracts/document-registry'
import {
  DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
  isPayloadTooLargeIssue,
} from '@myodocs/shared/contracts/documents'
import { PHOTOS_TOO_LARGE } from '@myodocs/shared/constants/document-messages'
import { AppError } from '../../lib/errors'
import { route } from '../../plugins/api-route'
import { signedInContext } from '../../plugins/service-context'
import type { DocumentJob } from './render-worker'
import { generateDocument, passDocumentGate } from './service'
import type { DocumentGate } from './service'
import { verifySessionFile } from './session-file'

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
  // The legal gate reads the subscription guard's state in the same statement; the guard judges
  // it in the handler, once the request is valid (docs/decisions/011-api-hot-path.md).
  const gates = new WeakMap<FastifyRequest, DocumentGate>()
  const gate = async (req: FastifyRequest) => {
    gates.set(req, await passDocumentGate(signedInContext(req), app.legalDocuments))
  }

  route(app, documentCalls.verify, (ctx, { body }) => verifySessionFile(ctx, body), {
    preHandler: [gate],
  })

  for (const kind of DOCUMENT_KINDS) {
    route(
      app,
      generateDocumentCalls[kind],
      async (ctx, { body }, req, reply) => {
        if (req.validationError) throw validationFailure(req.validationError)
        // The body is the schema's output (trimmed, defaults applied) once validation passed.
        const job = { kind, request: body } as DocumentJob
        const pdf = await generateDocument(ctx, app.renderPool, job, gates.get(req))
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
      {
        bodyLimit: DOCUMENT_REQUEST_BODY_LIMIT_BYTES,
        // The body's size is taken from the budget before it is read, parsed and validated, and
        // given back when the answer is done or the client goes away. A full budget refuses
        // with the body unread; the connection closes so its rest is not drained either.
        onRequest: [
          async (req, reply) => {
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
        ],
        preHandler: [gate],
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
      },
    )
  }
}
