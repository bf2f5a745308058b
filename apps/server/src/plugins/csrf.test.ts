import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callKey, changesState } from '@myodocs/shared/api/define'
import { API_TABLE, CSRF_EXEMPT_PATHS } from '@myodocs/shared/api/table'
import { STATE_CHANGING_METHODS } from '@myodocs/shared/constants/http'
import { createTestApp } from '../../test/test-app'
import type { TestApp } from '../../test/test-app'

let t: TestApp
beforeAll(async () => {
  // A probe route proves the mechanism even before feature routes exist; every real route is in
  // the matrix too, because it walks the app's route manifest.
  t = await createTestApp({
    extend(app) {
      app.post('/api/test/probe', async () => ({ success: true, data: null }))
    },
  })
})
afterAll(() => t.close())

const stateChanging = new Set<string>(STATE_CHANGING_METHODS)
const exempt = new Set<string>(CSRF_EXEMPT_PATHS)

/** Every state-changing API route the app registered, with path parameters filled in. */
function routes() {
  return t.app.routeManifest
    .filter((r) => stateChanging.has(r.method) && r.url.startsWith('/api/'))
    .map((r) => ({
      method: r.method,
      url: r.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
    }))
}

const isCsrfRefusal = (res: { statusCode: number; body: string }) =>
  res.statusCode === 403 && /Invalid CSRF token/.test(res.body)

describe('the CSRF matrix', () => {
  it('covers every state-changing route, exempt and guarded', () => {
    const urls = routes().map((r) => r.url)
    expect(urls).toContain('/api/contact')
    expect(urls).toContain('/api/test/probe')
  })

  it('walks every state-changing call of the API table, exempt exactly when the table says so', () => {
    const walked = new Set(routes().map((r) => `${r.method} ${r.url}`))
    for (const call of API_TABLE.filter(changesState)) {
      const url = call.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')
      expect(walked.has(`${call.method} ${url}`), callKey(call)).toBe(true)
      expect(exempt.has(call.path), callKey(call)).toBe(Boolean(call.csrfExempt))
    }
  })

  it('exempt routes work without a token', async () => {
    const agent = t.agent()
    for (const r of routes().filter((r) => exempt.has(r.url))) {
      const res = await agent.request({ method: r.method, url: r.url, payload: {}, csrf: false })
      expect(isCsrfRefusal(res), `${r.method} ${r.url}`).toBe(false)
    }
  })

  it('every other route refuses a missing or wrong token with 403 Invalid CSRF token', async () => {
    const agent = t.agent()
    await agent.csrf()
    const guarded = routes().filter((r) => !exempt.has(r.url))
    expect(guarded.length).toBeGreaterThan(0)
    for (const r of guarded) {
      const missing = await agent.request({
        method: r.method,
        url: r.url,
        payload: {},
        csrf: false,
      })
      expect(missing.statusCode, `${r.method} ${r.url} without a token`).toBe(403)
      expect(missing.json()).toMatchObject({
        success: false,
        code: 'INVALID_CSRF_TOKEN',
        message: 'Invalid CSRF token',
        error: 'Invalid CSRF token',
      })
      const wrong = await agent.request({
        method: r.method,
        url: r.url,
        payload: {},
        headers: { 'x-csrf-token': 'not-the-token' },
      })
      expect(isCsrfRefusal(wrong), `${r.method} ${r.url} with a wrong token`).toBe(true)
    }
  })

  it('every other route accepts the right token', async () => {
    const agent = t.agent()
    await agent.csrf()
    for (const r of routes().filter((r) => !exempt.has(r.url))) {
      const res = await agent.request({ method: r.method, url: r.url, payload: {} })
      expect(isCsrfRefusal(res), `${r.method} ${r.url}`).toBe(false)
    }
  })

  it('a token from another browser (another secret cookie) is refused', async () => {
    const a = t.agent()
    const b = t.agent()
    const tokenA = await a.csrf()
    await b.csrf()
    const guarded = routes().filter((r) => !exempt.has(r.url))
    const r = guarded[0]!
    const res = await b.request({
      method: r.method,
      url: r.url,
      payload: {},
      headers: { 'x-csrf-token': tokenA },
    })
    expect(isCsrfRefusal(res)).toBe(true)
  })
})

/**
 * Other spellings of a path the router (or a proxy in front) reads as the same route. They go over
 * a real socket: app.inject resolves dot segments and reads `//x` as a host before the app sees it.
 */
function spellings(url: string): string[] {
  const segments = url.split('/').slice(1)
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`
  const encodeFirst = (s: string) => (/^[a-z]/i.test(s) ? hex(s[0]!) + s.slice(1) : s)
  const join = (parts: string[]) => `/${parts.join('/')}`
  const last = segments.length - 1
  return [
    join([encodeFirst(segments[0]!), ...segments.slice(1)]),
    join(segments.map((s) => [...s].map(hex).join(''))),
    join(segments.map((s, i) => (i === last ? encodeFirst(s) : s))),
    join([`%25${hex(segments[0]![0]!).slice(1)}${segments[0]!.slice(1)}`, ...segments.slice(1)]),
    `/${url}`,
    join(segments)
      .replace('/', '//')
      .replace(/^\/\/(\w+)\//, '/$1//'),
    `${url}/`,
    join(['.', ...segments]),
    join([segments[0]!, '.', ...segments.slice(1)]),
    join([segments[0]!, 'x', '..', ...segments.slice(1)]),
    join([segments[0]!, '%2e', ...segments.slice(1)]),
    join([segments[0]!, 'x', '%2E%2E', ...segments.slice(1)]),
    url.toUpperCase(),
    join(segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1))),
    join([`%41${segments[0]!.slice(1).toUpperCase()}`, '', ...segments.slice(1)]).replace(
      /\/([^/]+)$/,
      '/./$1',
    ),
  ]
}

type RawAnswer = { statusCode: number; body: string; setCookie: string[] }

describe('the CSRF matrix, other spellings of each path', () => {
  let port: number
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })

  /** Sends `path` exactly as written. */
  const raw = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const body = method === 'GET' ? undefined : '{}'
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          // One connection each: a refusal that leaves the body unread may close its connection.
          agent: false,
          headers: body
            ? { 'content-type': 'application/json', 'content-length': body.length, ...headers }
            : headers,
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () =>
            resolve({
              statusCode: res.statusCode ?? 0,
              body: text,
              setCookie: res.headers['set-cookie'] ?? [],
            }),
          )
        },
      )
      req.on('error', reject)
      req.end(body)
    })

  it('spells each path every way: the encoded, doubled, dotted and capitalised forms', () => {
    const forms = spellings('/api/business/logo')
    expect(forms).toEqual(
      expect.arrayContaining([
        '/%61pi/business/logo',
        '/%61%70%69/%62%75%73%69%6e%65%73%73/%6c%6f%67%6f',
        '/%2561pi/business/logo',
        '//api/business/logo',
        '/api//business/logo',
        '/api/x/../business/logo',
        '/api/%2e/business/logo',
        '/API/BUSINESS/LOGO',
        '/Api/Business/Logo',
        '/%41PI//business/./logo',
      ]),
    )
  })

  it('every guarded route refuses a missing token under every spelling of its path', async () => {
    // A browser that holds the CSRF cookie but sends no token: the forged same-site request.
    const tokenAnswer = await raw('GET', '/api/csrf-token')
    const cookie = tokenAnswer.setCookie.map((c) => c.split(';')[0]).join('; ')
    expect(cookie).not.toBe('')
    const guarded = routes().filter((r) => !exempt.has(r.url))
    const passed: string[] = []
    for (const r of guarded) {
      for (const path of spellings(r.url)) {
        const res = await raw(r.method, path, { cookie }).catch((e: Error) => {
          throw new Error(`${r.method} ${path}: ${e.message}`)
        })
        if (!isCsrfRefusal(res)) passed.push(`${r.method} ${path} → ${res.statusCode}`)
      }
    }
    expect(passed).toEqual([])
  })

  it('the exempt routes still answer under their own spelling, with no token', async () => {
    const res = await raw('POST', '/api/contact')
    expect(isCsrfRefusal(res)).toBe(false)
  })
})
