/** The operator API under /api/admin (bearer ADMIN_TOKEN). `npm run admin` is its CLI client. */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  CreatedInviteCodeSchema,
  CreateInviteCodeRequestSchema,
  InviteCodeListSchema,
} from '@myodocs/shared/contracts/invite-code'
import { WaitlistInviteResultSchema, WaitlistListSchema } from '@myodocs/shared/contracts/waitlist'
import { BACKUP_USE_PG_DUMP, WAITLIST_ENTRY_ID_INVALID } from '@myodocs/shared/constants/messages'
import { conflict } from '../../lib/errors'
import { requireAdminToken } from '../../plugins/admin-token'
import { serviceContext } from '../../plugins/service-context'
import { recordAudit } from '../audit'
import { createInviteCode, inviteCodeList } from '../invite-codes'
import { operatorResetTwoStep } from '../two-step'
import { inviteFromWaitlist, waitlist } from '../waitlist'
import { EmailSchema } from '@myodocs/shared/contracts/auth'

const security = [{ adminToken: [] }]

export async function adminRoutes(app: FastifyInstance) {
  requireAdminToken(app)
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/ping',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Checks the operator token.',
        response: {
          200: successEnvelope(z.object({ pong: z.literal(true), database: z.string() })),
        },
      },
    },
    async () => ({
      success: true as const,
      data: { pong: true as const, database: app.database.kind },
    }),
  )

  // Untyped reply: the answer is a stream, not a JSON envelope.
  app.get(
    '/backup',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'A consistent copy of the embedded database, as a gzipped tar.',
        description:
          'Taken while the server runs: statements wait while the data files are copied (a ' +
          'second or so per 100 MB), then the copy streams out compressed. ' +
          '`npm run admin -- backup <file>` calls it and writes the file atomically; ' +
          '`restore` reads it back into a stopped server’s DATA_DIR. On PostgreSQL it answers ' +
          '409 (pg_dump does the job: docs/operations.md).',
        produces: ['application/gzip'],
        response: { 409: ApiFailureSchema },
      },
    },
    async (_req, reply: FastifyReply) => {
      if (!app.database.backup) throw conflict(BACKUP_USE_PG_DUMP)
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="myodocs-${stamp}.tar.gz"`)
        .send(await app.database.backup())
    },
  )

  r.post(
    '/invite-codes',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Create an invite code (1 use and no expiry unless told otherwise).',
        body: CreateInviteCodeRequestSchema,
        response: { 200: successEnvelope(CreatedInviteCodeSchema), 400: ApiFailureSchema },
      },
    },
    async (req) => {
      const ctx = serviceContext(req)
      const created = await createInviteCode(ctx, req.body)
      await recordAudit(ctx, {
        action: 'invite_code.created',
        details: { inviteCodeId: created.id, uses: req.body.uses ?? 1, by: 'operator' },
      })
      return { success: true as const, data: { code: created.code } }
    },
  )

  r.get(
    '/invite-codes',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Every invite code with its uses and expiry, newest first.',
        response: { 200: successEnvelope(InviteCodeListSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { codes: await inviteCodeList(serviceContext(req)) },
    }),
  )

  r.get(
    '/waitlist',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'The waitlist, newest first.',
        response: { 200: successEnvelope(WaitlistListSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { entries: await waitlist(serviceContext(req)) },
    }),
  )

  r.post(
    '/waitlist/:id/invite',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Create a one-use invite code (valid 30 days) for the entry and email it.',
        params: z.object({ id: z.uuid({ error: WAITLIST_ENTRY_ID_INVALID }) }),
        response: {
          200: successEnvelope(WaitlistInviteResultSchema),
          400: ApiFailureSchema,
          404: ApiFailureSchema,
          502: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      const ctx = serviceContext(req)
      const result = await inviteFromWaitlist(ctx, req.params.id)
      await recordAudit(ctx, {
        action: 'waitlist.invited',
        details: { waitlistEntryId: req.params.id, by: 'operator' },
      })
      return { success: true as const, data: result }
    },
  )

  r.post(
    '/two-step/reset',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "Reset a user's two-step sign-in (a locked-out account holder).",
        description:
          "Removes the user's authenticator app, passkeys and recovery codes and ends their " +
          'sessions; they sign in with the password and enrol again. Check who is asking first. ' +
          'Unknown email → 404; nothing to reset → 409. Audited.',
        body: z.object({ email: EmailSchema }),
        response: {
          200: successEnvelope(z.object({ reset: z.literal(true) })),
          400: ApiFailureSchema,
          404: ApiFailureSchema,
          409: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      await operatorResetTwoStep(serviceContext(req), req.body.email)
      return { success: true as const, data: { reset: true as const } }
    },
  )
}
