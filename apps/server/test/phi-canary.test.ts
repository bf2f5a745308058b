/**
 * The no-PHI rule (docs/architecture.md, docs/product/email.md): patient data passes through the
 * server and is kept nowhere. Unique canaries (a patient name, a date of birth, clinical notes, a
 * patient's email address) go through every document and email path, error paths included —
 * the four document kinds, a re-evaluation with history, the session-file check, the companion
 * (its link opened as the phone does, the practice summary checked), sending by SMTP
 * and by a Gmail connection, a validation failure, an SMTP failure, a Gmail failure, the monthly
 * limit reached and an overload refusal — and are then looked for in every table's rows, a full
 * `pg_dump` (PostgreSQL), every log line and every file under DATA_DIR.
 *
 * OAuth tokens and PKCE verifiers have their own canary in each modules/oauth/oauth*.test.ts;
 * database errors carrying personal data in modules' queries, in error-log-redaction.test.ts.
 */
import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fullAssessment } from '@myodocs/documents/fixtures/assessment'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { readSessionFile } from '@myodocs/documents/session-attachment'
import { readPdf } from '@myodocs/documents/testing/pdf-text'
import { effectivePdfLimit } from '@myodocs/shared/constants/plans'
import { parseSessionFile } from '@myodocs/shared/contracts/session-file'
import { openProgram } from '@myodocs/shared/domain/companion-link'
import { emptyLog, markSession, recordValue } from '@myodocs/shared/domain/companion-schedule'
import {
  practiceSummary,
  readSummaryFile,
  sealSummary,
  summaryDigest,
} from '@myodocs/shared/domain/practice-summary'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { queryRows } from '../src/db/client'
import { businessSubscriptions } from '../src/db/schema'
import { createRenderPool, renderPoolBusy } from '../src/modules/documents'
import type { RenderPool } from '../src/modules/documents'
import { printedCompanionLink } from './companion-link'
import { acceptAllLegal, insertAccount, signIn } from './factories'
import type { TestAccount } from './factories'
import { testMailPolicy } from './mail-policy'
import { createTestApp } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import { testDbKind } from './test-database'
import { oauthEnv, startTestAuthServer, startTestMailApis } from './test-oauth'
import type { TestAuthServer, TestMailApis } from './test-oauth'
import { startTestSmtp } from './test-smtp'
import type { TestSmtp } from './test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from './test-tls'

const tag = randomBytes(5).toString('hex')
const NAME = `Zqxname${tag}`
const NOTES = `Zqxnotes${tag}`
const ADDRESS = `zqxmail${tag}@example.test`
// The companion carries the first name only.
const FIRST = `Zqxfirst${tag}`
// A date of birth no fixture or clock produces.
const DOB = '1931-02-17'
const CANARIES = [NAME, FIRST, NOTES, ADDRESS, DOB]

const login = { user: 'doc@clinic.test', password: `pw-${randomBytes(8).toString('hex')}` }

/** The real pool, which the test can make look full (every thread busy, the queue full). */
function switchablePool(real: RenderPool) {
  let full = false
  const pool: RenderPool = {
    threads: real.threads,
    maxQueue: real.maxQueue,
    get pending() {
      return full ? real.threads + real.maxQueue : real.pending
    },
    queueBytes: real.queueBytes,
    get bytesInFlight() {
      return full ? real.queueBytes : real.bytesInFlight
    },
    get threadsStarted() {
      return real.threadsStarted
    },
    admit: (bytes) => (full ? null : real.admit(bytes)),
    get waiting() {
      return full ? real.maxQueue : real.waiting
    },
    run: (job) => (full ? Promise.reject(renderPoolBusy()) : real.run(job)),
    refuse: () => real.refuse(),
    observe: (observer) => real.observe(observer),
    start: () => real.start(),
    warmUp: () => real.warmUp(),
    close: () => real.close(),
  }
  return { pool, setFull: (value: boolean) => (full = value) }
}

let t: TestApp
let smtp: TestSmtp
let auth: TestAuthServer
let apis: TestMailApis
const real = createRenderPool({ threads: 1, maxQueue: 4 })
const { pool, setFull } = switchablePool(real)

beforeAll(async () => {
  const certificates = await testCertificates()
  ;[smtp, auth] = await Promise.all([
    startTestSmtp({ auth: login, tls: 'starttls', certificate: certificates.server }),
    startTestAuthServer(),
  ])
  apis = await startTestMailApis((token) => auth.verify(token))
  t = await createTestApp({
    renderPool: pool,
    env: oauthEnv('gmail', auth, apis),
    config: (c) => ({
      ...c,
      mail: testMailPolicy({ ca: certificates.ca, ports: [smtp.port] }),
      mailRetry: { maxRetries: 0, backoffMs: [], maxRetryAfterMs: 0 },
    }),
  })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await Promise.all([real.close(), smtp?.close(), auth?.close(), apis?.close()])
})

/** An assessment naming the canary patient, their date of birth and notes. */
function canaryAssessment() {
  const a = fullAssessment()
  Object.assign(a.patientData, {
    patientLastName: NAME,
    patientDOB: DOB,
    patientEmail: ADDRESS,
    patientChiefComplaint: `${NOTES} mouth breathing`,
  })
  a.sections[0]!.notes = NOTES
  return a
}

function canaryProgram() {
  const p = exerciseProgram()
  Object.assign(p.sessionData, {
    patientFirstName: FIRST,
    patientLastName: NAME,
    patientDOB: DOB,
    additionalNotes: `${NOTES} practice after meals`,
  })
  return p
}

const sendBody = (overrides: Record<string, unknown> = {}) => ({
  documentTypes: ['exercise', 'after-visit-summary'],
  data: canaryProgram(),
  to: [{ name: `Pat ${NAME}`, address: ADDRESS }],
  subject: `Exercises for ${NAME}`,
  message: `Hello ${NAME} family,\n\n${NOTES}`,
  idempotencyKey: randomBytes(12).toString('base64url'),
  ...overrides,
})

async function readyAccount(): Promise<{ account: TestAccount; agent: TestAgent }> {
  const account = await insertAccount(t.database.db)
  const agent = t.agent()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
  return { account, agent }
}

/** The text of every row of every table in the public schema. */
async function allRows(): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  expect(tables.length).toBeGreaterThan(10)
  let dump = ''
  for (const { table_name } of tables) {
    const rows = await queryRows<{ row: string }>(
      t.database.db,
      sql`select t::text as row from ${sql.identifier(table_name)} t`,
    )
    dump += rows.map((r) => r.row).join('\n')
  }
  return dump
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })

async function findPgDump(): Promise<string | undefined> {
  return promisify(execFile)('pg_dump', ['--version']).then(
    () => 'pg_dump',
    () => undefined,
  )
}

const pgDump = testDbKind() === 'postgres' ? await findPgDump() : undefined

/** What each path answered, checked in the first test. */
const answers: Record<string, number> = {}
let account: TestAccount

// Rendering is what takes time here; a busy machine needs more than the default.
describe(
  'patient data passes through and is kept nowhere (the PHI canary)',
  { timeout: 120_000 },
  () => {
    const assessment = canaryAssessment()
    const program = canaryProgram()
    let agent: TestAgent
    let report: Buffer | undefined
    const gmail = sendBody({
      documentTypes: ['assessment', 'patient-summary'],
      data: assessment,
      account: { type: 'oauth', provider: 'gmail' },
    })

    it('the four documents carry the canaries', async () => {
      ;({ account, agent } = await readyAccount())
      // The canaries reach each PDF, so the searches below are meaningful.
      for (const [kind, body] of [
        ['assessment', assessment],
        ['patient-summary', assessment],
        ['exercise', program],
        ['after-visit-summary', program],
      ] as const) {
        const res = await agent.post(`/api/documents/${kind}`, body)
        answers[kind] = res.statusCode
        if (res.statusCode === 200) {
          expect(readPdf(res.rawPayload).text, kind).toContain(NAME)
          if (kind === 'assessment') report = res.rawPayload
        }
      }
    })

    it('the session-file check and a re-evaluation with history', async () => {
      // The session file brought back: the real check, and one naming the patient as its issuer.
      const json = await readSessionFile(report!)
      const parsed = parseSessionFile(json!)!
      const check = {
        kind: parsed.payload.kind,
        issuer: parsed.payload.issuer,
        digest: createHash('sha256').update(parsed.envelope.payload, 'utf8').digest('hex'),
        mac: parsed.envelope.mac,
      }
      expect(parsed.envelope.payload).toContain(NAME)
      answers.verify = (await agent.post('/api/documents/verify', check)).statusCode
      answers['verify, a forged issuer'] = (
        await agent.post('/api/documents/verify', { ...check, issuer: NAME })
      ).statusCode
      answers['verify, invalid'] = (
        await agent.post('/api/documents/verify', { ...check, mac: `${NAME}!` })
      ).statusCode

      // A re-evaluation printing progress from earlier visits.
      if (parsed.payload.kind !== 'assessment') throw new Error('an assessment session file')
      const { date, scores } = parsed.payload
      const earlier = (days: number) => ({
        date: new Date(Date.parse(date) - days * 86_400_000).toISOString().slice(0, 10),
        scores: scores.map((s) => ({ scale: s.scale, value: s.value })),
      })
      const history = await agent.post('/api/documents/assessment', {
        ...assessment,
        history: [earlier(84), earlier(42)],
      })
      answers['assessment with history'] = history.statusCode
    })

    it('the companion: the printed link and the practice summary brought back', async () => {
      const res = await agent.post('/api/documents/exercise', program)
      const link = printedCompanionLink(res.rawPayload, t.config.publicUrl)
      // The phone opens the fragment itself; the server only ever sees the path.
      const companion = await openProgram(link!.split('#')[1]!)
      expect(companion.firstName).toBe(FIRST)
      expect(JSON.stringify(companion)).not.toContain(NAME)
      let log = emptyLog(companion.programId)
      log = recordValue(
        markSession(log, companion.issued, 1),
        companion.issued,
        'control_pause_check',
        {
          value: 12,
          unit: 's',
        },
      )
      const file = await sealSummary(
        practiceSummary(
          companion,
          log,
          companion.followUp ?? companion.issued,
          `${NOTES} at bedtime`,
        ),
        companion.summaryKey,
      )
      const { envelope } = readSummaryFile(file)!
      expect(envelope.payload).toContain(FIRST)
      answers['companion verify'] = (
        await agent.post('/api/companion/verify', {
          programId: companion.programId,
          digest: await summaryDigest(envelope.payload),
          mac: envelope.mac,
        })
      ).statusCode
    })

    it('sending by SMTP and through a Gmail connection', async () => {
      // Sending by SMTP: the canaries reach the recipient.
      const added = await agent.post('/api/email/smtp-config', {
        name: 'Practice mailbox',
        smtpHost: TEST_MAIL_HOSTNAME,
        smtpPort: smtp.port,
        smtpSecurity: 'starttls',
        smtpUser: login.user,
        smtpPassword: login.password,
        fromAddress: 'doc@clinic.test',
      })
      expect(added.statusCode, added.body).toBe(200)
      const sent = await agent.post('/api/email/send', sendBody())
      answers['send by SMTP'] = sent.statusCode
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(ADDRESS))
      expect(mail.raw.toString('utf8')).toContain(NAME)
      expect(readPdf(mail.attachments[0]!.content).text).toContain(NAME)

      // Sending through a Gmail connection, the assessment's two documents.
      const init = await agent.post('/api/auth/oauth/init', { provider: 'gmail' })
      const back = await auth.consent(init.json<{ data: { authUrl: string } }>().data.authUrl)
      expect((await agent.get(back.path)).statusCode).toBe(302)
      answers['send by Gmail'] = (await agent.post('/api/email/send', gmail)).statusCode
      expect(apis.messages.at(-1)!.raw.toString('utf8')).toContain(NAME)
    })

    it('the error paths: invalid, refused by the mail server, overloaded, over the limit', async () => {
      answers['render, invalid'] = (
        await agent.post('/api/documents/exercise', {
          ...program,
          sessionData: { ...program.sessionData, sessionDate: NAME },
        })
      ).statusCode
      answers['send, invalid'] = (
        await agent.post('/api/email/send', sendBody({ subject: `${NAME}\r\nBcc: ${ADDRESS}` }))
      ).statusCode
      smtp.failNext(1)
      answers['send by SMTP, refused'] = (
        await agent.post('/api/email/send', sendBody())
      ).statusCode
      apis.failNext({ status: 500, body: { error: { message: 'backend error' } } })
      answers['send by Gmail, failed'] = (
        await agent.post('/api/email/send', {
          ...gmail,
          idempotencyKey: randomBytes(12).toString('base64url'),
        })
      ).statusCode
      setFull(true)
      try {
        answers['render, overloaded'] = (
          await agent.post('/api/documents/assessment', assessment)
        ).statusCode
        answers['send, overloaded'] = (await agent.post('/api/email/send', sendBody())).statusCode
      } finally {
        setFull(false)
      }
      await t.database.db
        .update(businessSubscriptions)
        .set({
          monthlyPdfGenerated: effectivePdfLimit('essential'),
          monthlyPdfPeriod: usagePeriod(new Date()),
        })
        .where(eq(businessSubscriptions.businessId, account.businessId))
      answers['render, limit reached'] = (
        await agent.post('/api/documents/exercise', program)
      ).statusCode
      answers['send, limit reached'] = (await agent.post('/api/email/send', sendBody())).statusCode
    })

    it('each path answered as it should', () => {
      expect(answers).toEqual({
        assessment: 200,
        'patient-summary': 200,
        exercise: 200,
        'after-visit-summary': 200,
        verify: 200,
        'verify, a forged issuer': 200,
        'verify, invalid': 400,
        'assessment with history': 200,
        'companion verify': 200,
        'send by SMTP': 200,
        'send by Gmail': 200,
        'render, invalid': 400,
        'send, invalid': 400,
        'send by SMTP, refused': 502,
        'send by Gmail, failed': 502,
        'render, overloaded': 503,
        'send, overloaded': 503,
        'render, limit reached': 403,
        'send, limit reached': 403,
      })
    })

    it('no table row holds a canary', async () => {
      const dump = await allRows()
      // The therapist's own name and the email log are there: the dump is real.
      expect(dump).toContain(account.email)
      expect(dump).toContain('after-visit-summary')
      for (const canary of CANARIES) expect(dump, canary).not.toContain(canary)
      // One audit event per document rendered on its own, naming its type and nothing else.
      const generated = await queryRows<{ details: unknown }>(
        t.database.db,
        sql`select details from audit_events where actor_id = ${account.id} and action = 'document.generated' order by created_at`,
      )
      expect(generated.slice(0, 4).map((r) => r.details)).toEqual(
        ['assessment', 'patient-summary', 'exercise', 'after-visit-summary'].map(
          (documentType) => ({
            documentType,
          }),
        ),
      )
    })

    it.runIf(testDbKind() === 'postgres')(
      pgDump
        ? 'a full pg_dump holds no canary'
        : 'a full pg_dump holds no canary: skipped, pg_dump is not on PATH',
      async (ctx) => {
        if (!pgDump) return ctx.skip()
        const { stdout } = await promisify(execFile)(pgDump, ['--no-owner', t.database.url!], {
          maxBuffer: 256 * 1024 * 1024,
        })
        expect(stdout).toContain(account.email)
        for (const canary of CANARIES) expect(stdout, canary).not.toContain(canary)
      },
    )

    it('no log line holds a canary', () => {
      const logs = t.logs()
      expect(logs).toContain('/api/documents/assessment')
      expect(logs).toContain('/api/email/send')
      for (const canary of CANARIES) expect(logs, canary).not.toContain(canary)
    })

    it('no file under DATA_DIR holds a canary', () => {
      const files = filesUnder(t.dataDir)
      for (const file of files) {
        const bytes = readFileSync(file)
        for (const canary of CANARIES)
          expect(bytes.includes(canary), `${file}: ${canary}`).toBe(false)
      }
    })
  },
)
