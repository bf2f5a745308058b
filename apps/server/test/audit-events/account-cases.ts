/**
 * The audit-events cases for signing in, sessions, passwords, two-step and the team
 * (audit-events.test.ts): each writes its event through the real API in the one business of
 * world.ts.
 */
import { eq } from 'drizzle-orm'
import type { AuditEventName } from '@myodocs/shared/contracts/audit'
import { sessions } from '../../src/db/schema'
import { mailedResetLink, mailedUnlockLink } from '../mailed-links'
import {
  deactivateUser,
  insertAccount,
  insertMember,
  TEST_PASSWORD,
  uniqueEmail,
} from '../factories'
import { deliverEvents } from '../test-billing'
import { ok, readAs, SECOND } from './world'
import type { AuditWorld, Case } from './world'

export function accountCases(w: AuditWorld) {
  const {
    t,
    clock,
    state,
    stripe,
    owner,

    ownerSubscription,
    signedIn,
    register,
    inviteAndAccept,
    enrolTotp,
    twoStepAccount,
    passwordOnly,
    addPasskey,
  } = w
  return {
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
      w.agent = await signedIn(owner)
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
      w.agent = await signedIn(owner)
    },
    'auth.password_change': () =>
      // A wrong current password is written too (as a failure), and keeps the suite's password.
      ok(
        w.agent.post('/api/auth/change-password', {
          currentPassword: 'Not-my-password-1',
          newPassword: 'Zt5&Pk3@Wm7!Hq',
        }),
        400,
      ),
    'auth.password_reset_requested': () =>
      ok(w.agent.post('/api/auth/forgot-password', { email: owner.email })),
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
        w.agent.put('/api/auth/profile', {
          firstName: 'Dana',
          lastName: 'Reyes',
          therapistTitle: 'RDH',
          therapistPhone: '(503) 555-0100',
        }),
      ),
    'team.invite': async () => {
      const res = await ok(
        w.agent.post('/api/team/invite', {
          email: 'jordan.park@clinic.test',
          firstName: 'Jordan',
          lastName: 'Park',
        }),
      )
      state.invitationId = (JSON.parse(res.body) as { data: { id: string } }).data.id
    },
    'team.invite_resend': () => ok(w.agent.post(`/api/team/invite/${state.invitationId}/resend`)),
    'team.invite_delete': () => ok(w.agent.delete(`/api/team/invite/${state.invitationId}`)),
    'team.invite_accept': () => inviteAndAccept(uniqueEmail('joiner')),
    'team.invite_accept_reactivate': async () => {
      const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
      await ok(w.agent.put(`/api/team/${m.id}/deactivate`))
      await inviteAndAccept(m.email)
    },
    'team.member_deactivate': async () => {
      const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
      await ok(w.agent.put(`/api/team/${m.id}/deactivate`))
    },
    'team.member_reactivate': async () => {
      const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
      await ok(w.agent.put(`/api/team/${m.id}/deactivate`))
      await ok(w.agent.put(`/api/team/${m.id}/reactivate`))
    },
    'team.member_reset_password': async () => {
      const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
      await ok(w.agent.post(`/api/team/${m.id}/reset-password`))
    },
    'team.member_remove': async () => {
      const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
      await ok(w.agent.delete(`/api/team/${m.id}`))
    },
    // Also what the BAA download and the sends below need.
    'team.invite_revoked': async () => {
      // A seat for one more invitation; then the plan is changed to Essential in Stripe's own
      // dashboard: the pending invitation goes.
      await ok(w.agent.post('/api/billing/seats', { extra: 1 }))
      await ok(
        w.agent.post('/api/team/invite', {
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
    'team.member_two_step_reset': async () => {
      const m = await insertMember(t.app.db, owner.businessId, { firstName: 'Avery' })
      await enrolTotp(await signedIn(m))
      await ok(w.agent.post(`/api/team/${m.id}/reset-two-step`))
      // The member leaves the seat they took: the plan cases count the team.
      await deactivateUser(t.app.db, m.id)
    },
  } satisfies Partial<Record<AuditEventName, Case>>
}
