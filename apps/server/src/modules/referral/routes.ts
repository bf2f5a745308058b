/** /api/referral (packages/shared/src/api/referral.ts). */
import type { FastifyInstance } from 'fastify'
import { referralCalls } from '@myodocs/shared/api/referral'
import { route } from '../../plugins/api-route'
import { myReferral, validateReferral } from './service'

export async function referralRoutes(app: FastifyInstance) {
  route(app, referralCalls.validate, (ctx, { params }) => validateReferral(ctx, params.code))
  route(app, referralCalls.mine, (ctx) => myReferral(ctx))
}
