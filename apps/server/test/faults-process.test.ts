/**
 * Faults of the server process itself (the real entry point, src/server.ts, on the project's
 * database): a kill -9 in the middle of registrations, settings writes, PDFs and email sends,
 * then a restart on the same data; and a graceful shutdown (SIGTERM) with a PDF request in flight.
 * Afterwards the database is read directly: no half-created business, every PDF counted has its
 * usage event, no email went out twice, and every write that was answered 2xx is there.
 */
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { SERVICE_UNAVAILABLE } from '@myodocs/shared/constants/messages'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { queryRows } from '../src/db/client'
import type { Database } from '../src/db/client'
import { openPglite } from '../src/db/pglite'
import { registerPayload, TEST_PASSWORD } from './factories'
import { mailedRegistrationLink } from './mailed-links'
import { freePort } from './free-port'
import { HttpAgent, killServers, startServer, until, waitHealthy } from './server-process'
import type { HttpAnswer } from './server-process'
import { openTestDatabase, testDbKind } from './test-database'
import type { TestDatabase } from './test-database'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'

const ADMIN_TOKEN = 'faults-admin-token-0123456789abcdef'
const dirs: string[] = []
afterEach(killServers)
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** Environment for server processes on this project's database (the same data each time). */
async function dataEnv(): Promise<{
  env: Record<string, string>
  open: () => Promise<Database>
  db?: TestDatabase
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'myodocs-faults-'))
  dirs.push(dataDir)
  if (testDbKind() === 'postgres') {
    const db = await openTestDatabase()
    // The reader shares the test's pool, which the test closes (and drops) once at the end.
    const reader = { ...db, close: async () => {} }
    return { env: { DATA_DIR: dataDir, DATABASE_URL: db.url! }, open: async () => reader, db }
  }
  // PGlite: the run's migrated snapshot (a tar of the data directory), so the child skips initdb
  // and the migrations; unpacked as files, which is seconds faster than loading it into PGlite.
  mkdirSync(path.join(dataDir, 'db'))
  execFileSync('tar', ['-xf', inject('pgliteSnapshot'), '-C', path.join(dataDir, 'db')])
  // Read only once the server has exited (one process per data directory).
  return { env: { DATA_DIR: dataDir }, open: () => openPglite(dataDir) }
}

function serverEnv(port: number, smtp: TestSmtp, data: Record<string, string>) {
  return {
    ...data,
    PORT: String(port),
    ADMIN_TOKEN,
    APP_SECRET: 'faults-app-secret-0123456789abcdef0123456789',
    SYSTEM_SMTP_URL: smtp.url,
    // The therapist's mailbox is the loopback test server, in plaintext.
    SMTP_ALLOW_INSECURE: 'true',
    SMTP_ALLOW_PRIVATE_HOSTS: 'true',
    SMTP_EXTRA_PORTS: String(smtp.port),
    // One render thread: two starting at once on a busy 2-core machine take twice as long to serve
    // the first PDF, and each process here starts its workers once.
    RENDER_THREADS: '1',
    RENDER_QUEUE: '32',
  }
}

const ok = (res: HttpAnswer) => res.status >= 200 && res.status < 300

/**
 * Signs in, waiting out the per-IP budget of the sign-in and sign-up calls (30 a minute) when the
 * burst before a kill spent it: every request here comes from one address, and on a quiet machine
 * the sign-ups and these sign-ins fall in the same minute.
 */
async function signIn(agent: HttpAgent, email: string) {
  for (let attempt = 1; ; attempt++) {
    const res = await agent.post('/api/auth/login', { email, password: TEST_PASSWORD })
    if (res.status !== 429 || attempt === 3) return res
    const seconds = Number(res.headers.get('retry-after') ?? '1')
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 60) * 1000))
  }
}

/** Registers `payload` over HTTP: answers the token of the sign-up link the system mail got. */
async function signUpLink(base: string, system: TestSmtp, payload: { email: string }) {
  const since = system.messages.length
  const register = await new HttpAgent(base).post('/api/auth/register', payload)
  expect(register.status, JSON.stringify(register.body)).toBe(200)
  return (await mailedRegistrationLink(system, payload.email, since)).token
}

/** Opens a sign-up link in `agent`, which creates the account and signs it in. */
async function confirmSignUp(agent: HttpAgent, token: string) {
  await agent.csrf()
  return agent.post('/api/auth/register/confirm', { token })
}

/**
 * A therapist registered over HTTP (the link from the system mail), legal accepted, with the
 * test server as their mailbox.
 */
async function readyTherapist(base: string, code: string, smtp: TestSmtp, system: TestSmtp) {
  const agent = new HttpAgent(base)
  const payload = registerPayload(code)
  const confirmed = await confirmSignUp(agent, await signUpLink(base, system, payload))
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  await agent.csrf()
  for (const [url, body] of [
    ['/api/legal/baa/accept', { accept: true, signatureData: { name: 'Riley Okafor' } }],
    ['/api/legal/terms/accept', { accept: true }],
    ['/api/legal/email-provider-attestation/accept', { accept: true }],
  ] as const)
    expect((await agent.post(url, body)).status).toBe(200)
  const account = await agent.post('/api/email/smtp-config', {
    name: 'Practice mailbox',
    smtpHost: '127.0.0.1',
    smtpPort: smtp.port,
    smtpSecurity: 'none',
    smtpUser: 'doc@clinic.test',
    smtpPassword: 'any password',
    fromAddress: 'doc@clinic.test',
  })
  expect(account.status, JSON.stringify(account.body)).toBe(200)
  return { agent, email: payload.email }
}

async function inviteCode(base: string, uses: number) {
  const operator = new HttpAgent(base)
  await operator.csrf()
  const res = await operator.post(
    '/api/admin/invite-codes',
    { uses },
    { authorization: `Bearer ${ADMIN_TOKEN}` },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body as { data: { code: string } }).data.code
}

const sendBody = (idempotencyKey: string) => ({
  documentTypes: ['exercise'],
  data: exerciseProgram(),
  to: [{ address: 'pat@example.test' }],
  subject: 'Your home exercise program',
  message: 'Your exercises are attached.',
  idempotencyKey,
})

/**
 * A POST over a keep-alive connection (like a browser's) whose JSON body goes out in two halves:
 * the first at once, the second on `finish()`. Until then the server holds a request in flight.
 */
function halfSentPost(base: string, url: string, body: unknown, tab: HttpAgent) {
  const bytes = Buffer.from(JSON.stringify(body))
  const agent = new http.Agent({ keepAlive: true })
  let resolveSent = () => {}
  let sendRest = () => {}
  const headersSent = new Promise<void>((resolve) => (resolveSent = resolve))
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(
        `${base}${url}`,
        {
          method: 'POST',
          agent,
          headers: {
            ...tab.sessionHeaders('POST'),
            'content-type': 'application/json',
            'content-length': String(bytes.length),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          )
        },
      )
      req.on('error', reject)
      req.write(bytes.subarray(0, bytes.length >> 1), () => resolveSent())
      sendRest = () => req.end(bytes.subarray(bytes.length >> 1))
    },
  )
  // A failure before `finish()` is reported by it, not as an unhandled rejection.
  answer.catch(() => {})
  return {
    headersSent,
    finish: async () => {
      sendRest()
      try {
        return await answer
      } finally {
        agent.destroy()
      }
    },
  }
}

/** The invariants a crash must never break, read straight from the database. */
async function invariants(database: Database) {
  const { db } = database
  const period = usagePeriod(new Date())
  const halfCreated = await queryRows<{ id: string; problem: string }>(
    db,
    sql`
      select b.id, 'no primary user' as problem from businesses b
        where not exists (select 1 from users u where u.business_id = b.id and u.is_primary_user)
      union all
      select b.id, 'no subscription' from businesses b
        where not exists (select 1 from business_subscriptions s where s.business_id = b.id)
      union all
      select u.id, 'no password history' from users u
        where not exists (select 1 from password_history h where h.user_id = u.id)`,
  )
  const countsWithoutEvents = await queryRows<{
    business_id: string
    counted: number
    events: number
  }>(
    db,
    sql`
      select s.business_id, s.monthly_pdf_generated as counted,
        (select count(*)::int from pdf_usage_events e where e.business_id = s.business_id
          and to_char(e.created_at at time zone 'UTC', 'YYYY-MM') = ${period}) as events
      from business_subscriptions s
      where s.monthly_pdf_period = ${period}`,
  )
  const userCounts = await queryRows<{ user_id: string; counted: number; events: number }>(
    db,
    sql`
      select p.user_id, p.count as counted,
        (select count(*)::int from pdf_usage_events e where e.user_id = p.user_id
          and to_char(e.created_at at time zone 'UTC', 'YYYY-MM') = ${period}) as events
      from user_pdf_usage p where p.period = ${period}`,
  )
  const emails = await queryRows<{ message_id: string | null; status: string; key: string }>(
    db,
    sql`select message_id, status, idempotency_key as key from email_log`,
  )
  return {
    halfCreated,
    countMismatches: [...countsWithoutEvents, ...userCounts].filter((r) => r.counted !== r.events),
    emails,
  }
}

describe('the server process under faults', { timeout: 480_000 }, () => {
  it('kill -9 mid-burst (registrations, settings, PDFs, sends), restart on the same data, then SIGTERM with a PDF request in flight: nothing half-made, nothing sent twice, nothing acknowledged lost', async () => {
    // The therapist's mailbox (with its login) and the system mail, each its own server.
    const [smtp, system] = await Promise.all([
      startTestSmtp({ auth: { user: 'doc@clinic.test', password: 'any password' } }),
      startTestSmtp(),
    ])
    const data = await dataEnv()
    try {
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      const env = { ...serverEnv(port, smtp, data.env), SYSTEM_SMTP_URL: system.url }
      const first = startServer(env)
      await waitHealthy(port, 180_000, first)
      const code = await inviteCode(base, 40)
      const { agent: owner, email: ownerEmail } = await readyTherapist(base, code, smtp, system)

      // The sign-up links the registrations of the burst open (the accounts are made then).
      const links = []
      for (let i = 0; i < 12; i++) {
        const payload = registerPayload(code)
        links.push({ email: payload.email, token: await signUpLink(base, system, payload) })
      }

      // The burst. The mail server holds each message, so sends are still going out at the kill;
      // the sends are queued for rendering before the PDFs, so the first message goes out early.
      smtp.setDelay(300)
      const keys = Array.from({ length: 6 }, () => randomBytes(12).toString('base64url'))
      const answered: number[] = []
      const sends = keys.map((key) =>
        owner.post('/api/email/send', sendBody(key)).then(
          (res) => answered.push(res.status),
          () => null,
        ),
      )
      const pdfs = Array.from({ length: 2 }, () =>
        owner.post('/api/documents/exercise', exerciseProgram()).catch(() => null),
      )
      // Settings are written one after another until the kill, so one is always in flight.
      let killed = false
      let lastSavedName = ''
      const settings = (async () => {
        for (let i = 0; !killed; i++) {
          const name = `Dana Reyes ${i}`
          const res = await owner
            .put('/api/settings/email', { settings: { defaultFromName: name } })
            .catch(() => null)
          if (!res) return
          if (ok(res)) lastSavedName = name
        }
      })()
      // Once one message went out, while the others are still going, registrations start; the
      // kill comes as soon as the first of them is answered, with the rest in flight.
      await until(() => smtp.messages.length >= 1 || answered.length === keys.length, 180_000)
      expect(smtp.messages.length, `send answers: ${answered.join(', ')}`).toBeGreaterThan(0)
      const registered: string[] = []
      const refused: number[] = []
      const registrations = links.map(async ({ email, token }) => {
        const res = await confirmSignUp(new HttpAgent(base), token).catch(() => null)
        if (res && ok(res)) registered.push(email)
        else if (res) refused.push(res.status)
      })
      await until(() => registered.length > 0 || refused.length === 12, 60_000)
      expect(registered.length, `registrations refused: ${refused.join(', ')}`).toBeGreaterThan(0)
      first.child.kill('SIGKILL')
      killed = true
      await Promise.all([...registrations, settings, ...pdfs, ...sends])
      expect(await first.exit).toBe(null)
      expect(lastSavedName).not.toBe('')
      smtp.setDelay(0)

      // Restart on the same data (the PGlite lock of the killed process is stale).
      const second = startServer(env)
      await waitHealthy(port, 180_000, second)
      // The render worker starts on the first PDF: this one starts it while the data is checked.
      const warmUp = owner.post('/api/documents/exercise', exerciseProgram())
      // Every acknowledged registration signs in; so does the owner, in a new browser.
      const again = new HttpAgent(base)
      const signIns = await Promise.all(
        [...registered, ownerEmail].map((email) =>
          signIn(email === ownerEmail ? again : new HttpAgent(base), email),
        ),
      )
      for (const res of signIns) expect(res.status, JSON.stringify(res.body)).toBe(200)
      await again.csrf()
      const saved = await again.get('/api/settings')
      const savedName = (saved.body as { data: { email: { defaultFromName: string } } }).data.email
        .defaultFromName
      // The last acknowledged write, or one after it that committed before the kill.
      expect(Number(savedName.split(' ').pop())).toBeGreaterThanOrEqual(
        Number(lastSavedName.split(' ').pop()),
      )
      // Clicking Send again with each key never sends a message twice.
      const retried = await Promise.all(
        keys.map((key) => again.post('/api/email/send', sendBody(key))),
      )
      for (const res of retried) expect([200, 409], JSON.stringify(res.body)).toContain(res.status)
      // The session from before the kill still works after the restart.
      expect((await warmUp).status).toBe(200)

      // Graceful shutdown with a PDF request in flight: it finishes, new requests are refused, and
      // the process exits 0 inside its 10 s deadline although the client keeps its connection
      // open (an answer given during the shutdown closes its connection). The request is surely
      // in flight at the signal, whatever the machine's speed: its body is only half sent until
      // the server has begun to close.
      const slow = halfSentPost(base, '/api/documents/exercise', exerciseProgram(), again)
      await slow.headersSent
      // A PDF answered after those headers went out: the server has them, its worker is warm.
      const before = await again.post('/api/documents/exercise', exerciseProgram())
      expect(before.status).toBe(200)
      const signalled = Date.now()
      second.child.kill('SIGTERM')
      await until(() => second.output().includes('shutting down'), 10_000)
      // New requests are refused: no connection, or our 503 envelope on one still open.
      const health = await fetch(`${base}/api/health`).then(
        async (res) => ({ status: res.status, body: await res.json() }),
        () => 'refused',
      )
      expect([
        'refused',
        {
          status: 503,
          body: { success: false, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE },
        },
      ]).toContainEqual(health)
      const late = await slow.finish()
      expect(late.status, late.body.toString('utf8', 0, 300)).toBe(200)
      expect(late.headers['content-type']).toBe('application/pdf')
      expect(late.headers.connection).toBe('close')
      // The deadline exits 1, so 0 means inside it; the bound catches a slow exit after it.
      expect(await second.exit, second.output().slice(-2000)).toBe(0)
      expect(Date.now() - signalled).toBeLessThan(11_000)
      expect(second.output()).toContain('shutdown complete')

      const database = await data.open()
      try {
        const found = await invariants(database)
        expect(found.halfCreated).toEqual([])
        expect(found.countMismatches).toEqual([])
        const received = smtp.messages.map((m) => m.messageId ?? '')
        expect(new Set(received).size, 'a message went out twice').toBe(received.length)
        // One message per Send click at most, the retries included (a resend has a new id).
        expect(received.length).toBeLessThanOrEqual(keys.length)
        // Every message that went out has its log row, never marked failed: by its Message-ID,
        // or, when the kill came between the provider's acceptance and the row's update, a row
        // still without one that says it may have gone out.
        const byMessageId = new Map(found.emails.map((e) => [e.message_id, e]))
        const unmatched = received.filter((id) => !byMessageId.has(id))
        for (const id of received.filter((id) => byMessageId.has(id)))
          expect(byMessageId.get(id)!.status, id).toMatch(/^(sent|sending|unknown)$/)
        const mayHaveGone = found.emails.filter(
          (e) => e.message_id === null && (e.status === 'sending' || e.status === 'unknown'),
        )
        expect(unmatched.length).toBeLessThanOrEqual(mayHaveGone.length)
        for (const e of found.emails.filter((r) => r.status === 'sent'))
          expect(received).toContain(e.message_id)
      } finally {
        await database.close()
      }
    } finally {
      await Promise.all([smtp.close(), system.close()])
      await data.db?.close()
    }
  })
})
