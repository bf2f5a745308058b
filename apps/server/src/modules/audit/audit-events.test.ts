/**
 * Each event of the catalogue (AUDIT_EVENTS) is written by its action: one test per event,
 * generated from the catalogue, so an event added without a case here fails the suite (and tsc:
 * CASES is a record over the catalogue). The actions run in sequence in one business, through the
 * real API, against real servers on loopback: the system mail server (reset and invitation links
 * are read from what it received), the practice's own SMTP server (with scripted faults), a local
 * OAuth authorization server with the Gmail API stub, and the render pool; time that must pass
 * does so on the app's clock. Each event is read back through GET /api/audit (as the primary
 * user, who reads the whole business, or as the new account a registration made); events that
 * belong to no business (the operator's, a rate-limit block) are read from the table, the only
 * place they are kept. Its details must pass the catalogue's strict schema and hold none of the
 * people's, the practice's or the patient's data. Rules: docs/product/privacy.md#activity-log.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, gte, isNull } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { AUDIT_EVENT_NAMES, AUDIT_EVENTS } from '@myodocs/shared/contracts/audit'
import type { AuditEventName } from '@myodocs/shared/contracts/audit'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { auditEvents, businessSubscriptions, oauthAccounts, sessions } from '../../db/schema'
import { testMailPolicy } from '../../../test/mail-policy'
import {
  mailedInvitationLink,
  mailedResetLink,
  mailedUnlockLink,
  registerThroughMail,
} from '../../../test/mailed-links'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import {
  acceptAllLegal,
  deactivateUser,
  insertAccount,
  insertMember,
  newInviteCode,
  pngImage,
  registerPayload,
  setPlan,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  uploadLogo,
} from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import {
  connectMailbox,
  oauthEnv,
  startTestAuthServer,
  startTestMailApis,
} from '../../../test/test-oauth'
import type { TestAuthServer, TestMailApis } from '../../../test/test-oauth'
import { startTestSmtp } from '../../../test/test-smtp'
import type { TestSmtp } from '../../../test/test-smtp'
import { TEST_MAIL_HOSTNAME, testCertificates } from '../../../test/test-tls'
import { deliverEvents, startBillingStripe } from '../../../test/test-billing'
import type { LocalStripe } from '../../../test/test-stripe'
import { SoftwareAuthenticator } from '../../../test/software-authenticator'
import { totpCode } from '../../../test/totp'

const SECOND = 1_000
const clock = fakeClock()
let t: TestApp
/** The practice's own mail server (AUTH and STARTTLS), for its SMTP account and its sends. */
let practiceSmtp: TestSmtp
let auth: TestAuthServer
let apis: TestMailApis
let stripe: LocalStripe
let owner: TestAccount
let agent: TestAgent
let warming: Promise<void> | undefined
const BUSINESS_NAME = 'Canary Airway Kids'
const mailLogin = { user: 'doc@clinic.test', password: `pw-${randomBytes(8).toString('hex')}` }
const state: {
  invitationId?: string
  smtpAccountId?: string
  customExerciseId?: string
  pausedMember?: TestAccount
  checkoutId?: string
} = {}

/** The owner's subscription on the local Stripe. */
const ownerSubscription = () => stripe.state.all('sub').at(-1)!

async function signedIn(account: TestAccount): Promise<TestAgent> {
  const a = t.agent()
  await a.csrf()
  await signIn(a, account.email)
  return a
}

const ok = async (res: Promise<LightMyRequestResponse>, status = 200) => {
  const r = await res
  expect(r.statusCode, r.body).toBe(status)
  return r
}

/** Where a case's event is read back when not from the owner's trail. */
type ReadBack = { readAs: TestAgent } | { readAs: 'no business' }
const readAs = (reader: TestAgent | 'no business'): ReadBack => ({ readAs: reader })
const isReadBack = (v: unknown): v is ReadBack =>
  typeof v === 'object' && v !== null && 'readAs' in v

type Case = () => Promise<unknown>

/** A provider of the address book, named with words the details must never hold. */
const PROVIDER = {
  name: 'Dana Lindqvist',
  credentials: 'MD',
  specialty: 'ent',
  email: 'dana@clinic.test',
}
/** A provider of its own each time: the book refuses the same name, practice and email twice. */
const addProvider = async () =>
  (await ok(agent.post('/api/providers', { ...PROVIDER, email: uniqueEmail('provider') }))).json<{
    data: { id: string }
  }>().data.id

/** Registers a new practice with a fresh invite code, as the sign-up form does. */
async function register(): Promise<TestAgent> {
  const a = t.agent()
  await ok(registerThroughMail(a, t.smtp, registerPayload(await newInviteCode(t.app.db))))
  return a
}

/** Invites `email` to the owner's team and accepts through the link mailed to it. */
async function inviteAndAccept(email: string) {
  const sentAt = t.smtp.messages.length
  await ok(agent.post('/api/team/invite', { email, firstName: 'Jordan', lastName: 'Park' }))
  const { token } = await mailedInvitationLink(t.smtp, email, sentAt)
  const joiner = t.agent()
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
  const { answer } = await connectMailbox(agent, auth, 'gmail')
  expect(answer.headers.location).toBe('/oauth-success?oauth=success&provider=gmail')
}

/** The owner's SMTP account on the practice's mail server (made once, reused). */
const customExerciseBody = {
  name: 'Straw whistle',
  categoryId: 'lip_cheek',
  steps: ['Blow gently.'],
  minutes: 2,
}

async function customExercise(): Promise<string> {
  if (state.customExerciseId) return state.customExerciseId
  const res = await ok(agent.post('/api/custom-exercises', customExerciseBody))
  state.customExerciseId = res.json<{ data: { exercise: { id: string } } }>().data.exercise.id
  return state.customExerciseId
}

async function smtpAccount(): Promise<string> {
  if (state.smtpAccountId) return state.smtpAccountId
  const res = await ok(
    agent.post('/api/email/smtp-config', {
      name: 'Practice mailbox',
      smtpHost: TEST_MAIL_HOSTNAME,
      smtpPort: practiceSmtp.port,
      smtpSecurity: 'starttls',
      smtpUser: mailLogin.user,
      smtpPassword: mailLogin.password,
      fromAddress: 'doc@clinic.test',
    }),
  )
  const { id } = res.json<{ data: { configuration: { id: string } } }>().data.configuration
  state.smtpAccountId = id
  return id
}

/** A short program (one exercise, one page): what is audited does not depend on its length. */
function shortProgram() {
  const program = exerciseProgram()
  let kept = 0
  program.exercises = program.exercises.map((e) =>
    e.selected && kept++ === 0 ? e : { ...e, selected: false },
  )
  return program
}

/** Sends the exercise program from the practice's mailbox to the patient's family. */
async function send(status: number) {
  await smtpAccount()
  const res = await ok(
    agent.post('/api/email/send', {
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

const CASES: Record<AuditEventName, Case> = {
  'auth.register': async () => readAs(await register()),
  'auth.login': async () => void (await signedIn(owner)),
  'auth.login_blocked': async () => {
    // A stranger's wrong password blocks them for the account (one failure in this app), and the
    // next try is refused before the password is checked.
    const stranger = t.agent()
    await stranger.csrf()
    const attempt = (password: string) =>
      stranger.post('/api/auth/login', { email: owner.email, password })
    await ok(attempt('Not-my-password-1'), 401)
    await ok(attempt(TEST_PASSWORD), 429)
  },
  'auth.sign_in_paused': async () => {
    // Strangers' wrong passwords reach the account-wide limit (two in this app): the owner of
    // the account (a member here) is emailed an unlock link.
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Rowan' })
    state.pausedMember = m
    for (let i = 0; i < 2; i++) {
      const stranger = t.agent()
      await stranger.csrf()
      await ok(stranger.post('/api/auth/login', { email: m.email, password: `Not-it-${i}` }), 401)
    }
  },
  'auth.browser_unlocked': async () => {
    const m = state.pausedMember!
    const { token } = await mailedUnlockLink(t.smtp, m.email)
    const browser = t.agent()
    await browser.csrf()
    await ok(browser.post('/api/auth/unlock', { token }))
    await deactivateUser(t.app.db, m.id)
  },
  'auth.logout': async () => ok((await signedIn(owner)).post('/api/auth/logout')),
  'auth.idle_logout': async () =>
    ok((await signedIn(owner)).post('/api/auth/logout', { reason: 'idle' })),
  'auth.idle_timeout': async () => {
    // The session's last activity moved past the idle timeout: its next call ends it.
    const a = await signedIn(owner)
    await t.app.db
      .update(sessions)
      .set({ lastActivityAt: new Date(clock.now().getTime() - 24 * 3_600_000) })
      .where(eq(sessions.userId, owner.id))
    await ok(a.get('/api/auth/me'), 401)
    agent = await signedIn(owner)
  },
  'auth.session_ended': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    const memberAgent = await signedIn(m)
    await deactivateUser(t.app.db, m.id)
    await ok(memberAgent.get('/api/auth/me'), 401)
  },
  'auth.refresh_token_reuse': async () => {
    // A refresh token copied from a member's browser, replayed after the two-tab grace.
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    const memberAgent = await signedIn(m)
    const copied = memberAgent.cookie('myodocs_refresh')
    await ok(memberAgent.post('/api/auth/refresh'))
    clock.advance(31 * SECOND)
    const thief = t.agent()
    await thief.csrf()
    await ok(
      thief.request({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: {
          cookie: `myodocs_refresh=${copied}; myodocs_csrf=${thief.cookie('myodocs_csrf')}`,
        },
      }),
      401,
    )
    await deactivateUser(t.app.db, m.id)
    agent = await signedIn(owner)
  },
  'auth.password_change': () =>
    // A wrong current password is written too (as a failure), and keeps the suite's password.
    ok(
      agent.post('/api/auth/change-password', {
        currentPassword: 'Not-my-password-1',
        newPassword: 'Zt5&Pk3@Wm7!Hq',
      }),
      400,
    ),
  'auth.password_reset_requested': () =>
    ok(agent.post('/api/auth/forgot-password', { email: owner.email })),
  'auth.password_reset': async () => {
    // A member resets their password through the link mailed to them.
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    const sentAt = t.smtp.messages.length
    const browser = t.agent()
    await browser.csrf()
    await ok(browser.post('/api/auth/forgot-password', { email: m.email }))
    const { token } = await mailedResetLink(t.smtp, m.email, sentAt)
    await ok(browser.post('/api/auth/reset-password', { token, newPassword: 'Mq4&Tz8!Wp3#Kd' }))
    // Out of the team again: the premium plan's five seats are needed below.
    await deactivateUser(t.app.db, m.id)
  },
  'auth.profile_update': () =>
    ok(
      agent.put('/api/auth/profile', {
        firstName: 'Dana',
        lastName: 'Reyes',
        therapistTitle: 'RDH',
        therapistPhone: '(503) 555-0100',
      }),
    ),
  'team.invite': async () => {
    const res = await ok(
      agent.post('/api/team/invite', {
        email: 'jordan.park@clinic.test',
        firstName: 'Jordan',
        lastName: 'Park',
      }),
    )
    state.invitationId = (JSON.parse(res.body) as { data: { id: string } }).data.id
  },
  'team.invite_resend': () => ok(agent.post(`/api/team/invite/${state.invitationId}/resend`)),
  'team.invite_delete': () => ok(agent.delete(`/api/team/invite/${state.invitationId}`)),
  'team.invite_accept': () => inviteAndAccept(uniqueEmail('joiner')),
  'team.invite_accept_reactivate': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    await ok(agent.put(`/api/team/${m.id}/deactivate`))
    await inviteAndAccept(m.email)
  },
  'team.member_deactivate': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    await ok(agent.put(`/api/team/${m.id}/deactivate`))
  },
  'team.member_reactivate': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    await ok(agent.put(`/api/team/${m.id}/deactivate`))
    await ok(agent.put(`/api/team/${m.id}/reactivate`))
  },
  'team.member_reset_password': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    await ok(agent.post(`/api/team/${m.id}/reset-password`))
  },
  'team.member_remove': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    await ok(agent.delete(`/api/team/${m.id}`))
  },
  // Also what the BAA download and the sends below need.
  'legal.accept': () => acceptAllLegal(agent, 'Dana Reyes'),
  'legal.baa_download': async () => {
    const status = await ok(agent.get('/api/legal/baa/status'))
    const { id } = status.json<{ data: { id: string } }>().data
    const pdf = await ok(agent.get(`/api/legal/baa/download/${id}`))
    expect(pdf.headers['content-type']).toBe('application/pdf')
  },
  'business.update': () =>
    ok(
      agent.put('/api/business', {
        name: BUSINESS_NAME,
        address: '12 Main St, Portland, OR 97201',
        phone: '(503) 555-0142',
      }),
    ),
  'business.logo_upload': async () => ok(uploadLogo(agent, await pngImage(120, 40))),
  'business.logo_delete': async () => {
    await ok(uploadLogo(agent, await pngImage(120, 40)))
    await ok(agent.delete('/api/business/logo'))
  },
  'settings.update': () => ok(agent.put('/api/settings/pdf', { includeWatermark: false })),
  'oauth.connect_started': () => ok(agent.post('/api/auth/oauth/init', { provider: 'gmail' })),
  'oauth.connect': connectGmail,
  'oauth.disconnect': async () => {
    await connectGmail()
    await ok(agent.delete('/api/auth/oauth/disconnect', { provider: 'gmail' }))
  },
  'oauth.needs_reauth': async () => {
    // The access token lapsed and Google refuses the refresh token: the account must reconnect.
    await connectGmail()
    await t.app.db
      .update(oauthAccounts)
      .set({ accessTokenExpiresAt: new Date(clock.now().getTime() - SECOND) })
      .where(eq(oauthAccounts.userId, owner.id))
    auth.refuseNext('invalid_grant', 'Token has been expired or revoked.')
    await ok(agent.post('/api/auth/oauth/test', { testEmail: 'dana.reyes@clinic.test' }), 502)
  },
  'oauth.test_email': async () => {
    await connectGmail()
    const before = apis.messages.length
    await ok(agent.post('/api/auth/oauth/test', { testEmail: 'dana.reyes@clinic.test' }))
    expect(apis.messages).toHaveLength(before + 1)
  },
  'email.smtp_account.create': async () => {
    state.smtpAccountId = undefined
    await smtpAccount()
  },
  'email.smtp_account.update': async () =>
    ok(
      agent.put(`/api/email/smtp-config/${await smtpAccount()}`, {
        name: 'Front desk',
        smtpHost: TEST_MAIL_HOSTNAME,
        smtpPort: practiceSmtp.port,
        smtpSecurity: 'starttls',
        smtpUser: mailLogin.user,
        fromAddress: 'doc@clinic.test',
      }),
    ),
  'email.smtp_account.delete': async () => {
    const id = await smtpAccount()
    state.smtpAccountId = undefined
    await ok(agent.delete(`/api/email/smtp-config/${id}`))
  },
  'email.smtp_account.test': async () => {
    const res = await ok(agent.post(`/api/email/smtp-config/${await smtpAccount()}/test`))
    expect(res.json<{ data: { smtp: { status: string } } }>().data.smtp.status).toBe('connected')
  },
  'custom_exercise.create': async () => {
    state.customExerciseId = undefined
    await customExercise()
  },
  'custom_exercise.update': async () =>
    ok(agent.put(`/api/custom-exercises/${await customExercise()}`, customExerciseBody)),
  'custom_exercise.delete': async () => {
    const id = await customExercise()
    state.customExerciseId = undefined
    await ok(agent.delete(`/api/custom-exercises/${id}`))
  },
  'email.sent': async () => expect(await send(200)).toBe('sent'),
  'email.failed': async () => {
    practiceSmtp.failNext(1)
    await send(502)
  },
  'email.unknown': async () => {
    // The connection drops once the message went out: it may have been taken.
    practiceSmtp.setFaults({ data: 'drop' })
    try {
      expect(await send(200)).toBe('unknown')
    } finally {
      practiceSmtp.setFaults({})
    }
  },
  'document.generated': () => ok(agent.post('/api/documents/exercise', shortProgram())),
  'usage.limit_reached': async () => {
    // Essential's monthly limit (Premium is unlimited), then back.
    await setPlan(t.app.db, owner.businessId, 'essential')
    await t.app.db
      .update(businessSubscriptions)
      .set({ monthlyPdfGenerated: 10_000, monthlyPdfPeriod: usagePeriod(clock.now()) })
      .where(eq(businessSubscriptions.businessId, owner.businessId))
    await ok(agent.post('/api/documents/exercise', exerciseProgram()), 403)
    await t.app.db
      .update(businessSubscriptions)
      .set({ monthlyPdfGenerated: 0 })
      .where(eq(businessSubscriptions.businessId, owner.businessId))
    await setPlan(t.app.db, owner.businessId, 'premium')
  },
  'subscription.change_plan': () =>
    ok(
      // Premium billed annually: the team of the cases before fits (a smaller plan is refused).
      agent.post('/api/subscription/change-plan', {
        planType: 'premium',
        billingFrequency: 'annually',
      }),
    ),
  'subscription.cancel': () =>
    ok(agent.post('/api/subscription/cancel', { confirmBusinessName: BUSINESS_NAME })),
  'subscription.reactivate': () => ok(agent.post('/api/subscription/reactivate', {})),
  'billing.checkout': async () => {
    const res = await ok(
      agent.post('/api/billing/checkout', { planType: 'premium', billingFrequency: 'monthly' }),
    )
    state.checkoutId = res.json<{ data: { url: string } }>().data.url.split('/').pop()
  },
  'billing.subscription_updated': async () => {
    stripe.state.completeCheckout(state.checkoutId!)
    await deliverEvents(t, stripe)
  },
  'billing.invoice_paid': async () => {
    await ok(agent.post('/api/billing/seats', { extra: 1 }))
    await deliverEvents(t, stripe)
  },
  'billing.payment_failed': async () => {
    const sub = ownerSubscription()
    stripe.state.declineCard(String(sub.customer))
    stripe.state.endTrialNow(String(sub.id))
    stripe.state.advance()
    await deliverEvents(t, stripe)
  },
  'billing.seats': () => ok(agent.post('/api/billing/seats', { extra: 0 })),
  'team.invite_revoked': async () => {
    // A seat for one more invitation; then the plan is changed to Essential in Stripe's own
    // dashboard: the pending invitation goes.
    await ok(agent.post('/api/billing/seats', { extra: 1 }))
    await ok(
      agent.post('/api/team/invite', {
        email: uniqueEmail('late'),
        firstName: 'Jordan',
        lastName: 'Park',
      }),
    )
    const sub = ownerSubscription()
    const item = (sub.items as { data: Array<{ id: string }> }).data[0]!
    stripe.state.updateSubscription(String(sub.id), {
      items: [{ id: item.id, price: t.config.stripe!.prices.essential.monthly }],
      proration_behavior: 'none',
    })
    await deliverEvents(t, stripe)
  },
  'account.export': () => ok(agent.get('/api/account/export')),
  'account.deleted': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    const memberAgent = await signedIn(m)
    await ok(memberAgent.post('/api/account/delete', { confirmBusinessName: BUSINESS_NAME }))
  },
  'audit.export': () => ok(agent.get('/api/audit/export')),
  'provider.create': () => addProvider(),
  'provider.update': async () => {
    const id = await addProvider()
    await ok(agent.put(`/api/providers/${id}`, { ...PROVIDER, practice: 'Main St Sleep' }))
  },
  'provider.delete': async () => ok(agent.delete(`/api/providers/${await addProvider()}`)),
  'provider.import': () =>
    ok(
      agent.post('/api/providers/import', {
        csv: 'name,specialty,email\nRiley Okafor,ENT,riley@clinic.test\n',
      }),
    ),
  'invite_code.created': async () => {
    await ok(t.admin('POST', '/api/admin/invite-codes', { uses: 2, note: 'Dana Reyes' }))
    return readAs('no business')
  },
  'invite_code.used': async () => readAs(await register()),
  'waitlist.invited': async () => {
    const email = uniqueEmail('waiting')
    await ok(t.agent().post('/api/waitlist', { name: 'Jordan Park', email }))
    const list = await ok(t.admin('GET', '/api/admin/waitlist'))
    const entry = list
      .json<{ data: { entries: Array<{ id: string; email: string }> } }>()
      .data.entries.find((e) => e.email === email)!
    await ok(t.admin('POST', `/api/admin/waitlist/${entry.id}/invite`))
    return readAs('no business')
  },
  'rate_limit.exceeded': async () => {
    // The contact form takes one message a minute from an address in this app.
    const visitor = t.agent()
    const message = {
      name: 'Jordan Park',
      email: 'jordan.park@clinic.test',
      subject: 'Question',
      message: 'Hello',
    }
    await ok(visitor.post('/api/contact', message))
    await ok(visitor.post('/api/contact', message), 429)
    return readAs('no business')
  },
  'access.primary_user_required': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    await ok((await signedIn(m)).get('/api/team'), 403)
  },
  // Two-step sign-in: practices of their own, so the owner's sign-ins above stay one step.
  'auth.second_step': async () => {
    const { account, agent: a } = await twoStepAccount()
    const b = await passwordOnly(account)
    await ok(b.post('/api/auth/mfa/verify', { code: '000000' }), 401)
    return readAs(a)
  },
  'auth.totp_enrol': async () => readAs((await twoStepAccount()).agent),
  'auth.totp_remove': async () => {
    const { agent: a } = await twoStepAccount()
    await ok(a.delete('/api/auth/mfa/totp'))
    return readAs(a)
  },
  'auth.recovery_code_used': async () => {
    const { account, agent: a, codes } = await twoStepAccount()
    const b = await passwordOnly(account)
    await ok(b.post('/api/auth/mfa/verify', { recoveryCode: codes[0] }))
    return readAs(a)
  },
  'auth.recovery_codes_regenerate': async () => {
    const { agent: a } = await twoStepAccount()
    await ok(a.post('/api/auth/mfa/recovery-codes'))
    return readAs(a)
  },
  'auth.passkey_add': async () => {
    const a = await signedIn(await insertAccount(t.app.db))
    await addPasskey(a)
    return readAs(a)
  },
  'auth.passkey_remove': async () => {
    const a = await signedIn(await insertAccount(t.app.db))
    await ok(a.delete(`/api/auth/passkeys/${await addPasskey(a)}`))
    return readAs(a)
  },
  'business.security_update': async () => {
    await ok(agent.put('/api/business/security', { requireTwoStep: true }))
    await ok(agent.put('/api/business/security', { requireTwoStep: false }))
  },
  'team.member_two_step_reset': async () => {
    const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
    await enrolTotp(await signedIn(m))
    await ok(agent.post(`/api/team/${m.id}/reset-two-step`))
    // The member leaves the seat they took: the plan cases count the team.
    await deactivateUser(t.app.db, m.id)
  },
}

/** Sets up an authenticator app for a signed-in browser; answers its key and recovery codes. */
async function enrolTotp(a: TestAgent) {
  const setup = await ok(a.post('/api/auth/mfa/totp/setup'))
  const { secret } = setup.json<{ data: { secret: string } }>().data
  const code = totpCode(secret, clock.now())
  const confirm = await ok(a.post('/api/auth/mfa/totp/confirm', { code }))
  // The confirming code is spent: later codes come from the next step.
  clock.advance(30 * SECOND)
  return { secret, codes: confirm.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes }
}

/** A practice of its own whose holder has an authenticator app, signed in. */
async function twoStepAccount() {
  const account = await insertAccount(t.app.db)
  const a = await signedIn(account)
  return { account, agent: a, ...(await enrolTotp(a)) }
}

/** A new browser that gave the password and now owes the second step. */
async function passwordOnly(account: TestAccount) {
  const b = t.agent()
  await b.csrf()
  await ok(b.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD }))
  return b
}

/** Registers a passkey from a software authenticator; answers its id. */
async function addPasskey(a: TestAgent) {
  const device = new SoftwareAuthenticator(new URL(t.config.publicUrl).origin)
  const opts = await ok(a.post('/api/auth/passkeys/registration/options'))
  const { options } = opts.json<{ data: { options: Record<string, unknown> } }>().data
  const res = await ok(
    a.post('/api/auth/passkeys/registration/verify', { response: device.register(options) }),
  )
  return res.json<{ data: { passkey: { id: string } } }>().data.passkey.id
}

/** Words that would be personal data in an event's details. */
const PERSONAL = [
  'Dana',
  'Reyes',
  'Avery',
  'Jordan',
  'Park',
  'Lee',
  'Riley',
  'Okafor',
  'Pat Example',
  'Lindqvist',
  'clinic.test',
  'example.test',
  'mailbox.test',
  '555',
  'Main St',
  'Canary',
  'Practice mailbox',
  'Front desk',
  'exercise program',
]

beforeAll(async () => {
  const certificates = await testCertificates()
  ;[practiceSmtp, auth] = await Promise.all([
    startTestSmtp({ auth: mailLogin, tls: 'starttls', certificate: certificates.server }),
    startTestAuthServer(),
  ])
  apis = await startTestMailApis((token) => auth.verify(token))
  const billing = await startBillingStripe(clock.now)
  stripe = billing.stripe
  t = await createTestApp({
    now: clock.now,
    env: { ...oauthEnv('gmail', auth, apis), ...billing.env, RENDER_THREADS: '1' },
    config: (c) => ({
      ...c,
      mail: testMailPolicy({ ca: certificates.ca, ports: [practiceSmtp.port] }),
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
  warming = t.app.renderPool.warmUp()
  owner = await insertAccount(t.app.db)
  // Premium: seats for the invitations and members below, and a logo.
  await setPlan(t.app.db, owner.businessId, 'premium')
  agent = await signedIn(owner)
  await ok(
    agent.put('/api/business', {
      name: BUSINESS_NAME,
      address: '12 Main St, Portland, OR 97201',
      phone: '(503) 555-0142',
    }),
  )
}, 120_000)
afterAll(async () => {
  await warming
  await t?.close()
  await Promise.all([practiceSmtp?.close(), auth?.close(), apis?.close(), stripe?.close()])
})

/** The newest `event` written since `since`, read as `reader` reads it. */
async function readBack(event: AuditEventName, reader: TestAgent | 'no business', since: Date) {
  if (reader === 'no business') {
    // A rate-limit block is recorded beside its 429, not before it: wait for the row a moment.
    return vi.waitFor(async () => {
      const [row] = await t.app.db
        .select({ at: auditEvents.at, details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, event),
            isNull(auditEvents.businessId),
            gte(auditEvents.at, since),
          ),
        )
        .orderBy(desc(auditEvents.at))
        .limit(1)
      if (!row) throw new Error(`${event} was not written`)
      return { at: row.at.toISOString(), details: row.details }
    }, 5_000)
  }
  const res = await ok(reader.get(`/api/audit?event=${event}&limit=1`))
  const [entry] = res.json<{
    data: { entries: Array<{ at: string; details: Record<string, unknown> | null }> }
  }>().data.entries
  return entry
}

describe.sequential('each event is written by its action, without personal data', () => {
  for (const event of AUDIT_EVENT_NAMES) {
    test(event, async () => {
      const act = CASES[event]
      expect(act, `no case for ${event}: add one to CASES`).toBeDefined()
      const before = new Date(Date.now() - SECOND)
      const result = await act()
      const reader = isReadBack(result) ? result.readAs : agent
      const entry = await readBack(event, reader, before)
      expect(entry, `${event} was not written`).toBeDefined()
      expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(before.getTime())
      expect(AUDIT_EVENTS[event].safeParse(entry!.details ?? {}).success).toBe(true)
      // Ids and hashes (shapes the schema allowed above) are random hex: a word found in one is chance.
      const stored = JSON.stringify(entry!.details ?? {})
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
        .replace(/[0-9a-f]{64}/g, '<hash>')
      for (const word of PERSONAL) expect(stored).not.toContain(word)
    })
  }
})
