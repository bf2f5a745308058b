/**
 * Closing without waiting on clients (server.ts's shutdown calls app.close()):
 * - requests still running when the close starts finish, and their answers carry
 *   `Connection: close`: Node closes an idle keep-alive socket only once, when the close starts, so
 *   a socket whose request was still running would otherwise stay open for the client's keep-alive
 *   (over a minute) and hold the close past its deadline;
 * - any socket that goes idle during the close all the same (an answer whose headers left before
 *   it started) is closed within a fraction of a second;
 * - a request that arrives during the close is refused with our failure envelope, 503 and
 *   Retry-After, instead of Fastify's own body.
 */
import fp from 'fastify-plugin'
import { SERVICE_UNAVAILABLE } from '@myodocs/shared/constants/messages'
import { serviceUnavailable } from '../lib/errors'

/** A restart or a replacement instance is usually up within this. */
export const CLOSING_RETRY_AFTER_SECONDS = 5
const IDLE_SWEEP_MS = 200

export const gracefulClosePlugin = fp(async (app) => {
  let closing = false
  let sweep: NodeJS.Timeout | undefined

  app.addHook('preClose', (done) => {
    closing = true
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS)
    sweep.unref()
    done()
  })
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweep)
    done()
  })

  app.addHook('onRequest', (_req, _reply, done) => {
    if (!closing) return done()
    done(serviceUnavailable(SERVICE_UNAVAILABLE, CLOSING_RETRY_AFTER_SECONDS))
  })
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
})
