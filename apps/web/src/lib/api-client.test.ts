/**
 * The browser API client against a real HTTP server (node:http on loopback) that scripts the
 * answers of docs/product/errors.md#browser-reactions: CSRF retry, TOKEN_EXPIRED refresh, envelopes, timeouts and network texts.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  GENERIC_ERROR,
  NETWORK_TIMEOUT,
  NETWORK_UNREACHABLE,
} from '@myodocs/shared/constants/messages'
import { contactCalls } from '@myodocs/shared/api/contact'
import { legalCalls } from '@myodocs/shared/api/legal'
import { passwordCalls } from '@myodocs/shared/api/passwords'
import {
  api,
  ApiError,
  failureText,
  resetCsrfToken,
  SESSION_EXPIRED_EVENT,
  setApiBaseUrl,
} from './api-client'

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void
const log: Array<{ method: string; url: string; csrf?: string }> = []
let handler: Handler
let server: Server
let tokenCount = 0

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      log.push({
        method: req.method!,
        url: req.url!,
        csrf: req.headers['x-csrf-token'] as string | undefined,
      })
      if (req.url === '/api/csrf-token') {
        tokenCount++
        return json(res, 200, {
          success: true,
          csrfToken: `T${tokenCount}`,
          data: { csrfToken: `T${tokenCount}` },
        })
      }
      handler(req, res, body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  log.length = 0
  tokenCount = 0
  resetCsrfToken()
})

describe('the API client', () => {
  it('unwraps the success envelope', async () => {
    handler = (_q, res) => json(res, 200, { success: true, data: { n: 1 } })
    await expect(api.get<{ n: number }>('/api/thing')).resolves.toEqual({ n: 1 })
  })

  it('sends the CSRF token on state-changing calls, not on exempt ones', async () => {
    handler = (_q, res) => json(res, 200, { success: true, data: null })
    await api.post('/api/settings/pdf', { a: 1 })
    // Exempt by the API table's entries.
    await api.call(contactCalls.send, {
      body: { name: 'Dana', email: 'dana@clinic.test', subject: 'Hi', message: 'Hello' },
    })
    await api.call(passwordCalls.forgot, { body: { email: 'dana@clinic.test' } })
    expect(log.map((l) => `${l.method} ${l.url} ${l.csrf ?? '-'}`)).toEqual([
      'GET /api/csrf-token -',
      'POST /api/settings/pdf T1',
      'POST /api/contact -',
      'POST /api/auth/forgot-password -',
    ])
  })

  it('refetches the token and retries once on a CSRF 403', async () => {
    let calls = 0
    handler = (_q, res) =>
      ++calls === 1
        ? json(res, 403, {
            success: false,
            code: 'INVALID_CSRF_TOKEN',
            message: 'Invalid CSRF token',
            error: 'Invalid CSRF token',
          })
        : json(res, 200, { success: true, data: 'ok' })
    await expect(api.put('/api/settings/pdf', {})).resolves.toBe('ok')
    expect(log.filter((l) => l.url === '/api/settings/pdf').map((l) => l.csrf)).toEqual([
      'T1',
      'T2',
    ])
  })

  it('gives up after one CSRF retry', async () => {
    handler = (_q, res) =>
      json(res, 403, { success: false, code: 'INVALID_CSRF_TOKEN', message: 'Invalid CSRF token' })
    await expect(api.delete('/api/x')).rejects.toMatchObject({
      status: 403,
      message: 'Invalid CSRF token',
    })
    expect(log.filter((l) => l.url === '/api/x')).toHaveLength(2)
  })

  it('refreshes once on 401 TOKEN_EXPIRED and retries', async () => {
    let expired = true
    handler = (q, res) => {
      if (q.url === '/api/auth/refresh') {
        expired = false
        return json(res, 200, { success: true, data: null })
      }
      return expired
        ? json(res, 401, { success: false, code: 'TOKEN_EXPIRED', message: 'Session expired' })
        : json(res, 200, { success: true, data: 'fresh' })
    }
    await expect(api.get('/api/auth/me')).resolves.toBe('fresh')
    expect(log.map((l) => l.url)).toEqual([
      '/api/auth/me',
      '/api/csrf-token',
      '/api/auth/refresh',
      '/api/auth/me',
    ])
  })

  it('raises the session-expired event when the refresh fails', async () => {
    const target = new EventTarget()
    let fired = 0
    target.addEventListener(SESSION_EXPIRED_EVENT, () => fired++)
    globalThis.dispatchEvent = target.dispatchEvent.bind(target)
    try {
      handler = (q, res) =>
        q.url === '/api/auth/refresh'
          ? json(res, 401, { success: false, code: 'UNAUTHORIZED', message: 'no' })
          : json(res, 401, { success: false, code: 'TOKEN_EXPIRED', message: 'Session expired' })
      await expect(api.get('/api/auth/me')).rejects.toMatchObject({
        status: 401,
        code: 'TOKEN_EXPIRED',
      })
      expect(fired).toBe(1)
    } finally {
      delete (globalThis as { dispatchEvent?: unknown }).dispatchEvent
    }
  })

  it('raises the session-expired event once when the session ended on the server', async () => {
    const target = new EventTarget()
    let fired = 0
    target.addEventListener(SESSION_EXPIRED_EVENT, () => fired++)
    globalThis.dispatchEvent = target.dispatchEvent.bind(target)
    try {
      const ended = { success: false, code: 'SESSION_EXPIRED', message: 'ended' }
      handler = (_q, res) => json(res, 401, ended)
      await expect(api.get('/api/things')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' })
      expect(fired).toBe(1)
      // A TOKEN_EXPIRED whose refresh answers SESSION_EXPIRED: still one event.
      handler = (q, res) =>
        q.url === '/api/auth/refresh'
          ? json(res, 401, ended)
          : json(res, 401, { success: false, code: 'TOKEN_EXPIRED', message: 'lapsed' })
      await expect(api.get('/api/things')).rejects.toMatchObject({ status: 401 })
      expect(fired).toBe(2)
    } finally {
      delete (globalThis as { dispatchEvent?: unknown }).dispatchEvent
    }
  })

  it('shows the server message of a failure, else "An error occurred", with field errors', async () => {
    handler = (_q, res) =>
      json(res, 400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Name is required',
        fields: { name: 'Name is required' },
      })
    const err = await api.post('/api/contact', {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({
      message: 'Name is required',
      status: 400,
      fields: { name: 'Name is required' },
    })
    handler = (_q, res) => json(res, 500, { success: false })
    await expect(api.get('/api/y')).rejects.toMatchObject({ message: GENERIC_ERROR })
  })

  it('reads the whole answer of a bare call and files with api.download', async () => {
    handler = (q, res) => {
      if (q.url === '/api/auth/forgot-password')
        return json(res, 200, { success: true, message: 'Check your email' })
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="business-associate-agreement-v1.0.pdf"',
      })
      res.end(Buffer.from('%PDF-1.7 fake'))
    }
    await expect(
      api.call(passwordCalls.forgot, { body: { email: 'dana@clinic.test' } }),
    ).resolves.toMatchObject({ message: 'Check your email' })
    const file = await api.download(legalCalls.downloadBaa, { params: { id: 'x' } })
    expect(await file.blob.text()).toBe('%PDF-1.7 fake')
    expect(file.fileName).toBe('business-associate-agreement-v1.0.pdf')
  })

  it('maps a slow server to the timeout text', async () => {
    handler = (_q, res) => setTimeout(() => json(res, 200, { success: true, data: 1 }), 500)
    await expect(api.get('/api/slow', { timeoutMs: 50 })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_TIMEOUT,
    })
  })

  it('maps a proxy error page and a refused connection to "Unable to connect"', async () => {
    handler = (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html>Bad Gateway</html>')
    }
    await expect(api.get('/api/z')).rejects.toMatchObject({ message: NETWORK_UNREACHABLE })
    setApiBaseUrl('http://127.0.0.1:1')
    try {
      await expect(api.get('/api/z')).rejects.toMatchObject({
        status: 0,
        message: NETWORK_UNREACHABLE,
      })
    } finally {
      setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    }
  })

  it('failureText: the network texts, the server message, else the text of the flow', async () => {
    const FLOW = 'Registration failed'
    handler = (_q, res) => json(res, 500, { success: false, code: 'INTERNAL_ERROR' })
    expect(failureText(await api.get('/api/a').catch((e: unknown) => e), FLOW)).toBe(FLOW)
    handler = (_q, res) => json(res, 409, { success: false, code: 'CONFLICT', message: 'Taken' })
    expect(failureText(await api.get('/api/a').catch((e: unknown) => e), FLOW)).toBe('Taken')
    handler = (_q, res) => {
      res.writeHead(503, { 'content-type': 'text/html' })
      res.end('<html>Service Unavailable</html>')
    }
    expect(failureText(await api.get('/api/a').catch((e: unknown) => e), FLOW)).toBe(
      NETWORK_UNREACHABLE,
    )
    handler = (_q, res) => setTimeout(() => json(res, 200, { success: true, data: 1 }), 500)
    const slow = await api.get('/api/slow', { timeoutMs: 50 }).catch((e: unknown) => e)
    expect(failureText(slow, FLOW)).toBe(NETWORK_TIMEOUT)
    setApiBaseUrl('http://127.0.0.1:1')
    try {
      const refused = await api.get('/api/a').catch((e: unknown) => e)
      expect(failureText(refused, FLOW)).toBe(NETWORK_UNREACHABLE)
    } finally {
      setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    }
    expect(failureText(new Error('boom'), FLOW)).toBe(FLOW)
  })
})
