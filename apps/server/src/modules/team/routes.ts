/**
 * /api/team: the members and pending invitations of the caller's business, for its primary user
 * only (members get 403 from plugins/primary-user.ts). docs/product/team.md.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  InviteMemberRequestSchema,
  TeamIdParamsSchema,
  TeamInvitationSchema,
  TeamSchema,
} from '@myodocs/shared/contracts/team'
import { primaryUserOnly } from '../../plugins/primary-user'
import { signedInContext } from '../../plugins/service-context'
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

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
  409: ApiFailureSchema,
}
const MemberStateSchema = z.object({ id: z.string(), isActive: z.boolean() })
const DeletedSchema = z.object({ deleted: z.literal(true) })
const tags = ['team']
const csrf = [{ csrfToken: [] }]

export async function teamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)
  app.addHook('preHandler', primaryUserOnly)

  r.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The members, the pending invitations and the seats of your business.',
        description:
          'Members with their status, last sign-in and PDFs this month; invitations not yet ' +
          'accepted (an expired one is flagged until resent or deleted); seats used of the ' +
          "plan's limit and the price of an extra member. Primary user only (403 otherwise).",
        response: { 200: successEnvelope(TeamSchema), ...failures },
      },
    },
    async (req) => ({ success: true as const, data: await getTeam(signedInContext(req)) }),
  )

  r.post(
    '/invite',
    {
      schema: {
        tags,
        summary: 'Invite a member: emails a single-use link valid 7 days.',
        description:
          'Seats: active members plus pending invitations, up to the plan’s limit (Essential 1: ' +
          '403 UPGRADE_REQUIRED; Professional 3; Premium 5), decided under a lock of the plan so ' +
          'concurrent invitations never exceed it. 409 when the address is a member already, ' +
          'has a pending invitation, or belongs to another practice. A deactivated member of ' +
          'this business may be invited: accepting reactivates them.',
        security: csrf,
        body: InviteMemberRequestSchema,
        response: { 200: successEnvelope(TeamInvitationSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await inviteMember(signedInContext(req), req.body),
    }),
  )

  r.post(
    '/invite/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send an invitation again with a new link; the old link stops working.',
        security: csrf,
        params: TeamIdParamsSchema,
        response: { 200: successEnvelope(TeamInvitationSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await resendInvitation(signedInContext(req), req.params.id),
    }),
  )

  r.delete(
    '/invite/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pending invitation: its link stops working and its seat is free.',
        security: csrf,
        params: TeamIdParamsSchema,
        response: { 200: successEnvelope(DeletedSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await cancelInvitation(signedInContext(req), req.params.id),
    }),
  )

  r.put(
    '/:id/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a member: every session of theirs ends at once (next call 401).',
        description: 'Not yourself (400). Another business’s member → 404.',
        security: csrf,
        params: TeamIdParamsSchema,
        response: { 200: successEnvelope(MemberStateSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await deactivateMember(signedInContext(req), req.params.id),
    }),
  )

  r.put(
    '/:id/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate a member; the seat limit is checked again (403 UPGRADE_REQUIRED).',
        security: csrf,
        params: TeamIdParamsSchema,
        response: { 200: successEnvelope(MemberStateSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reactivateMember(signedInContext(req), req.params.id),
    }),
  )

  r.post(
    '/:id/reset-password',
    {
      schema: {
        tags,
        summary: 'Email a member a single-use password reset link (valid 1 hour).',
        security: csrf,
        params: TeamIdParamsSchema,
        response: { 200: successEnvelope(z.object({ sent: z.literal(true) })), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await resetMemberPassword(signedInContext(req), req.params.id),
    }),
  )

  r.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Remove a member from the business: their account is deleted, audit kept.',
        description: 'Not yourself (400). Their sessions end at once.',
        security: csrf,
        params: TeamIdParamsSchema,
        response: { 200: successEnvelope(DeletedSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await removeMember(signedInContext(req), req.params.id),
    }),
  )
}
