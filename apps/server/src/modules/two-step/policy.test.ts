/**
 * The practice's two-step requirement and the account holder's reset of a member
 * (docs/product/accounts.md#two-step-sign-in), through the API on a real database: only the
 * account holder sets it; a member without a second step signs in to enrolment only (every other
 * call 403 TWO_STEP_REQUIRED) until they enrol; a reset ends the member's sessions and second
 * steps, and is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditEvents } from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { insertAccount, insertMember, TEST_PASSWORD } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { totpCode } from './codes'

const clock = fakeClock(new Date('2026-12-07T09:00:10Z'))
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    config: (c) => ({
      ...c,
      rateLimits: { ...c.rateLimits, authIp: { max: 1_000, windowMs: 60_000 } },
    }),
  })
})
afterAll(() => t.close())

type Json = Record<string, unknown>
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: Json }>().data

async function signedIn(account: TestAccount) {
  const a = t.agent()
  await a.csrf()
  const res = await a.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD })
  expect(res.statusCode, res.body).toBe(200)
  return { agent: a, data: dataOf(res) }
}

async function enrolTotp(a: TestAgent) {
  const { secret } = dataOf(await a.post('/api/auth/mfa/totp/setup')) as { secret: string }
  const res = await a.post('/api/auth/mfa/totp/confirm', { code: totpCode(secret, clock.now()) })
  expect(res.statusCode, res.body).toBe(200)
  clock.advance(30_000)
  return secret
}

describe('the practice requires two-step sign-in', () => {
  it('only the account holder sets it, and it is audited', async () => {
    const owner = await insertAccount(t.database.db)
    const member = await insertMember(t.database.db, owner.businessId)
    const { agent: ownerAgent } = await signedIn(owner)
    const { agent: memberAgent } = await signedIn(member)
    expect(
      (await memberAgent.put('/api/business/security', { requireTwoStep: true })).statusCode,
    ).toBe(403)
    const res = await ownerAgent.put('/api/business/security', { requireTwoStep: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(dataOf(res)).toEqual({ requireTwoStep: true })
    expect(dataOf(await ownerAgent.get('/api/business/security'))).toEqual({ requireTwoStep: true })
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.businessId, owner.businessId),
          eq(auditEvents.action, 'business.security_update'),
        ),
      )
    expect(events.map((e) => e.details)).toEqual([{ requireTwoStep: true }])
  })

  it('a member without a second step may only enrol, then everything again', async () => {
    const owner = await insertAccount(t.database.db)
    const member = await insertMember(t.database.db, owner.businessId)
    const { agent: ownerAgent } = await signedIn(owner)
    await ownerAgent.put('/api/business/security', { requireTwoStep: true })

    const { agent, data } = await signedIn(member)
    expect(data).toMatchObject({ twoStepEnrolmentRequired: true, user: { id: member.id } })
    const blocked = await agent.get('/api/settings')
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json()).toMatchObject({ code: 'TWO_STEP_REQUIRED' })
    expect((await agent.get('/api/auth/draft-key')).statusCode).toBe(403)
    const me = await agent.get('/api/auth/me')
    expect(me.statusCode).toBe(200)
    expect(dataOf(me)).toMatchObject({ twoStepEnrolmentRequired: true })
    expect(dataOf(await agent.get('/api/auth/mfa'))).toMatchObject({ requiredByPractice: true })

    await enrolTotp(agent)
    expect((await agent.get('/api/settings')).statusCode).toBe(200)
    expect(dataOf(await agent.get('/api/auth/me')).twoStepEnrolmentRequired).toBeUndefined()

    // The account holder too, until they enrol.
    const { data: ownerSignIn } = await signedIn(owner)
    expect(ownerSignIn.twoStepEnrolmentRequired).toBe(true)
  })

  it("the account holder resets a member's two-step: sessions end, the member enrols again", async () => {
    const owner = await insertAccount(t.database.db)
    const member = await insertMember(t.database.db, owner.businessId)
    const stranger = await insertAccount(t.database.db)
    const { agent: ownerAgent } = await signedIn(owner)
    await ownerAgent.put('/api/business/security', { requireTwoStep: true })
    const { agent: memberAgent } = await signedIn(member)
    await enrolTotp(memberAgent)

    // The Team tab shows whose sign-in has a second step (and offers the reset for them).
    const twoStepOf = async () =>
      (await ownerAgent.get('/api/team'))
        .json<{ data: { members: Array<{ id: string; twoStep: boolean }> } }>()
        .data.members.find((m) => m.id === member.id)?.twoStep
    expect(await twoStepOf()).toBe(true)

    const { agent: strangerAgent } = await signedIn(stranger)
    expect((await strangerAgent.post(`/api/team/${member.id}/reset-two-step`)).statusCode).toBe(404)
    const { agent: peer } = await signedIn(await insertMember(t.database.db, owner.businessId))
    expect((await peer.post(`/api/team/${member.id}/reset-two-step`)).statusCode).toBe(403)

    const res = await ownerAgent.post(`/api/team/${member.id}/reset-two-step`)
    expect(res.statusCode, res.body).toBe(200)
    expect(await twoStepOf()).toBe(false)
    expect((await memberAgent.get('/api/auth/me')).statusCode).toBe(401)
    const { data } = await signedIn(member)
    expect(data).toMatchObject({ twoStepEnrolmentRequired: true })
    expect((await ownerAgent.post(`/api/team/${member.id}/reset-two-step`)).statusCode).toBe(409)

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.businessId, owner.businessId),
          eq(auditEvents.action, 'team.member_two_step_reset'),
        ),
      )
    expect(event).toMatchObject({ actorId: owner.id, details: { memberId: member.id } })
  })
})
