/**
 * Closing the app while a request runs (what server.ts does on SIGTERM), over real sockets: the
 * running request finishes and its answer closes its keep-alive connection, so the close never
 * waits on a client that keeps connections open; a request arriving during the close gets our
 * failure envelope with 503 and Retry-After. The whole process under a PDF burst:
 * faults-process.test.ts.
 */
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { SERVICE_UNAVAILABLE } from '@myodocs/shared/constants/messages'
import { CLOSING_RETRY_AFTER_SECONDS } from '../src/plugins/graceful-close'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/**
 * An app on a loopback port with a route that answers only when the test lets it, and a promise
 * of the moment its close begins (app.close() itself only queues the close).
 */
async function slowApp() {
  let entered = () => {}
  const running = new Promise<void>((resolve) => (entered = resolve))
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let began = () => {}
  const closeBegun = new Promise<void>((resolve) => (began = resolve))
  t = await createTestApp({
    extend(app) {
      app.get('/api/test/slow', async () => {
        entered()
        await released
        return { success: true, data: { done: true } }
      })
      app.addHook('preClose', async () => began())
    },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  return { app: t.app, port, running, release, closeBegun }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves with 'closed' when `close` settles within `ms`, else 'still open'. */
const settlesWithin = (close: Promise<unknown>, ms: number) =>
  Promise.race([
    close.then(() => 'closed'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms).unref()),
  ])

describe('closing the app', { timeout: 30_000 }, () => {
  it('finishes a running request, closes its keep-alive connection, and does not wait on the client', async () => {
    const { app, port, running, release, closeBegun } = await slowApp()
    // Like a browser or a proxy: keeps every connection open for reuse, with no idle timeout.
    const agent = new http.Agent({ keepAlive: true })
    try {
      const answer = new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/test/slow', agent }, (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => (body += chunk))
            res.on('end', () => resolve(Object.assign(res, { body })))
          })
          .on('error', reject)
      })
      await running
      const closing = app.close()
      await closeBegun
      release()
      const res = await answer
      expect(res.statusCode).toBe(200)
      expect(JSON.parse(res.body)).toEqual({ success: true, data: { done: true } })
      expect(res.headers.connection).toBe('close')
      // Without the close header the connection would stay open for the keep-alive (72 s).
      expect(await settlesWithin(closing, 3_000)).toBe('closed')
    } finally {
      agent.destroy()
    }
  })

  it('refuses a request that arrives during the close with the envelope, 503 and Retry-After', async () => {
    const { app, port, closeBegun } = await slowApp()
    // A request whose first bytes came before the close and the rest after it: the connection is
    // not idle, so the close waits for it and Fastify routes the request while closing.
    const socket = net.connect(port, '127.0.0.1')
    let raw = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (raw += chunk))
    const ended = new Promise((resolve) => socket.on('close', resolve))
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n')
    await pause(100)
    const closing = app.close()
    await closeBegun
    await pause(500)
    socket.write('\r\n')
    await ended
    expect(await settlesWithin(closing, 3_000)).toBe('closed')

    const [head, body] = raw.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 503 /)
    expect(head).toMatch(new RegExp(`\r\nretry-after: ${CLOSING_RETRY_AFTER_SECONDS}\r\n`, 'i'))
    expect(head).toMatch(/\r\nconnection: close\r\n/i)
    expect(JSON.parse(body!)).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: SERVICE_UNAVAILABLE,
    })
  })
})
