/**
 * The audit-events cases for the practice's work and its account (audit-events.test.ts): legal,
 * business, settings, mailboxes, email, documents, usage, plan and billing, export and deletion,
 * the address book, invite codes, the waitlist, and the limits; each writes its event through
 * the real API in the one business of world.ts.
 */
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import type { AuditEventName } from '@myodocs/shared/contracts/audit'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { businessSubscriptions, oauthAccounts } from '../../src/db/schema'
import {
  acceptAllLegal,
  insertMember,
  pngImage,
  setPlan,
  uniqueEmail,
  uploadLogo,
} from '../factories'
import { deliverEvents } from '../test-billing'
import { TEST_MAIL_HOSTNAME } from '../test-tls'
import {
  BUSINESS_NAME,
  customExerciseBody,
  ok,
  PROVIDER,
  readAs,
  SECOND,
  shortProgram,
} from './world'
import type { AuditWorld, Case } from './world'

export function practiceCases(w: AuditWorld) {
  const {
    t,
    clock,
    state,
    stripe,
    owner,

    apis,
    auth,
    mailLogin,
    practiceSmtp,
    ownerSubscription,
    signedIn,
    register,
    addProvider,
    connectGmail,
    customExercise,
    smtpAccount,
    send,
  } = w
  return {
    'legal.accept': () => acceptAllLegal(w.agent, 'Dana Reyes'),
    'legal.baa_download': async () => {
      const status = await ok(w.agent.get('/api/legal/baa/status'))
      const { id } = status.json<{ data: { id: string } }>().data
      const pdf = await ok(w.agent.get(`/api/legal/baa/download/${id}`))
      expect(pdf.headers['content-type']).toBe('application/pdf')
    },
    'business.update': () =>
      ok(
        w.agent.put('/api/business', {
          name: BUSINESS_NAME,
          address: '12 Main St, Portland, OR 97201',
          phone: '(503) 555-0142',
        }),
      ),
    'business.logo_upload': async () => ok(uploadLogo(w.agent, await pngImage(120, 40))),
    'business.logo_delete': async () => {
      await ok(uploadLogo(w.agent, await pngImage(120, 40)))
      await ok(w.agent.delete('/api/business/logo'))
    },
    'settings.update': () => ok(w.agent.put('/api/settings/pdf', { includeWatermark: false })),
    'oauth.connect_started': () => ok(w.agent.post('/api/auth/oauth/init', { provider: 'gmail' })),
    'oauth.connect': connectGmail,
    'oauth.disconnect': async () => {
      await connectGmail()
      await ok(w.agent.delete('/api/auth/oauth/disconnect', { provider: 'gmail' }))
    },
    'oauth.needs_reauth': async () => {
      // The access token lapsed and Google refuses the refresh token: the account must reconnect.
      await connectGmail()
      await t.app.db
        .update(oauthAccounts)
        .set({ accessTokenExpiresAt: new Date(clock.now().getTime() - SECOND) })
        .where(eq(oauthAccounts.userId, owner.id))
      auth.refuseNext('invalid_grant', 'Token has been expired or revoked.')
      await ok(w.agent.post('/api/auth/oauth/test', { testEmail: 'dana.reyes@clinic.test' }), 502)
    },
    'oauth.test_email': async () => {
      await connectGmail()
      const before = apis.messages.length
      await ok(w.agent.post('/api/auth/oauth/test', { testEmail: 'dana.reyes@clinic.test' }))
      expect(apis.messages).toHaveLength(before + 1)
    },
    'email.smtp_account.create': async () => {
      state.smtpAccountId = undefined
      await smtpAccount()
    },
    'email.smtp_account.update': async () =>
      ok(
        w.agent.put(`/api/email/smtp-config/${await smtpAccount()}`, {
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
      await ok(w.agent.delete(`/api/email/smtp-config/${id}`))
    },
    'email.smtp_account.test': async () => {
      const res = await ok(w.agent.post(`/api/email/smtp-config/${await smtpAccount()}/test`))
      expect(res.json<{ data: { smtp: { status: string } } }>().data.smtp.status).toBe('connected')
    },
    'custom_exercise.create': async () => {
      state.customExerciseId = undefined
      await customExercise()
    },
    'custom_exercise.update': async () =>
      ok(w.agent.put(`/api/custom-exercises/${await customExercise()}`, customExerciseBody)),
    'custom_exercise.delete': async () => {
      const id = await customExercise()
      state.customExerciseId = undefined
      await ok(w.agent.delete(`/api/custom-exercises/${id}`))
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
    'document.generated': () => ok(w.agent.post('/api/documents/exercise', shortProgram())),
    'usage.limit_reached': async () => {
      // Essential's monthly limit (Premium is unlimited), then back.
      await setPlan(t.app.db, owner.businessId, 'essential')
      await t.app.db
        .update(businessSubscriptions)
        .set({ monthlyPdfGenerated: 10_000, monthlyPdfPeriod: usagePeriod(clock.now()) })
        .where(eq(businessSubscriptions.businessId, owner.businessId))
      await ok(w.agent.post('/api/documents/exercise', exerciseProgram()), 403)
      await t.app.db
        .update(businessSubscriptions)
        .set({ monthlyPdfGenerated: 0 })
        .where(eq(businessSubscriptions.businessId, owner.businessId))
      await setPlan(t.app.db, owner.businessId, 'premium')
    },
    'subscription.change_plan': () =>
      ok(
        // Premium billed annually: the team of the cases before fits (a smaller plan is refused).
        w.agent.post('/api/subscription/change-plan', {
          planType: 'premium',
          billingFrequency: 'annually',
        }),
      ),
    'subscription.cancel': () =>
      ok(w.agent.post('/api/subscription/cancel', { confirmBusinessName: BUSINESS_NAME })),
    'subscription.reactivate': () => ok(w.agent.post('/api/subscription/reactivate', {})),
    'billing.checkout': async () => {
      const res = await ok(
        w.agent.post('/api/billing/checkout', { planType: 'premium', billingFrequency: 'monthly' }),
      )
      state.checkoutId = res.json<{ data: { url: string } }>().data.url.split('/').pop()
    },
    'billing.subscription_updated': async () => {
      stripe.state.completeCheckout(state.checkoutId!)
      await deliverEvents(t, stripe)
    },
    'billing.invoice_paid': async () => {
      await ok(w.agent.post('/api/billing/seats', { extra: 1 }))
      await deliverEvents(t, stripe)
    },
    'billing.payment_failed': async () => {
      const sub = ownerSubscription()
      stripe.state.declineCard(String(sub.customer))
      stripe.state.endTrialNow(String(sub.id))
      stripe.state.advance()
      await deliverEvents(t, stripe)
    },
    'billing.seats': () => ok(w.agent.post('/api/billing/seats', { extra: 0 })),
    'account.export': () => ok(w.agent.get('/api/account/export')),
    'account.deleted': async () => {
      const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
      const memberAgent = await signedIn(m)
      await ok(memberAgent.post('/api/account/delete', { confirmBusinessName: BUSINESS_NAME }))
    },
    'audit.export': () => ok(w.agent.get('/api/audit/export')),
    'provider.create': () => addProvider(),
    'provider.update': async () => {
      const id = await addProvider()
      await ok(w.agent.put(`/api/providers/${id}`, { ...PROVIDER, practice: 'Main St Sleep' }))
    },
    'provider.delete': async () => ok(w.agent.delete(`/api/providers/${await addProvider()}`)),
    'provider.import': () =>
      ok(
        w.agent.post('/api/providers/import', {
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
    'business.security_update': async () => {
      await ok(w.agent.put('/api/business/security', { requireTwoStep: true }))
      await ok(w.agent.put('/api/business/security', { requireTwoStep: false }))
    },
  } satisfies Partial<Record<AuditEventName, Case>>
}
