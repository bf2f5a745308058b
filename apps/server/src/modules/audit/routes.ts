/**
 * /api/audit (packages/shared/src/api/audit.ts): Settings → Activity, the page and its CSV.
 * docs/product/privacy.md#activity-log.
 */
import type { FastifyInstance } from 'fastify'
import { auditCalls as calls } from '@myodocs/shared/api/audit'
import { route } from '../../plugins/api-route'
import { exportAudit, listAudit } from './service'

export async function auditRoutes(app: FastifyInstance) {
  route(app, calls.list, (ctx, { query }) => listAudit(ctx, query))
  route(app, calls.export, (ctx, { query }, req, reply) => {
    const day = req.server.now().toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
      .send(exportAudit(ctx, query))
  })
}
