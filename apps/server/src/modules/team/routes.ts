/** /api/team (packages/shared/src/api/team.ts; docs/product/team.md): the account holder's. */
import type { FastifyInstance } from 'fastify'
import { teamCalls as calls } from '@myodocs/shared/api/team'
import { route } from '../../plugins/api-route'
import {
  cancelInvitation,
  deactivateMember,
  getTeam,
  inviteMember,
  reactivateMember,
  removeMember,
  resendInvitation,
  resetMemberPassword,
} from './service'

export async function teamRoutes(app: FastifyInstance) {
  route(app, calls.get, (ctx) => getTeam(ctx))
  route(app, calls.invite, (ctx, { body }) => inviteMember(ctx, body))
  route(app, calls.resendInvitation, (ctx, { params }) => resendInvitation(ctx, params.id))
  route(app, calls.deleteInvitation, (ctx, { params }) => cancelInvitation(ctx, params.id))
  route(app, calls.deactivate, (ctx, { params }) => deactivateMember(ctx, params.id))
  route(app, calls.reactivate, (ctx, { params }) => reactivateMember(ctx, params.id))
  route(app, calls.resetPassword, (ctx, { params }) => resetMemberPassword(ctx, params.id))
  route(app, calls.remove, (ctx, { params }) => removeMember(ctx, params.id))
}
