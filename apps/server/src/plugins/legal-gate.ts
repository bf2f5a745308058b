/**
 * The legal gate for email routes (docs/decisions/004-legal-acceptance.md: without a signed BAA
 * the product must not process patient data); document routes apply the same rule in the read
 * they share with the subscription guard (`passDocumentGate`). Use after `app.authenticate`:
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
