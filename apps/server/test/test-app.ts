/**
 * The real app for API tests: buildApp on a fresh database (see test-database.ts), system mail
 * delivered to a real loopback SMTP server, logs captured so tests can assert what was (not)
 * logged. One per test file (beforeAll), closed in afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../src/app'
import type { AppDeps } from '../src/app'
import { loadConfig } from '../src/config'
import type { Config } from '../src/config'
import { createSystemMailer } from '../src/email/system-mailer'
import { createRenderPool } from '../src/modules/documents'
import type { RenderPool } from '../src/modules/documents'
import { createLogger } from '../src/lib/logger'
import type { ResolvedConfig } from '../src/lib/secrets'
import { openTestDatabase } from './test-database'
import type { TestDatabase } from './test-database'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'

export type TestApp = {
  app: FastifyInstance
  database: TestDatabase
  smtp: TestSmtp
  dataDir: string
  config: ResolvedConfig
  /** Every log line the app wrote, as text. */
  logs: () => string
  /** A cookie jar + CSRF token, like a browser tab. */
  agent: () => TestAgent
  /** A call to the operator API as `npm run admin` makes it: bearer token and CSRF token. */
  admin: (method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<LightMyRequestResponse>
  close: () => Promise<void>
}

export type TestAppOptions = {
  config?: (config: ResolvedConfig) => ResolvedConfig
  env?: Record<string, string>
  webDistDir?: string
  companionDistDir?: string
  extend?: (app: FastifyInstance) => void
  /** A fake clock for sessions, tokens and trials (see `fakeClock`). */
  now?: () => Date
  /** Legal documents in force (to publish a new version in a test). */
  legalDocuments?: AppDeps['legalDocuments']
  /** Opens the app's database (a test that breaks the connection passes its own). */
  openDatabase?: () => Promise<TestDatabase>
  /** A stand-in PDF render pool (a test that needs it full or slow). */
  renderPool?: AppDeps['renderPool']
}

/** A clock tests move by hand: `clock.advance(4 * HOUR)`. */
export function fakeClock(start = new Date()) {
  let t = start.getTime()
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms
    },
    set(date: Date) {
      t = date.getTime()
    },
  }
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): ResolvedConfig {
  const base: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  })
  return {
    ...base,
    appSecret: 'test-app-secret-0123456789abcdef0123456789',
    adminToken: TEST_ADMIN_TOKEN,
  }
}

/**
 * One render pool per test worker, for every app on the default render settings: a pool's thread
 * loads react-pdf from source through tsx (~2.5 CPU-s each), which every rendering file paid
 * again. The API projects run their files one after another in a worker (isolate: false), so a
 * file finds the pool idle. An app with its own settings, or its own pool, gets its own.
 */
let sharedRenderPool: RenderPool | undefined

function renderPoolFor(config: ResolvedConfig, own: RenderPool | undefined) {
  if (own) return own
  const defaults = testConfig(tmpdir()).render
  if (config.render.threads !== defaults.threads || config.render.maxQueue !== defaults.maxQueue)
    return undefined
  return (sharedRenderPool ??= createRenderPool(defaults))
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-api-'))
  const smtp = await startTestSmtp()
  const database = await (options.openDatabase ?? openTestDatabase)()
  let config = testConfig(dataDir, { SYSTEM_SMTP_URL: smtp.url, ...options.env })
  if (options.config) config = options.config(config)
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'))
      done()
    },
  })
  const logger = createLogger(config, sink)
  const mailer = createSystemMailer(config, logger)
  const app = await buildApp(config, {
    database,
    mailer,
    logger,
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
    companionDistDir: options.companionDistDir ?? path.join(dataDir, 'no-companion-build'),
    extend: options.extend,
    now: options.now,
    legalDocuments: options.legalDocuments,
    renderPool: renderPoolFor(config, options.renderPool),
  })
  await app.ready()
  return {
    app,
    database,
    smtp,
    dataDir,
    config,
    logs: () => lines.join(''),
    agent: () => new TestAgent(app),
    async admin(method, url, payload) {
      const agent = new TestAgent(app)
      await agent.csrf()
      return agent.request({
        method,
        url,
        payload: payload as InjectOptions['payload'],
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      })
    },
    async close() {
      await app.close()
      mailer.close()
      await database.close()
      await smtp.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A browser-like client over app.inject: keeps cookies and sends the CSRF token when it has one. */
let agentCount = 0

export class TestAgent {
  private cookies = new Map<string, string>()
  csrfToken: string | undefined
  /** This browser's address (unique per agent), used for every request it makes. */
  readonly ip = `10.${(agentCount >> 16) & 255}.${(agentCount >> 8) & 255}.${agentCount++ & 255}`
  constructor(readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) }
    // An explicit cookie header wins (tests replay another browser's cookies).
    if (this.cookies.size && !headers.cookie) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    }
    const method = (opts.method ?? 'GET').toUpperCase()
    if (opts.csrf !== false && method !== 'GET' && this.csrfToken && !headers['x-csrf-token']) {
      headers['x-csrf-token'] = this.csrfToken
    }
    const res = await this.app.inject({ remoteAddress: this.ip, ...opts, headers })
    for (const c of res.cookies as Array<{
      name: string
      value: string
      maxAge?: number
      expires?: Date
    }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())
      if (expired || c.value === '') this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    return res
  }

  /** Fetches a CSRF token (and its cookie) like the web app does on start. */
  async csrf(): Promise<string> {
    const res = await this.request({ method: 'GET', url: '/api/csrf-token' })
    this.csrfToken = res.json<{ csrfToken: string }>().csrfToken
    return this.csrfToken
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request({ method: 'GET', url, headers })
  post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers })
  put = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers })
  patch = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers })
  delete = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request({ method: 'DELETE', url, payload: payload as InjectOptions['payload'], headers })

  cookie(name: string): string | undefined {
    return this.cookies.get(name)
  }
}
