/**
 * GET /metrics (lib/metrics.ts, docs/operations.md#metrics): the operator token guards it; requests
 * are counted by route pattern and status, PDFs by kind, sends by provider and outcome, refused
 * and queued renders, failed queries; and no label, nor anything else in the exposition, carries
 * a user, practice, patient or address that went through the app.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { DOCUMENT_KINDS } from '@myodocs/shared/contracts/document-registry'
import { EMAIL_FAILURE_CLASSES } from '@myodocs/shared/constants/email-messages'
import { UNMATCHED_ROUTE } from '../src/lib/metrics'
import { createRenderPool } from '../src/modules/documents'
import { acceptAllLegal, insertAccount, insertMember, signIn } from './factories'
import { testResolver } from './mail-policy'
import { createTestApp, TEST_ADMIN_TOKEN } from './test-app'
import type { TestApp } from './test-app'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'
import { TEST_MAIL_HOSTNAME } from './test-tls'

const sleepWorker = new URL('./workers/sleep-worker.ts', import.meta.url).href
const login = { user: 'doc@clinic.test', password: `pw-${randomBytes(8).toString('hex')}` }

let t: TestApp
let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startTestSmtp({ auth: login })
  t = await createTestApp({
    config: (c) => ({
      ...c,
      mail: {
        ...c.mail,
        allowInsecure: true,
        allowPrivateHosts: true,
        extraPorts: [smtp.port],
        resolve: testResolver(),
      },
    }),
    extend: (app) => {
      // A query the database refuses, as a bug in a repository would send.
      app.get('/api/probe/bad-query', async () => {
        await app.db.execute(sql`select 1 / 0`)
        return { ok: true }
      })
    },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

async function scrape() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res
}

type Sample = { name: string; labels: Record<string, string>; value: number }

/** The samples of the text exposition (comments skipped). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!m) throw new Error(`not a sample line: ${line}`)
      const labels: Record<string, string> = {}
      for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!
      return { name: m[1]!, labels, value: Number(m[3]) }
    })
}

const value = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0)

describe('GET /metrics', () => {
  it('answers 401 without the operator token, and with a wrong one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' })
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${'x'.repeat(32)}` },
    })
    expect(wrong.statusCode).toBe(401)
    // A signed-in therapist is no operator either.
    const account = await insertAccount(t.app.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    expect((await agent.get('/metrics')).statusCode).toBe(401)
  })

  it('answers the Prometheus text format with the process figures and the event-loop lag', async () => {
    const res = await scrape()
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    const all = samples(res.body)
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'myodocs_render_queue_depth',
      'myodocs_render_in_flight',
      'myodocs_render_admitted_bytes',
    ])
      expect(all.some((s) => s.name === name)).toBe(true)
  })

  it(
    'counts requests, PDFs, sends and failed queries, with no personal value in any label',
    { timeout: 120_000 },
    async () => {
      const account = await insertAccount(t.app.db)
      const member = await insertMember(t.app.db, account.businessId, { firstName: 'Quillon' })
      const agent = t.agent()
      await signIn(agent, account.email)
      await acceptAllLegal(agent, 'Oriel Vantwist')
      const program = exerciseProgram()
      const patient = program.sessionData.patientLastName

      const before = samples((await scrape()).body)
      const pdf = await agent.post('/api/documents/exercise', program)
      expect(pdf.statusCode, pdf.body).toBe(200)
      // A route with an id in its path, and an address no route matches.
      expect((await agent.put(`/api/team/${member.id}/deactivate`, {})).statusCode).toBe(200)
      expect((await agent.get(`/api/nothing/${account.email}`)).statusCode).toBe(404)

      const smtpAccount = await agent.post('/api/email/smtp-config', {
        name: 'Practice mailbox',
        smtpHost: TEST_MAIL_HOSTNAME,
        smtpPort: smtp.port,
        smtpSecurity: 'none',
        smtpUser: login.user,
        smtpPassword: login.password,
        fromAddress: login.user,
      })
      expect(smtpAccount.statusCode, smtpAccount.body).toBe(200)
      const id = smtpAccount.json<{ data: { configuration: { id: string } } }>().data.configuration
        .id
      const recipient = 'guardian.pellucid@family.test'
      const sent = await agent.post('/api/email/send', {
        documentTypes: ['exercise'],
        data: program,
        to: [{ address: recipient }],
        subject: 'Your home exercise program',
        message: 'Your exercises are attached.',
        account: { type: 'smtp', id },
        idempotencyKey: randomBytes(12).toString('base64url'),
      })
      expect(sent.statusCode, sent.body).toBe(200)
      expect((await agent.get('/api/probe/bad-query')).statusCode).toBe(500)

      const res = await scrape()
      const after = samples(res.body)
      const grew = (name: string, labels: Record<string, string>) =>
        value(after, name, labels) - value(before, name, labels)

      expect(
        grew('myodocs_http_requests_total', {
          method: 'POST',
          route: '/api/documents/exercise',
          status: '200',
        }),
      ).toBe(1)
      expect(
        grew('myodocs_http_request_duration_seconds_count', {
          method: 'PUT',
          route: '/api/team/:id/deactivate',
          status: '200',
        }),
      ).toBe(1)
      expect(
        grew('myodocs_http_requests_total', {
          method: 'GET',
          route: UNMATCHED_ROUTE,
          status: '404',
        }),
      ).toBe(1)
      expect(grew('myodocs_pdfs_total', { kind: 'exercise' })).toBe(2)
      expect(grew('myodocs_email_sends_total', { provider: 'smtp', outcome: 'sent' })).toBe(1)
      expect(grew('myodocs_database_errors_total', { reason: 'query' })).toBe(1)
      expect(grew('myodocs_render_wait_seconds_count', {})).toBe(2)

      // Nothing personal anywhere in the exposition, in a label or elsewhere.
      for (const secret of [
        account.id,
        account.email,
        account.businessId,
        member.id,
        member.email,
        'Quillon',
        'Oriel Vantwist',
        patient,
        program.sessionData.patientFirstName,
        recipient,
        login.password,
        id,
      ])
        expect(res.body).not.toContain(secret)

      // Every label of our own metrics comes from a closed set.
      const routes = new Set([...t.app.routeManifest.map((r) => r.url), UNMATCHED_ROUTE])
      const allowed: Record<string, (v: string) => boolean> = {
        method: (v) =>
          ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'other'].includes(v),
        route: (v) => routes.has(v),
        status: (v) => /^[1-5]\d\d$/.test(v),
        le: (v) => v === '+Inf' || Number.isFinite(Number(v)),
        kind: (v) => (DOCUMENT_KINDS as string[]).includes(v),
        provider: (v) => ['smtp', 'gmail', 'outlook', 'yahoo'].includes(v),
        outcome: (v) => v === 'sent' || (EMAIL_FAILURE_CLASSES as readonly string[]).includes(v),
        reason: (v) => v === 'unavailable' || v === 'query',
      }
      for (const s of after.filter((x) => x.name.startsWith('myodocs_')))
        for (const [k, v] of Object.entries(s.labels))
          expect(allowed[k]?.(v), `${s.name} ${k}="${v}"`).toBe(true)
    },
  )
})

describe('render metrics', () => {
  it(
    'follow the queue: waits are measured, and a request refused by a full pool is counted',
    { timeout: 90_000 },
    async () => {
      const pool = createRenderPool({ threads: 1, maxQueue: 1, filename: sleepWorker })
      const own = await createTestApp({ renderPool: pool })
      try {
        const read = async () =>
          samples(
            (
              await own.app.inject({
                method: 'GET',
                url: '/metrics',
                headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
              })
            ).body,
          )
        const slow = [pool.run({ ms: 300, name: 'a' }), pool.run({ ms: 10, name: 'b' })]
        for (const job of slow) void job.catch(() => {})
        await expect.poll(async () => value(await read(), 'myodocs_render_queue_depth')).toBe(1)
        // Request bodies hold the whole byte budget: the next document request is refused unread.
        const hold = pool.admit(pool.queueBytes)
        await expect
          .poll(async () => value(await read(), 'myodocs_render_admitted_bytes'))
          .toBe(pool.queueBytes)
        const agent = own.agent()
        await agent.csrf()
        const refused = await agent.post('/api/documents/exercise', {})
        expect(refused.statusCode, refused.body).toBe(503)
        hold!()
        await Promise.all(slow)
        const all = await read()
        expect(value(all, 'myodocs_render_refused_total')).toBe(1)
        expect(value(all, 'myodocs_render_wait_seconds_count')).toBe(2)
        expect(value(all, 'myodocs_render_wait_seconds_sum')).toBeGreaterThan(0.1)
        expect(value(all, 'myodocs_render_queue_depth')).toBe(0)
      } finally {
        await own.close()
        await pool.close()
      }
    },
  )
})
