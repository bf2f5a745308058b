/**
 * The legal gate for document and email routes (docs/decisions/004-legal-acceptance.md: without a
 * signed BAA the product must not process patient data). Use after `app.authenticate`:
 *
 *   app.addHook('preHandler', app.authenticate)
 *   app.addHook('preHandler', legalGate)
 *
 * Refuses with 403 LEGAL_ACCEPTANCE_REQUIRED, the prompt of the first missing document as
 * `message`, and `missing` (kinds) and `prompts` beside it.
 */
import type { FastifyRequest } from 'fastify'
import { assertLegalAccepted } from '../modules/legal'
import { signedInContext } from './service-context'

export async function legalGate(req: FastifyRequest): Promise<void> {
  await assertLegalAccepted(signedInContext(req), req.server.legalDocuments)
}
