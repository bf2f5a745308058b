import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF_EXEMPT_PATHS, STATE_CHANGING_METHODS } from '@myodocs/shared/constants/http'
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
