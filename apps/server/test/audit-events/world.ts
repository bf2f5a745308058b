/**
 * The one business the audit-events test runs every action in (audit-events.test.ts), and the
 * helpers its cases share: the app on a fake clock, the practice's own SMTP server, a local OAuth
 * authorization server with the Gmail API stub, and a local Stripe. Call `auditWorld()` at the top
 * of the test file; it starts everything in `beforeAll` and stops it after.
 */
import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { testMailPolicy } from '../mail-policy'
import { mailedInvitationLink, registerThroughMail } from '../mailed-links'
import { createTestApp, fakeClock } from '../test-app'
import type { TestAgent, TestApp } from '../test-app'
import {
  insertAccount,
  newInviteCode,
  registerPayload,
  setPlan,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
} from '../factories'
import type { TestAccount } from '../factories'
import { connectMailbox, oauthEnv, startTestAuthServer, startTestMailApis } from '../test-oauth'
import type { TestAuthServer, TestMailApis } from '../test-oauth'
import { startTestSmtp } from '../test-smtp'
import type { TestSmtp } from '../test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from '../test-tls'
import { startBillingStripe } from '../test-billing'
import type { LocalStripe } from '../test-stripe'
import { SoftwareAuthenticator } from '../software-authenticator'
import { totpCode } from '../totp'

export const SECOND = 1_000
/** The practice's name: a word the details must never hold. */
export const BUSINESS_NAME = 'Canary Airway Kids'

/** Where a case's event is read back when not from the owner's trail. */
type ReadBack = { readAs: TestAgent } | { readAs: 'no business' }
export const readAs = (reader: TestAgent | 'no business'): ReadBack => ({ readAs: reader })
export const isReadBack = (v: unknown): v is ReadBack =>
  typeof v === 'object' && v !== null && 'readAs' in v

/** The action that writes one event; it may answer who reads the event back (`readAs`). */
export type Case = () => Promise<unknown>

export const ok = async (res: Promise<LightMyRequestResponse>, status = 200) => {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return r
}

export const customExerciseBody = {
  name: 'Straw whistle',
  categoryId: 'lip_cheek',
  steps: ['Blow gently.'],
  minutes: 2,
}

/** A short program (one exercise, one page): what is audited does not depend on its length. */
export function shortProgram() {
  const program = exerciseProgram()
  let kept = 0
  program.exercises = program.exercises.map((e) =>
    e.selected && kept++ === 0 ? e : { ...e, selected: false },
  )
  return program
}

/** A provider of the address book, named with words the details must never hold. */
export const PROVIDER = {
  name: 'Dana Lindqvist',
  credentials: 'MD',
  specialty: 'ent',
  email: 'dana@clinic.test',
}

export function auditWorld() {
  const w = {
    clock: fakeClock(),
    mailLogin: { user: 'doc@clinic.test', password: `pw-${randomBytes(8).toString('hex')}` },
    /** What one case leaves for a later one. */
    state: {} as {
      invitationId?: string
      smtpAccountId?: string
      customExerciseId?: string
      pausedMember?: TestAccount
      checkoutId?: string
    },
    t: undefined as unknown as TestApp,
    practiceSmtp: undefined as unknown as TestSmtp,
    auth: undefined as unknown as TestAuthServer,
    apis: undefined as unknown as TestMailApis,
    stripe: undefined as unknown as LocalStripe,
    /** The primary user of the business, and their signed-in browser. */
    owner: undefined as unknown as TestAccount,
    agent: undefined as unknown as TestAgent,
    ownerSubscription,
    signedIn,
    addProvider,
    register,
    inviteAndAccept,
    connectGmail,
    customExercise,
    smtpAccount,
    send,
    enrolTotp,
    twoStepAccount,
    passwordOnly,
    addPasskey,
  }
  let warming: Promise<void> | undefined

  /** The owner's subscription on the local Stripe. */
  function ownerSubscription() {
    return w.stripe.state.all('sub').at(-1)!
  }

  async function signedIn(account: TestAccount): Promise<TestAgent> {
    const a = w.t.agent()
    await a.csrf()
    await signIn(a, account.email)
    return a
  }

  /** A provider of its own each time: the book refuses the same name, practice and email twice. */
  async function addProvider() {
    const res = await ok(
      w.agent.post('/api/providers', { ...PROVIDER, email: uniqueEmail('provider') }),
    )
    return res.json<{ data: { id: string } }>().data.id
  }

  /** Registers a new practice with a fresh invite code, as the sign-up form does. */
  async function register(): Promise<TestAgent> {
    const a = w.t.agent()
    await ok(registerThroughMail(a, w.t.smtp, registerPayload(await newInviteCode(w.t.app.db))))
    return a
  }

  /** Invites `email` to the owner's team and accepts through the link mailed to it. */
  async function inviteAndAccept(email: string) {
    const sentAt = w.t.smtp.messages.length
    await ok(w.agent.post('/api/team/invite', { email, firstName: 'Jordan', lastName: 'Park' }))
    const { token } = await mailedInvitationLink(w.t.smtp, email, sentAt)
    const joiner = w.t.agent()
    await joiner.csrf()
    await ok(
      joiner.post(`/api/invite/${token}/accept`, {
        password: TEST_PASSWORD,
        firstName: 'Jordan',
        lastName: 'Park',
        therapistTitle: 'SLP',
        therapistPhone: '(555) 222-3333',
      }),
    )
  }

  /** Connects the owner's Gmail (again, when it already is: a reconnection clears a refusal). */
  async function connectGmail() {
    const { answer } = await connectMailbox(w.agent, w.auth, 'gmail')
    expect(answer.headers.location).toBe('/oauth-success?oauth=success&provider=gmail')
  }

  async function customExercise(): Promise<string> {
    if (w.state.customExerciseId) return w.state.customExerciseId
    const res = await ok(w.agent.post('/api/custom-exercises', customExerciseBody))
    w.state.customExerciseId = res.json<{ data: { exercise: { id: string } } }>().data.exercise.id
    return w.state.customExerciseId
  }

  /** The owner's SMTP account on the practice's mail server (made once, reused). */
  async function smtpAccount(): Promise<string> {
    if (w.state.smtpAccountId) return w.state.smtpAccountId
    const res = await ok(
      w.agent.post('/api/email/smtp-config', {
        name: 'Practice mailbox',
        smtpHost: TEST_MAIL_HOSTNAME,
        smtpPort: w.practiceSmtp.port,
        smtpSecurity: 'starttls',
        smtpUser: w.mailLogin.user,
        smtpPassword: w.mailLogin.password,
        fromAddress: 'doc@clinic.test',
      }),
    )
    const { id } = res.json<{ data: { configuration: { id: string } } }>().data.configuration
    w.state.smtpAccountId = id
    return id
  }

  /** Sends the exercise program from the practice's mailbox to the patient's family. */
  async function send(status: number) {
    await smtpAccount()
    const res = await ok(
      w.agent.post('/api/email/send', {
        documentTypes: ['exercise'],
        data: shortProgram(),
        to: [{ name: 'Pat Example', address: 'pat@example.test' }],
        subject: 'Your home exercise program',
        message: 'Hello,\n\nYour exercises are attached.',
        idempotencyKey: randomBytes(12).toString('base64url'),
      }),
      status,
    )
    return res.json<{ data?: { status: string } }>().data?.status
  }

  /** Sets up an authenticator app for a signed-in browser; answers its key and recovery codes. */
  async function enrolTotp(a: TestAgent) {
    const setup = await ok(a.post('/api/auth/mfa/totp/setup'))
    const { secret } = setup.json<{ data: { secret: string } }>().data
    const code = totpCode(secret, w.clock.now())
    const confirm = await ok(a.post('/api/auth/mfa/totp/confirm', { code }))
    // The confirming code is spent: later codes come from the next step.
    w.clock.advance(30 * SECOND)
    return {
      secret,
      codes: confirm.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes,
    }
  }

  /** A practice of its own whose holder has an authenticator app, signed in. */
  async function twoStepAccount() {
    const account = await insertAccount(w.t.app.db)
    const a = await signedIn(account)
    return { account, agent: a, ...(await enrolTotp(a)) }
  }

  /** A new browser that gave the password and now owes the second step. */
  async function passwordOnly(account: TestAccount) {
    const b = w.t.agent()
    await b.csrf()
    await ok(b.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD }))
    return b
  }

  /** Registers a passkey from a software authenticator; answers its id. */
  async function addPasskey(a: TestAgent) {
    const device = new SoftwareAuthenticator(new URL(w.t.config.publicUrl).origin)
    const opts = await ok(a.post('/api/auth/passkeys/registration/options'))
    const { options } = opts.json<{ data: { options: Record<string, unknown> } }>().data
    const res = await ok(
      a.post('/api/auth/passkeys/registration/verify', { response: device.register(options) }),
    )
    return res.json<{ data: { passkey: { id: string } } }>().data.passkey.id
  }

  beforeAll(async () => {
    const certificates = await testCertificates()
    ;[w.practiceSmtp, w.auth] = await Promise.all([
      startTestSmtp({ auth: w.mailLogin, tls: 'starttls', certificate: certificates.server }),
      startTestAuthServer(),
    ])
    w.apis = await startTestMailApis((token) => w.auth.verify(token))
    const billing = await startBillingStripe(w.clock.now)
    w.stripe = billing.stripe
    w.t = await createTestApp({
      now: w.clock.now,
      env: { ...oauthEnv('gmail', w.auth, w.apis), ...billing.env, RENDER_THREADS: '1' },
      config: (c) => ({
        ...c,
        mail: testMailPolicy({ ca: certificates.ca, ports: [w.practiceSmtp.port] }),
        mailRetry: { maxRetries: 0, backoffMs: [], maxRetryAfterMs: 0 },
        oauth: { ...c.oauth, httpTimeoutMs: 3_000 },
        // One wrong password blocks a stranger, two pause an account's sign-in on new browsers;
        // one contact message a minute: no case loops.
        rateLimits: {
          ...c.rateLimits,
          loginAccountIp: { max: 1, windowMs: 15 * 60_000 },
          loginAccount: { max: 2, windowMs: 15 * 60_000 },
          contact: { max: 1, windowMs: 60_000 },
        },
      }),
    })
    // The render thread starts while the cases before the first render run.
    warming = w.t.app.renderPool.warmUp()
    w.owner = await insertAccount(w.t.app.db)
    // Premium: seats for the invitations and members below, and a logo.
    await setPlan(w.t.app.db, w.owner.businessId, 'premium')
    w.agent = await signedIn(w.owner)
    await ok(
      w.agent.put('/api/business', {
        name: BUSINESS_NAME,
        address: '12 Main St, Portland, OR 97201',
        phone: '(503) 555-0142',
      }),
    )
  }, 120_000)
  afterAll(async () => {
    await warming
    await w.t?.close()
    await Promise.all([
      w.practiceSmtp?.close(),
      w.auth?.close(),
      w.apis?.close(),
      w.stripe?.close(),
    ])
  })
  return w
}

export type AuditWorld = ReturnType<typeof auditWorld>
