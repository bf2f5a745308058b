import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'

let t: TestApp
const webDist = mkdtempSync(path.join(tmpdir(), 'myodocs-web-'))

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
  mkdirSync(path.join(webDist, 'assets'))
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.warn(1)')
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>')
  // What the web build writes beside each asset and per page (apps/web/vite.config.ts).
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), 'brotli bytes')
  mkdirSync(path.join(webDist, 'legal', 'privacy-policy'), { recursive: true })
  writeFileSync(
    path.join(webDist, 'legal', 'privacy-policy', 'index.html'),
    '<!doctype html><link rel="modulepreload" href="/assets/privacy.js"><div id="root"></div>',
  )
  // The prerendered home page and a page's compressed HTML.
  writeFileSync(
    path.join(webDist, 'home.html'),
    '<!doctype html><div id="root"><h1>Home</h1></div>',
  )
  writeFileSync(path.join(webDist, 'legal', 'privacy-policy', 'index.html.br'), 'brotli page')
  t = await createTestApp({
    webDistDir: webDist,
    extend(app) {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internal detail at /srv/db.ts:42')
      })
    },
  })
})
afterAll(() => t.close())

describe('health and readiness', () => {
  it('GET /api/health answers ok with the version', async () => {
    const res = await t.app.inject('/api/health')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', version: t.config.version } })
  })

  it('GET /api/ready checks the database', async () => {
    const res = await t.app.inject('/api/ready')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      data: { status: 'ready', database: t.database.kind },
    })
  })

  it('GET /api/ready answers 503 when the database cannot answer', async () => {
    const original = t.database.ping
    t.database.ping = () => Promise.reject(new Error('connection refused'))
    try {
      const res = await t.app.inject('/api/ready')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' })
      expect(res.body).not.toContain('connection refused')
    } finally {
      t.database.ping = original
    }
  })
})

describe('the envelope', () => {
  it('an unknown /api path is a JSON 404 (a write to it needs its CSRF token first)', async () => {
    const agent = t.agent()
    await agent.csrf()
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await agent.request({ method, url: '/api/does-not-exist' })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('application/json')
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' })
    }
  })

  it('a thrown error is a 500 without stack or internals, and is logged', async () => {
    const res = await t.app.inject('/api/test/boom')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: expect.any(String),
    })
    expect(res.body).not.toMatch(/secret internal detail|srv\/db|at \w+ \(/)
    expect(t.logs()).toContain('unhandled error')
  })

  it('invalid JSON is a 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' })
  })

  it('API answers are not cached and carry the security headers', async () => {
    const res = await t.app.inject('/api/health')
    expect(res.headers['cache-control']).toBe('no-store')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'")
    // The PDF preview frames a blob: URL; nothing may frame us.
    expect(csp).toContain("frame-src 'self' blob:")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('every answer refuses the camera, microphone, geolocation and the other unused features', async () => {
    const answers = await Promise.all([
      t.app.inject('/api/health'),
      t.app.inject('/api/no-such-route'),
      t.app.inject('/api/%E0%A4%A'),
      t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} }),
      t.app.inject('/app/settings'),
      t.app.inject('/companion/'),
    ])
    for (const res of answers) {
      const policy = String(res.headers['permissions-policy'])
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy, `${res.statusCode} ${feature}`).toContain(`${feature}=()`)
      // The companion shares its summary and the referral card copies its link.
      expect(policy).not.toMatch(/web-share|clipboard/)
    }
  })
})

describe('logging', () => {
  it('logs a request id per request and never cookies, authorization headers or query strings', async () => {
    await t.app.inject({
      url: '/api/health?token=Qz-query-secret',
      headers: { cookie: 'session=Qz-cookie-secret', authorization: 'Bearer Qz-bearer-secret' },
    })
    const logs = t.logs()
    expect(logs).toMatch(/"reqId":"[0-9a-f-]{36}"/)
    expect(logs).toContain('/api/health')
    expect(logs).not.toMatch(/Qz-(query|cookie|bearer)-secret/)
  })
})

describe('the SPA', () => {
  it('serves index.html uncached for app routes (history fallback)', async () => {
    for (const url of ['/', '/pricing', '/app/assessment?x=1']) {
      const res = await t.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('an API path spelled with escapes or capitals is a JSON 404, not the app shell', async () => {
    for (const url of ['/%61pi/does-not-exist', '/API/does-not-exist', '/%41PI']) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toContain('application/json')
    }
  })

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const res = await t.app.inject('/assets/index-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const missing = await t.app.inject('/assets/gone-000.js')
    expect(missing.statusCode).toBe(404)
  })

  it('sends the precompressed asset to a browser that accepts it', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body).toBe('brotli bytes')
  })

  it('sends a page the build wrote its own HTML for that HTML, uncached; other pages the shell', async () => {
    for (const url of [
      '/legal/privacy-policy',
      '/legal/privacy-policy/',
      '/legal/privacy-policy?x=1',
    ]) {
      const res = await t.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('modulepreload')
    }
    const other = await t.app.inject('/legal/terms-of-service')
    expect(other.body).not.toContain('modulepreload')
    expect(other.body).toContain('<div id="root">')
  })

  it('sends / its own HTML (home.html), not the shell, and a page compressed yet uncached', async () => {
    const home = await t.app.inject('/')
    expect(home.body).toContain('<h1>Home</h1>')
    expect(home.headers['cache-control']).toBe('no-cache')
    expect((await t.app.inject('/app/assessment')).body).not.toContain('<h1>')
    const res = await t.app.inject({
      url: '/legal/privacy-policy',
      headers: { 'accept-encoding': 'br' },
    })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe('brotli page')
  })
})

describe('public configuration and OpenAPI', () => {
  it('GET /api/config gives the support address', async () => {
    const res = await t.app.inject('/api/config')
    expect(res.json()).toEqual({
      success: true,
      data: { supportEmail: t.config.supportEmail, version: t.config.version },
    })
  })

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const doc = res.json<{ paths: Record<string, unknown> }>()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/csrf-token', '/api/contact']),
    )
    expect(JSON.stringify(doc.paths['/api/contact'])).toContain('subject')
  })
})
