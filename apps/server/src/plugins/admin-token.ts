/** Operator API guard: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { OPERATOR_TOKEN_REQUIRED } from '@myodocs/shared/constants/messages'
import { unauthorized } from '../lib/errors'

const digest = (s: string) => createHash('sha256').update(s).digest()

export function requireAdminToken(app: FastifyInstance) {
  const expected = digest(app.config.adminToken)
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization ?? ''
    const match = /^Bearer\s+(.+)$/i.exec(header)
    if (!match?.[1] || !timingSafeEqual(digest(match[1].trim()), expected)) {
      throw unauthorized(OPERATOR_TOKEN_REQUIRED)
    }
  })
}
