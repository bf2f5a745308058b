/**
 * Scale-out (docs/architecture.md#scale-out): two real server processes (src/server.ts) on one
 * PostgreSQL database, as behind a load balancer. A session made on one works on the other and a
 * sign-out on one is seen by the other at the next call; sign-in throttling, a per-address route
 * limit, the plan's seats and the monthly PDF limit hold across both under parallel requests split
 * over the two. PGlite is one process's embedded database and cannot be shared: PostgreSQL only
 * (server-process.test.ts shows a second process on the same data directory refusing to start).
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { effectivePdfLimit } from '@myodocs/shared/constants/plans'
import { USAGE_LIMIT_EXCEEDED } from '@myodocs/shared/contracts/subscription'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { queryRows } from '../src/db/client'
import { businessSubscriptions, teamInvitations, userPdfUsage } from '../src/db/schema'
import { insertAccount, setPlan, TEST_PASSWORD, uniqueEmail } from './factories'
import { freePort } from './free-port'
import { openTestDatabase, testDbKind } from './test-database'
import type { TestDatabase } from './test-database'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const onPostgres = testDbKind() === 'postgres'

type Instance = { url: string; child: ChildProcess; dataDir: string; output: () => string }

function startInstance(env: Record<string, string>, port: number): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-scale-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  return { url: `http://127.0.0.1:${port}`, child, dataDir, output: () => out }
}

async function waitHealthy(instance: Instance, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (instance.child.exitCode !== null) throw new Error(`exited: ${instance.output()}`)
    const ok = await fetch(`${instance.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${instance.url} did not become healthy`)
}

let browsers = 0

/**
 * One browser over HTTP: its own cookie jar and CSRF token, and its own client address (the
 * instances trust X-Forwarded-For, as behind a load balancer), whichever instance it calls.
 */
class Browser {
  readonly ip = `10.77.${(browsers >> 8) & 255}.${browsers++ & 255}`
  private cookies = new Map<string, string>()
  private csrfToken: string | undefined

  async call(instance: Instance, method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip }
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${instance.url}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (gone || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const bytes = Buffer.from(await res.arrayBuffer())
    return { status: res.status, bytes, json: () => JSON.parse(bytes.toString('utf8')) as never }
  }

  /** The same browser's cookies as they are now (a copy kept after it signs out). */
  clone() {
    const copy = new Browser()
    copy.cookies = new Map(this.cookies)
    copy.csrfToken = this.csrfToken
    return copy
  }

  async csrf(instance: Instance) {
    const res = await this.call(instance, 'GET', '/api/csrf-token')
    this.csrfToken = (res.json() as { csrfToken: string }).csrfToken
  }

  async signIn(instance: Instance, email: string, password = TEST_PASSWORD) {
    await this.csrf(instance)
    const res = await this.call(instance, 'POST', '/api/auth/login', { email, password })
    await this.csrf(instance)
    return res.status
  }
}

let db: TestDatabase
let smtp: TestSmtp
let a: Instance
let b: Instance

beforeAll(async () => {
  if (!onPostgres) return
  db = await openTestDatabase()
  smtp = await startTestSmtp()
  const env = {
    DATABASE_URL: db.url!,
    APP_SECRET: 'scale-out-app-secret-0123456789abcdef0123456789',
    ADMIN_TOKEN: 'scale-out-admin-token-0123456789abcdef',
    SYSTEM_SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    RENDER_THREADS: '1',
    RENDER_QUEUE: '8',
  }
  const [pa, pb] = [await freePort(), await freePort()]
  a = startInstance(env, pa)
  b = startInstance(env, pb)
  await Promise.all([waitHealthy(a), waitHealthy(b)])
}, 90_000)

afterAll(async () => {
  for (const i of [a, b]) {
    if (!i) continue
    if (i.child.exitCode === null) {
      const exited = new Promise((r) => i.child.once('exit', r))
      i.child.kill('SIGTERM')
      await exited
    }
    rmSync(i.dataDir, { recursive: true, force: true })
  }
  await smtp?.close()
  await db?.close()
})

/** A business on `plan` whose primary user accepted the legal documents, signed in on `a`. */
async function readyOwner(plan: 'essential' | 'professional' = 'essential') {
  const account = await insertAccount(db.db)
  await setPlan(db.db, account.businessId, plan)
  const browser = new Browser()
  expect(await browser.signIn(a, account.email)).toBe(200)
  for (const [url, body] of [
    [
      '/api/legal/baa/accept',
      { accept: true, signatureData: { name: 'Dana Reyes', title: 'RDH' } },
    ],
    ['/api/legal/terms/accept', { accept: true }],
    ['/api/legal/email-provider-attestation/accept', { accept: true }],
  ] as const) {
    expect((await browser.call(a, 'POST', url, body)).status, url).toBe(200)
  }
  return { account, browser }
}

const split = <T>(n: number, call: (instance: Instance, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 ? b : a, i)))

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  it('a session made on one works on the other; a sign-out on the other is seen at the next call', async () => {
    const account = await insertAccount(db.db)
    const browser = new Browser()
    expect(await browser.signIn(a, account.email)).toBe(200)
    const me = (i: Instance) => browser.call(i, 'GET', '/api/auth/me')
    expect((await me(b)).status).toBe(200)
    // The CSRF token from one instance is good on the other: the sign-out goes to b.
    const copy = browser.clone()
    expect((await browser.call(b, 'POST', '/api/auth/logout', {})).status).toBe(200)
    expect((await copy.call(a, 'GET', '/api/auth/me')).status).toBe(401)
  })

  it('sign-in throttling counts failures on both: the pair is blocked on either, right password included', async () => {
    const account = await insertAccount(db.db)
    const stranger = new Browser()
    await stranger.csrf(a)
    const statuses: number[] = []
    // The pair's limit in failures, alternating between the instances.
    for (let i = 0; i < 5; i++) {
      const res = await stranger.call(i % 2 ? b : a, 'POST', '/api/auth/login', {
        email: account.email,
        password: `${TEST_PASSWORD}x`,
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    for (const i of [a, b]) {
      const res = await stranger.call(i, 'POST', '/api/auth/login', {
        email: account.email,
        password: TEST_PASSWORD,
      })
      expect(res.status).toBe(429)
    }
    // Another address is not blocked by this pair.
    expect(await new Browser().signIn(b, account.email)).toBe(200)
  })

  it('a per-address route limit holds across both: 9 parallel waitlist joins, exactly 5 pass', async () => {
    const browser = new Browser()
    const statuses = await split(9, async (i, n) => {
      const res = await browser.call(i, 'POST', '/api/waitlist', {
        name: 'Scale Out',
        email: uniqueEmail(`waitlist${n}`),
      })
      return res.status
    })
    expect(tally(statuses)).toEqual({ 200: 5, 429: 4 })
  })

  it('the plan’s seats hold across both: 8 parallel invitations on Professional (3 seats) create 2', async () => {
    const { account, browser } = await readyOwner('professional')
    const statuses = await split(8, async (i, n) => {
      const res = await browser.call(i, 'POST', '/api/team/invite', {
        email: uniqueEmail(`seat${n}`),
        firstName: 'Seat',
        lastName: `Taker${n}`,
      })
      return res.status
    })
    expect(tally(statuses)).toEqual({ 200: 2, 403: 6 })
    const pending = await db.db
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(eq(teamInvitations.businessId, account.businessId))
    expect(pending).toHaveLength(2)
  })

  it('the monthly PDF limit holds across both: 8 parallel renders with 2 left produce 2', async () => {
    const { account, browser } = await readyOwner('essential')
    const limit = effectivePdfLimit('essential')
    const period = usagePeriod(new Date())
    await db.db
      .update(businessSubscriptions)
      .set({ monthlyPdfGenerated: limit - 2, monthlyPdfPeriod: period })
      .where(eq(businessSubscriptions.businessId, account.businessId))
    const program = exerciseProgram()
    const answers = await split(8, async (i) => {
      const res = await browser.call(i, 'POST', '/api/documents/exercise', program)
      const code = res.status === 403 ? (res.json() as { code: string }).code : ''
      return { status: res.status, code, pdf: res.bytes.subarray(0, 5).toString() }
    })
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 2, 403: 6 })
    for (const r of answers.filter((x) => x.status === 200)) expect(r.pdf).toBe('%PDF-')
    for (const r of answers.filter((x) => x.status === 403))
      expect(r.code).toBe(USAGE_LIMIT_EXCEEDED)

    const [business] = await db.db
      .select({ count: businessSubscriptions.monthlyPdfGenerated })
      .from(businessSubscriptions)
      .where(eq(businessSubscriptions.businessId, account.businessId))
    expect(business!.count).toBe(limit)
    const [own] = await db.db
      .select({ count: userPdfUsage.count })
      .from(userPdfUsage)
      .where(and(eq(userPdfUsage.userId, account.id), eq(userPdfUsage.period, period)))
    expect(own!.count).toBe(2)
    const audited = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from audit_events where actor_id = ${account.id} and action = 'document.generated'`,
    )
    expect(audited[0]!.n).toBe(2)
  })
})
