/**
 * /api/team: the members and pending invitations of the caller's business, for its account holder
 * only (docs/product/team.md).
 */
import { z } from 'zod'
import {
  InviteMemberRequestSchema,
  TeamIdParamsSchema,
  TeamInvitationSchema,
  TeamSchema,
} from '../contracts/team'
import { apiCall } from './define'

const failures = [400, 401, 403, 404, 409] as const
const MemberStateSchema = z.object({ id: z.string(), isActive: z.boolean() })
const DeletedSchema = z.object({ deleted: z.literal(true) })
const tags = ['team']

/** The team calls. */
export const teamCalls = {
  get: apiCall({
    method: 'GET',
    path: '/api/team',
    access: 'primaryUser',
    tags,
    summary: 'The members, the pending invitations and the seats of your business.',
    description:
      'Members with their status, last sign-in and PDFs this month; invitations not yet ' +
      'accepted (an expired one is flagged until resent or deleted); seats used of the ' +
      "plan's limit and the price of an extra member. Primary user only (403 otherwise).",
    answer: TeamSchema,
    failures,
  }),
  invite: apiCall({
    method: 'POST',
    path: '/api/team/invite',
    access: 'primaryUser',
    tags,
    summary: 'Invite a member: emails a single-use link valid 7 days.',
    description:
      'Seats: active members plus pending invitations, up to the plan’s limit (Essential 1: ' +
      '403 UPGRADE_REQUIRED; Professional 3; Premium 5), decided under a lock of the plan so ' +
      'concurrent invitations never exceed it. 409 when the address is a member already, ' +
      'has a pending invitation, or belongs to another practice. A deactivated member of ' +
      'this business may be invited: accepting reactivates them.',
    body: InviteMemberRequestSchema,
    answer: TeamInvitationSchema,
    failures,
  }),
  resendInvitation: apiCall({
    method: 'POST',
    path: '/api/team/invite/:id/resend',
    access: 'primaryUser',
    tags,
    summary: 'Send an invitation again with a new link; the old link stops working.',
    params: TeamIdParamsSchema,
    answer: TeamInvitationSchema,
    failures,
  }),
  deleteInvitation: apiCall({
    method: 'DELETE',
    path: '/api/team/invite/:id',
    access: 'primaryUser',
    tags,
    summary: 'Delete a pending invitation: its link stops working and its seat is free.',
    params: TeamIdParamsSchema,
    answer: DeletedSchema,
    failures,
  }),
  deactivate: apiCall({
    method: 'PUT',
    path: '/api/team/:id/deactivate',
    access: 'primaryUser',
    tags,
    summary: 'Deactivate a member: every session of theirs ends at once (next call 401).',
    description: 'Not yourself (400). Another business’s member → 404.',
    params: TeamIdParamsSchema,
    answer: MemberStateSchema,
    failures,
  }),
  reactivate: apiCall({
    method: 'PUT',
    path: '/api/team/:id/reactivate',
    access: 'primaryUser',
    tags,
    summary: 'Reactivate a member; the seat limit is checked again (403 UPGRADE_REQUIRED).',
    params: TeamIdParamsSchema,
    answer: MemberStateSchema,
    failures,
  }),
  resetPassword: apiCall({
    method: 'POST',
    path: '/api/team/:id/reset-password',
    access: 'primaryUser',
    tags,
    summary: 'Email a member a single-use password reset link (valid 1 hour).',
    params: TeamIdParamsSchema,
    answer: z.object({ sent: z.literal(true) }),
    failures,
  }),
  remove: apiCall({
    method: 'DELETE',
    path: '/api/team/:id',
    access: 'primaryUser',
    tags,
    summary: 'Remove a member from the business: their account is deleted, audit kept.',
    description: 'Not yourself (400). Their sessions end at once.',
    params: TeamIdParamsSchema,
    answer: DeletedSchema,
    failures,
  }),
}
