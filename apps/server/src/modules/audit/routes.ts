/**
 * /api/audit: Settings → Activity. The primary user reads the whole business's trail, a member
 * only their own (403 when asking for someone else's). docs/product/privacy.md#activity-log.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AuditFiltersSchema,
  AuditPageSchema,
  AuditQuerySchema,
} from '@myodocs/shared/contracts/audit'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { signedInContext } from '../../plugins/service-context'
import { exportAudit, listAudit } from './service'

const failures = { 400: ApiFailureSchema, 401: ApiFailureSchema, 403: ApiFailureSchema }
const tags = ['audit']
const who =
  'The primary user reads every event of the business and may filter by member; a member reads ' +
  'only their own events (403 FORBIDDEN when `memberId` names someone else). `from` and `to` are ' +
  'whole UTC days, inclusive. Details hold ids, counts, flags and fixed words only.'

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The activity log, newest first, one page at a time.',
        description: `${who} Pass \`nextCursor\` back as \`cursor\` for the next page; null at the end.`,
        querystring: AuditQuerySchema,
        response: { 200: successEnvelope(AuditPageSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listAudit(signedInContext(req), req.query),
    }),
  )

  r.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'The activity log as CSV, with the same filters.',
        description:
          `${who} Streams text/csv (a header row, then one row per event, newest first). Cells ` +
          'starting with =, +, -, @, tab or carriage return are prefixed with an apostrophe so ' +
          'a spreadsheet never runs them as formulas. The export itself is audited.',
        querystring: AuditFiltersSchema,
        produces: ['text/csv'],
        response: failures,
      },
    },
    async (req, reply) => {
      const csv = exportAudit(signedInContext(req), req.query)
      const day = req.server.now().toISOString().slice(0, 10)
      // A stream is sent as is; the response schema above documents the failures only.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .send(csv)
    },
  )
}
