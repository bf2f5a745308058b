/**
 * The invitation link (docs/product/team.md): what the page shows and to whom, acceptance that
 * creates the account or reactivates a deactivated one, single use, 7 days, a resend killing the
 * old link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { teamInvitations, users } from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import {
  insertAccount,
  insertMember,
  pngImage,
  setPlan,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  uploadLogo,
} from '../../../test/factories'
import { mailedInvitationLink } from '../../../test/mailed-links'
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

/** The token of the first invitation link mailed to `email`. */
const invitationToken = async (email: string) => (await mailedInvitationLink(t.smtp, email)).token

const acceptBody = {
  password: TEST_PASSWORD,
  firstName: 'Jordan',
  lastName: 'Park',
  therapistTitle: 'SLP',
  therapistPhone: '(555) 222-3333',
}

async function accept(token: string) {
  const agent = t.agent()
  await agent.csrf()
  const res = await agent.post(`/api/invite/${token}/accept`, acceptBody)
  return { agent, res }
}

describe('the invitation link', () => {
  it('shows the invitation, creates the account on acceptance and signs it in; single use', async () => {
    const { agent, account } = await owner('professional')
    const email = uniqueEmail('joiner')
    await invite(agent, email)
    const token = await invitationToken(email)
    const stored = await t.database.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.email, email))
    expect(stored[0]!.tokenHash).not.toBe(token)

    const shown = await t.agent().get(`/api/invite/${token}`)
    expect(shown.statusCode).toBe(200)
    expect(shown.json().data).toMatchObject({
      invitation: { email, firstName: 'Jordan', lastName: 'Park' },
      business: { logoUrl: null },
      invitedBy: { firstName: 'Dana', lastName: 'Reyes' },
      userExists: false,
      existingAccount: null,
    })

    const weak = t.agent()
    await weak.csrf()
    const refused = await weak.post(`/api/invite/${token}/accept`, {
      ...acceptBody,
      password: 'short1!A',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields.password).toBeTruthy()

    const { agent: joined, res } = await accept(token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.user).toMatchObject({
      email,
      isPrimaryUser: false,
      businessId: account.businessId,
      therapistPhone: '(555) 222-3333',
    })
    expect((await joined.get('/api/auth/me')).statusCode).toBe(200)
    expect((await joined.get('/api/team')).statusCode).toBe(403)
    // Signed in like any sign-in: the browser becomes a known device (the cookie sign-in sets).
    expect(res.cookies.find((c) => c.name === 'myodocs_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    })

    expect((await t.agent().get(`/api/invite/${token}`)).statusCode).toBe(404)
    expect((await accept(token)).res.statusCode).toBe(404)
    const team = (await agent.get('/api/team')).json().data
    expect(team.invitations).toHaveLength(0)
    expect(team.members).toHaveLength(2)
  })

  it("shows the practice's logo to the holder of a valid link only", async () => {
    const { agent } = await owner()
    const uploaded = await uploadLogo(agent, await pngImage(300, 90))
    expect(uploaded.statusCode).toBe(200)
    const email = uniqueEmail('logo')
    expect((await invite(agent, email)).statusCode).toBe(200)
    const token = await invitationToken(email)

    const shown = (await t.agent().get(`/api/invite/${token}`)).json<{
      data: { business: { logoUrl: string } }
    }>().data
    expect(shown.business.logoUrl).toMatch(
      new RegExp(`^/api/invite/${token}/logo\\?v=[0-9a-f]{32}$`),
    )
    const logo = await t.agent().get(shown.business.logoUrl)
    expect(logo.statusCode).toBe(200)
    expect(logo.headers['content-type']).toBe('image/png')
    expect(logo.headers['x-content-type-options']).toBe('nosniff')
    // The same image the practice's own address serves.
    const own = await agent.get(uploaded.json<{ data: { logoUrl: string } }>().data.logoUrl)
    expect(Buffer.compare(logo.rawPayload, own.rawPayload)).toBe(0)

    // A wrong token, or the link once used, shows nothing.
    expect((await t.agent().get(`/api/invite/${'x'.repeat(token.length)}/logo`)).statusCode).toBe(
      404,
    )
    expect((await accept(token)).res.statusCode).toBe(200)
    expect((await t.agent().get(shown.business.logoUrl)).statusCode).toBe(404)
  })

  it('a practice without a logo: no address, and the logo call answers 404', async () => {
    const { agent } = await owner()
    const email = uniqueEmail('nologo')
    expect((await invite(agent, email)).statusCode).toBe(200)
    const token = await invitationToken(email)
    expect((await t.agent().get(`/api/invite/${token}`)).json().data.business.logoUrl).toBeNull()
    expect((await t.agent().get(`/api/invite/${token}/logo`)).statusCode).toBe(404)
  })

  it('expires after 7 days; a resend kills the old link', async () => {
    const { agent } = await owner('professional')
    const email = uniqueEmail('late')
    const invitation = (await invite(agent, email)).json().data
    const first = await invitationToken(email)
    const sentAt = t.smtp.messages.length
    const resent = await agent.post(`/api/team/invite/${invitation.id}/resend`)
    expect(resent.statusCode).toBe(200)
    const second = (await mailedInvitationLink(t.smtp, email, sentAt)).token
    expect(second).not.toBe(first)
    expect((await t.agent().get(`/api/invite/${first}`)).statusCode).toBe(404)
    expect((await t.agent().get(`/api/invite/${second}`)).statusCode).toBe(200)

    clock.advance(INVITATION_TTL_MS)
    try {
      const gone = await t.agent().get(`/api/invite/${second}`)
      expect(gone.statusCode).toBe(404)
      expect(gone.json().message).toBe('Invalid invitation link')
    } finally {
      clock.advance(-INVITATION_TTL_MS)
    }
  })

  it('reactivates a deactivated member who is invited again', async () => {
    const { agent, account } = await owner('professional')
    const member = await memberOf(account.businessId)
    expect((await agent.put(`/api/team/${member.account.id}/deactivate`)).statusCode).toBe(200)
    await invite(agent, member.account.email)
    const token = await invitationToken(member.account.email)
    const shown = (await t.agent().get(`/api/invite/${token}`)).json().data
    expect(shown.userExists).toBe(true)
    // The page prefills the account's title and phone, so accepting does not wipe them.
    expect(shown.existingAccount).toEqual({ therapistTitle: 'SLP', therapistPhone: '5557654321' })
    const { agent: back, res } = await accept(token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.user.id).toBe(member.account.id)
    expect((await back.get('/api/auth/me')).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.account.id))
    expect(row!.isActive).toBe(true)
  })
})
