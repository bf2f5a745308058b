/**
 * The team (docs/product/team.md): who may call what, seat limits per plan (pending invitations
 * counted, concurrent invitations never exceeding them), deactivation ending live sessions, and the
 * per-user PDF limit (the invitation link: invitation-link.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { PRIMARY_USER_ACCESS_REQUIRED } from '@myodocs/shared/constants/team-messages'
import type { Team } from '@myodocs/shared/contracts/team'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { auditEvents, teamInvitations, userPdfUsage, users } from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import {
  insertAccount,
  insertMember,
  setPlan,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/factories'
import { signedInTestContext } from '../../../test/test-context'
import { reservePdf } from '../subscription'
import { INVITATION_TTL_MS } from './service'

let t: TestApp
const clock = fakeClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

async function owner(plan: 'essential' | 'professional' | 'premium' = 'professional') {
  const account = await insertAccount(t.database.db, { now: clock.now() })
  await setPlan(t.database.db, account.businessId, plan)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

async function memberOf(businessId: string) {
  const account = await insertMember(t.database.db, businessId)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

const invite = (agent: TestAgent, email = uniqueEmail('invitee')) =>
  agent.post('/api/team/invite', { email, firstName: 'Jordan', lastName: 'Park' })

const ID = '00000000-0000-4000-8000-000000000000'
const teamCalls = (id: string, invitationId: string) =>
  [
    ['GET', '/api/team'],
    ['POST', '/api/team/invite', { email: uniqueEmail('m'), firstName: 'A', lastName: 'B' }],
    ['POST', `/api/team/invite/${invitationId}/resend`],
    ['DELETE', `/api/team/invite/${invitationId}`],
    ['PUT', `/api/team/${id}/deactivate`],
    ['PUT', `/api/team/${id}/reactivate`],
    ['POST', `/api/team/${id}/reset-password`],
    ['DELETE', `/api/team/${id}`],
  ] as const

describe('who may call the team routes', () => {
  it('primary user 2xx, a member 403, another business 404, signed out 401', async () => {
    const { agent, account } = await owner('premium')
    const member = await memberOf(account.businessId)
    const other = await owner('premium')
    const invitationEmail = uniqueEmail('pending')
    const invitation = (await invite(agent, invitationEmail)).json<{ data: { id: string } }>().data

    for (const [method, url, body] of teamCalls(member.account.id, invitation.id)) {
      const res = await member.agent.request({ method, url, payload: body })
      expect(res.statusCode, `member ${method} ${url}`).toBe(403)
      expect(res.json().message).toBe(PRIMARY_USER_ACCESS_REQUIRED)

      const anon = t.agent()
      await anon.csrf()
      const signedOut = await anon.request({ method, url, payload: body })
      expect(signedOut.statusCode, `signed out ${method} ${url}`).toBe(401)
    }
    // Another business's primary user: their own team is fine; our ids are not found.
    for (const [method, url, body] of teamCalls(member.account.id, invitation.id).slice(2)) {
      const res = await other.agent.request({ method, url, payload: body })
      expect(res.statusCode, `other business ${method} ${url}`).toBe(404)
    }
    expect((await other.agent.get('/api/team')).json().data.members).toHaveLength(1)

    // The primary user: every call succeeds (in an order that keeps each target valid).
    expect((await agent.get('/api/team')).statusCode).toBe(200)
    expect((await agent.post(`/api/team/invite/${invitation.id}/resend`)).statusCode).toBe(200)
    expect((await agent.delete(`/api/team/invite/${invitation.id}`)).statusCode).toBe(200)
    const id = member.account.id
    expect((await agent.put(`/api/team/${id}/deactivate`)).statusCode).toBe(200)
    expect((await agent.put(`/api/team/${id}/reactivate`)).statusCode).toBe(200)
    expect((await agent.post(`/api/team/${id}/reset-password`)).statusCode).toBe(200)
    expect((await agent.delete(`/api/team/${id}`)).statusCode).toBe(200)
    expect((await agent.delete(`/api/team/${ID}`)).statusCode).toBe(404)

    const denied = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorId, member.account.id),
          eq(auditEvents.action, 'access.primary_user_required'),
        ),
      )
    expect(denied.length).toBe(teamCalls(ID, ID).length)
  })

  it('the primary user cannot deactivate or remove themself', async () => {
    const { agent, account } = await owner()
    expect((await agent.put(`/api/team/${account.id}/deactivate`)).statusCode).toBe(400)
    expect((await agent.delete(`/api/team/${account.id}`)).statusCode).toBe(400)
  })
})

describe('GET /api/team', () => {
  it('lists members with status, last sign-in and PDFs this month, invitations and seats', async () => {
    const { agent, account } = await owner('professional')
    const member = await memberOf(account.businessId)
    await t.database.db
      .insert(userPdfUsage)
      .values({ userId: member.account.id, period: usagePeriod(clock.now()), count: 7 })
    await invite(agent, uniqueEmail('listed'))
    const team = (await agent.get('/api/team')).json().data
    expect(team.members).toHaveLength(2)
    expect(team.members[0]).toMatchObject({ id: account.id, isPrimaryUser: true, isActive: true })
    expect(team.members[0].lastSignInAt).toBeTruthy()
    expect(team.members[1]).toMatchObject({ id: member.account.id, pdfsThisMonth: 7 })
    expect(team.invitations).toHaveLength(1)
    expect(team.invitations[0]).toMatchObject({ firstName: 'Jordan', expired: false })
    expect(team.seats).toEqual({ used: 3, limit: 3, additionalMemberPrice: 30 })
  })
})

describe('seat limits', () => {
  it('Essential cannot invite (upgrade message)', async () => {
    const { agent } = await owner('essential')
    const res = await invite(agent)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('UPGRADE_REQUIRED')
    expect(res.json().message).toMatch(/Upgrade to Professional or Premium/)
  })

  it('Professional: 3 seats counting pending invitations; freed by deleting one', async () => {
    const { agent } = await owner('professional')
    const first = await invite(agent)
    expect(first.statusCode).toBe(200)
    expect((await invite(agent)).statusCode).toBe(200)
    const full = await invite(agent)
    expect(full.statusCode).toBe(403)
    // A plan that sells extra seats offers one, never an upgrade.
    expect(full.json().message).toMatch(/All 3 seats .* Add a seat \(\$30\/month\)/)
    expect((await agent.delete(`/api/team/invite/${first.json().data.id}`)).statusCode).toBe(200)
    expect((await invite(agent)).statusCode).toBe(200)
  })

  it('an expired invitation holds no seat', async () => {
    const { agent, account } = await owner('professional')
    await invite(agent)
    await invite(agent)
    clock.advance(INVITATION_TTL_MS + 1000)
    try {
      // A week later the old session is long idle: sign in again.
      await signIn(agent, account.email)
      expect((await invite(agent)).statusCode).toBe(200)
      const team = (await agent.get('/api/team')).json<{ data: Team }>().data
      expect(team.invitations.filter((i) => i.expired)).toHaveLength(2)
      expect(team.seats.used).toBe(2)
    } finally {
      clock.advance(-(INVITATION_TTL_MS + 1000))
    }
  })

  it('ten parallel invitations on a 3-seat plan create exactly the seats left', async () => {
    const { agent, account } = await owner('professional')
    const results = await Promise.all(Array.from({ length: 10 }, () => invite(agent)))
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(2)
    expect(codes.filter((c) => c === 403)).toHaveLength(8)
    const rows = await t.database.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.businessId, account.businessId))
    expect(rows).toHaveLength(2)
  })

  it('Premium allows 5; reactivation checks the limit again', async () => {
    const { agent, account } = await owner('premium')
    const members = []
    for (let i = 0; i < 4; i++) members.push(await insertMember(t.database.db, account.businessId))
    expect((await invite(agent)).statusCode).toBe(403)
    expect((await agent.put(`/api/team/${members[0]!.id}/deactivate`)).statusCode).toBe(200)
    expect((await invite(agent)).statusCode).toBe(200)
    const back = await agent.put(`/api/team/${members[0]!.id}/reactivate`)
    expect(back.statusCode).toBe(403)
    expect(back.json().code).toBe('UPGRADE_REQUIRED')
    // The refusal is in the Activity log, as a refused invitation is.
    const audit = await agent.get('/api/audit?event=team.member_reactivate')
    expect(audit.json().data.entries).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        details: { memberId: members[0]!.id, reason: 'seat_limit' },
      }),
    ])
    // The invitation's row names the person invited, and every row the address it came from.
    const sent = await agent.get('/api/audit?event=team.invite')
    const entry = sent.json().data.entries[0]
    expect(entry).toMatchObject({ invitee: 'Jordan Park', outcome: 'success' })
    expect(entry.ip).toMatch(/^[\d.:a-f]+$/)
  })

  it('refuses members, pending addresses and other practices’ users', async () => {
    const { agent, account } = await owner('premium')
    const member = await insertMember(t.database.db, account.businessId)
    expect((await invite(agent, member.email)).statusCode).toBe(409)
    const other = await insertAccount(t.database.db)
    const foreign = await invite(agent, other.email)
    expect(foreign.statusCode).toBe(409)
    expect(foreign.json().message).toMatch(/another practice/)
    const email = uniqueEmail('twice')
    expect((await invite(agent, email)).statusCode).toBe(200)
    expect((await invite(agent, email.toUpperCase())).statusCode).toBe(409)
  })
})

describe('deactivation, removal and resets', () => {
  it('deactivation ends the member’s live sessions at once; reactivation lets them sign in', async () => {
    const { agent, account } = await owner('professional')
    const member = await memberOf(account.businessId)
    expect((await member.agent.get('/api/auth/me')).statusCode).toBe(200)
    expect((await agent.put(`/api/team/${member.account.id}/deactivate`)).statusCode).toBe(200)
    // The member's open tab is told why: the account was deactivated, not that the session expired.
    const ended = await member.agent.get('/api/auth/me')
    expect(ended.statusCode).toBe(401)
    expect(ended.json().code).toBe('ACCOUNT_DEACTIVATED')
    const refreshed = await member.agent.post('/api/auth/refresh')
    expect(refreshed.statusCode).toBe(401)
    expect(refreshed.json().code).toBe('ACCOUNT_DEACTIVATED')
    const again = t.agent()
    const login = await again.post('/api/auth/login', {
      email: member.account.email,
      password: TEST_PASSWORD,
    })
    expect(login.statusCode).not.toBe(200)
    const team = (await agent.get('/api/team')).json<{ data: Team }>().data
    expect(team.members.find((m) => m.id === member.account.id)?.isActive).toBe(false)

    expect((await agent.put(`/api/team/${member.account.id}/reactivate`)).statusCode).toBe(200)
    await signIn(t.agent(), member.account.email)
  })

  it('removal deletes the account and keeps its audit events', async () => {
    const { agent, account } = await owner('professional')
    const member = await memberOf(account.businessId)
    expect((await agent.delete(`/api/team/${member.account.id}`)).statusCode).toBe(200)
    expect((await member.agent.get('/api/auth/me')).statusCode).toBe(401)
    expect(
      await t.database.db.select().from(users).where(eq(users.id, member.account.id)),
    ).toHaveLength(0)
    const kept = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, member.account.id))
    expect(kept.length).toBeGreaterThan(0)
  })

  it('reset-password emails the member a single-use link', async () => {
    const { agent, account } = await owner('professional')
    const member = await insertMember(t.database.db, account.businessId)
    expect((await agent.post(`/api/team/${member.id}/reset-password`)).statusCode).toBe(200)
    const mail = await t.smtp.waitFor(
      (m) => m.envelopeTo.includes(member.email) && /reset/i.test(m.subject ?? ''),
    )
    expect(mail.text).toMatch(/\/reset-password\?token=/)
  })
})

describe('per-user PDF limits', () => {
  it('Professional: each user has 250 a month; the business count keeps the total', async () => {
    const { account } = await owner('professional')
    const member = await insertMember(t.database.db, account.businessId)
    const period = usagePeriod(clock.now())
    await t.database.db.insert(userPdfUsage).values({ userId: member.id, period, count: 250 })
    const ctxOf = (id: string) =>
      signedInTestContext(
        t.database.db,
        { id, businessId: account.businessId, isPrimaryUser: id === account.id },
        { now: clock.now },
      )
    await expect(reservePdf(ctxOf(member.id))).rejects.toMatchObject({
      code: 'USAGE_LIMIT_EXCEEDED',
    })
    // The primary user still has their own 250.
    const taken = await reservePdf(ctxOf(account.id))
    const [own] = await t.database.db
      .select()
      .from(userPdfUsage)
      .where(eq(userPdfUsage.userId, account.id))
    expect(own!.count).toBe(1)
    await taken.release()
    const [back] = await t.database.db
      .select()
      .from(userPdfUsage)
      .where(eq(userPdfUsage.userId, account.id))
    expect(back!.count).toBe(0)
  })

  it('the member sees their own usage and limit on Professional', async () => {
    const { account } = await owner('professional')
    const member = await memberOf(account.businessId)
    await t.database.db
      .insert(userPdfUsage)
      .values({ userId: member.account.id, period: usagePeriod(clock.now()), count: 12 })
    const sub = (await member.agent.get('/api/subscription')).json().data
    expect(sub).toMatchObject({ monthlyPdfGenerated: 12, monthlyPdfLimit: 250 })
    const me = (await member.agent.get('/api/auth/me')).json().data.user
    expect(me.subscription).toEqual({ monthlyPdfGenerated: 12, monthlyPdfLimit: 250 })
  })

  it('Essential: the business’s 150 is shared by its users', async () => {
    const { account } = await owner('essential')
    const ctx = signedInTestContext(
      t.database.db,
      { id: account.id, businessId: account.businessId, isPrimaryUser: true },
      { now: clock.now },
    )
    await reservePdf(ctx)
    const [row] = await t.database.db
      .select()
      .from(userPdfUsage)
      .where(eq(userPdfUsage.userId, account.id))
    expect(row!.count).toBe(1)
  })
})
