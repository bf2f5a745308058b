/**
 * The legal gate for document and email routes (SPEC §4: without a signed BAA the product must
 * not process patient data). Use after `app.authenticate`:
 *
 *   r.post('/documents/assessment', { preHandler: [app.authenticate, legalGate(app)], schema }, …)
 *
 * Refuses with 403 LEGAL_ACCEPTANCE_REQUIRED, the SPEC §8 prompt of the first missing document as
 * `message`, and `missing` (kinds) and `prompts` beside it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { requireUser } from '../../plugins/auth'
import type { AuthUser } from '../../plugins/auth'
import { assertLegalAccepted as assertAccepted } from './service'
import type { LegalContext } from './service'

export const legalContext = (app: FastifyInstance): LegalContext => ({
  db: app.db,
  legalDocuments: app.legalDocuments,
  supportEmail: app.config.supportEmail,
  now: app.now,
})

/** Throws the gate's 403 unless the user has accepted all three documents in force. */
export async function assertLegalAccepted(
  app: FastifyInstance,
  user: Pick<AuthUser, 'id' | 'businessId' | 'isPrimaryUser'>,
  db: Db = app.db,
): Promise<void> {
  await assertAccepted({ ...legalContext(app), db }, user)
}

/** A preHandler running the gate for the signed-in user. */
export function legalGate(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    await assertLegalAccepted(app, requireUser(req))
  }
}
