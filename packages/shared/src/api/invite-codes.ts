/** POST /api/auth/validate-invite-code: the invite-code check before registration. */
import { InviteCodeValidSchema, ValidateInviteCodeRequestSchema } from '../contracts/auth'
import { apiCall } from './define'

/** POST /api/auth/validate-invite-code (modules/invite-codes). */
export const inviteCodeCalls = {
  validate: apiCall({
    method: 'POST',
    path: '/api/auth/validate-invite-code',
    access: 'public',
    tags: ['auth'],
    summary: 'Check an invite code before registration (case-insensitive; nothing is used up).',
    description:
      'Refused checks are limited per IP (10 per 15 minutes); a valid code does not count. ' +
      'Past the limit: 429 RATE_LIMITED with Retry-After and a message giving the minutes to wait.',
    body: ValidateInviteCodeRequestSchema,
    answer: InviteCodeValidSchema,
    failures: [400, 429],
  }),
}
