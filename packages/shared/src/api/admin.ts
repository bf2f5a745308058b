/**
 * /api/admin: the operator's calls, with the operator token (`Authorization: Bearer ADMIN_TOKEN`;
 * docs/operations.md). `npm run admin` is their command-line client.
 */
import { z } from 'zod'
import { EmailSchema } from '../contracts/auth'
import {
  CreatedInviteCodeSchema,
  CreateInviteCodeRequestSchema,
  InviteCodeListSchema,
} from '../contracts/invite-code'
import { WaitlistInviteResultSchema, WaitlistListSchema } from '../contracts/waitlist'
import { WAITLIST_ENTRY_ID_INVALID } from '../constants/messages'
import { apiCall } from './define'

const tags = ['admin']

/** The operator's calls. */
export const adminCalls = {
  ping: apiCall({
    method: 'GET',
    path: '/api/admin/ping',
    access: 'operator',
    tags,
    summary: 'Checks the operator token.',
    answer: z.object({ pong: z.literal(true), database: z.string() }),
    failures: [],
  }),
  backup: apiCall({
    method: 'GET',
    path: '/api/admin/backup',
    access: 'operator',
    tags,
    summary: 'A consistent copy of the embedded database, as a gzipped tar.',
    description:
      'Taken while the server runs: statements wait while the data files are copied (a ' +
      'second or so per 100 MB), then the copy streams out compressed. ' +
      '`npm run admin -- backup <file>` calls it and writes the file atomically; ' +
      '`restore` reads it back into a stopped server’s DATA_DIR. On PostgreSQL it answers ' +
      '409 (pg_dump does the job: docs/operations.md).',
    file: 'application/gzip',
    failures: [409],
  }),
  createInviteCode: apiCall({
    method: 'POST',
    path: '/api/admin/invite-codes',
    access: 'operator',
    tags,
    summary: 'Create an invite code (1 use and no expiry unless told otherwise).',
    body: CreateInviteCodeRequestSchema,
    answer: CreatedInviteCodeSchema,
    failures: [400],
  }),
  inviteCodes: apiCall({
    method: 'GET',
    path: '/api/admin/invite-codes',
    access: 'operator',
    tags,
    summary: 'Every invite code with its uses and expiry, newest first.',
    answer: InviteCodeListSchema,
    failures: [],
  }),
  waitlist: apiCall({
    method: 'GET',
    path: '/api/admin/waitlist',
    access: 'operator',
    tags,
    summary: 'The waitlist, newest first.',
    answer: WaitlistListSchema,
    failures: [],
  }),
  inviteFromWaitlist: apiCall({
    method: 'POST',
    path: '/api/admin/waitlist/:id/invite',
    access: 'operator',
    tags,
    summary: 'Create a one-use invite code (valid 30 days) for the entry and email it.',
    params: z.object({ id: z.uuid({ error: WAITLIST_ENTRY_ID_INVALID }) }),
    answer: WaitlistInviteResultSchema,
    failures: [400, 404, 502],
  }),
  resetTwoStep: apiCall({
    method: 'POST',
    path: '/api/admin/two-step/reset',
    access: 'operator',
    tags,
    summary: "Reset a user's two-step sign-in (a locked-out account holder).",
    description:
      "Removes the user's authenticator app, passkeys and recovery codes and ends their " +
      'sessions; they sign in with the password and enrol again. Check who is asking first. ' +
      'Unknown email → 404; nothing to reset → 409. Audited.',
    body: z.object({ email: EmailSchema }),
    answer: z.object({ reset: z.literal(true) }),
    failures: [400, 404, 409],
  }),
}
