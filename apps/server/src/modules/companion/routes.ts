/**
 * /api/companion (packages/shared/src/api/companion.ts): the check of a practice summary by its
 * program id, digest and MAC (docs/decisions/020-companion.md#the-summary); it stores nothing.
 */
import type { FastifyInstance } from 'fastify'
import { companionCalls } from '@myodocs/shared/api/companion'
import { route } from '../../plugins/api-route'
import { verifyPracticeSummary } from './service'

export async function companionRoutes(app: FastifyInstance) {
  route(app, companionCalls.verify, (ctx, { body }) => verifyPracticeSummary(ctx, body))
}
