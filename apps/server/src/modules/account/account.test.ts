/**
 * The account section: the referral card, the data export (privacy policy "access") and deletion
 * (members their own account; the primary user the whole business after cancelling), which keeps
 * the audit trail with each person replaced by a tombstone id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, or } from 'drizzle-orm'
import {
  auditEvents,
  businessSubscriptions,
  businesses,
  legalAcceptances,
  passkeys,
  recoveryCodes,
  sessions,
  userSettings,
  userTotp,
  users,
} from '../../db/schema'
import { createTestApp, fakeClock } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, insertMember, signIn } from '../../../test/factories'
import { SoftwareAuthenticator } from '../../../test/software-authenticator'
import { totpCode } from '../../../test/totp'

let t: TestApp
const clock = fakeClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

type Export = {
  profile: { id: string }
  twoStep: Record<string, unknown>
  settings: { pdf: { autoDownload: boolean } }
  legalAcceptances: Array<{ kind: string }>
  auditEvents: Array<{ action: string; actorId: string }>
} & Record<string, unknown>
const exportOf = (res: { json: <T>() => T }) => res.json<{ data: Export }>().data

async function owner(businessName = 'Bright Smiles Myo') {
  const account = await insertAccount(t.database.db, { businessName, now: clock.now() })
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

describe('GET /api/account/referral', () => {
  it('answers the code, the link and how many used it (primary user only)', async () => {
    const { agent, account } = await owner()
    const first = (await agent.get('/api/account/referral')).json().data
    expect(first).toMatchObject({ referralsUsed: 0 })
    expect(first.link).toBe(`${t.config.publicUrl}/invite-code?ref=${first.code}`)

    await insertAccount(t.database.db)
    await t.database.db
      .update(businesses)
      .set({ referredByBusinessId: account.businessId })
      .where(eq(businesses.id, (await insertAccount(t.database.db)).businessId))
    expect((await agent.get('/api/account/referral')).json().data.referralsUsed).toBe(1)
    expect((await agent.get('/api/referral/code')).json().data.referralsUsed).toBe(1)

    const member = await memberOf(account.businessId)
    expect((await member.agent.get('/api/account/referral')).statusCode).toBe(403)
  })
})

describe('GET /api/account/export', () => {
  it('gives the primary user their profile, business, plan, settings, acceptances and audit trail', async () => {
    const { agent, account } = await owner()
    await acceptAllLegal(agent)
    await agent.put('/api/settings/pdf', { autoDownload: false })
    await agent.put('/api/business', { name: 'Bright Smiles Myo', address: '1 Main St', phone: '' })
    const member = await memberOf(account.businessId)
    await member.agent.post('/api/legal/terms/accept', { accept: true })

    const res = await agent.get('/api/account/export')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="myodocs-export-\d{4}-\d\d-\d\d\.json"/,
    )
    const data = exportOf(res)
    expect(data.profile).toMatchObject({ id: account.id, email: account.email, firstName: 'Dana' })
    expect(data.business).toMatchObject({ id: account.businessId, address: '1 Main St' })
    expect(data.subscription).toMatchObject({ status: 'trial', planType: 'essential' })
    expect(data.settings.pdf.autoDownload).toBe(false)
    expect(data.legalAcceptances.map((a) => a.kind).sort()).toEqual([
      'baa',
      'email-provider-attestation',
      'terms',
      'terms',
    ])
    const actions = data.auditEvents.map((e) => e.action)
    expect(actions).toEqual(
      expect.arrayContaining(['auth.login', 'legal.accept', 'settings.update', 'business.update']),
    )
    expect(data.auditEvents.some((e) => e.actorId === member.account.id)).toBe(true)
    // Nothing secret travels.
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/)
  })

  it('gives a member only their own acceptances and audit events', async () => {
    const { agent, account } = await owner()
    await acceptAllLegal(agent)
    const member = await memberOf(account.businessId)
    await member.agent.post('/api/legal/terms/accept', { accept: true })
    const data = exportOf(await member.agent.get('/api/account/export'))
    expect(data.profile.id).toBe(member.account.id)
    expect(data.legalAcceptances).toHaveLength(1)
    expect(data.auditEvents.length).toBeGreaterThan(0)
    expect(data.auditEvents.every((e) => e.actorId === member.account.id)).toBe(true)
  })
})

describe('GET /api/account/export: two-step sign-in', () => {
  it('lists the caller’s second steps by date, name and count, never a key, a code, a hash or a public key', async () => {
    const { agent, account } = await owner()
    const none = exportOf(await agent.get('/api/account/export'))
    expect(none.twoStep).toEqual({
      authenticatorApp: null,
      passkeys: [],
      recoveryCodes: { issuedAt: null, unused: 0, used: 0 },
      requiredByPractice: false,
    })

    const setup = await agent.post('/api/auth/mfa/totp/setup')
    const { secret } = setup.json<{ data: { secret: string } }>().data
    const confirm = await agent.post('/api/auth/mfa/totp/confirm', {
      code: totpCode(secret, clock.now()),
    })
    const { recoveryCodes: codes } = confirm.json<{ data: { recoveryCodes: string[] } }>().data
    const device = new SoftwareAuthenticator(new URL(t.config.publicUrl).origin)
    const opts = await agent.post('/api/auth/passkeys/registration/options')
    const { options } = opts.json<{ data: { options: Record<string, unknown> } }>().data
    const added = await agent.post('/api/auth/passkeys/registration/verify', {
      name: 'Clinic laptop',
      response: device.register(options),
    })
    expect(added.statusCode, added.body).toBe(200)
    await agent.put('/api/business/security', { requireTwoStep: true })

    const res = await agent.get('/api/account/export')
    const at = clock.now().toISOString()
    expect(exportOf(res).twoStep).toEqual({
      authenticatorApp: { setUpAt: at, confirmedAt: at },
      passkeys: [
        { name: 'Clinic laptop', transports: expect.any(Array), createdAt: at, lastUsedAt: null },
      ],
      recoveryCodes: { issuedAt: at, unused: 10, used: 0 },
      requiredByPractice: true,
    })
    // What is stored to check them never travels.
    const [totp] = await t.database.db
      .select()
      .from(userTotp)
      .where(eq(userTotp.userId, account.id))
    const hashes = await t.database.db
      .select({ h: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, account.id))
    const [key] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, account.id))
    for (const hidden of [
      secret,
      totp!.secretSealed,
      key!.credentialId,
      key!.publicKey.toString('base64'),
      key!.publicKey.toString('base64url'),
      ...codes,
      ...hashes.map((r) => r.h),
    ])
      expect(res.body).not.toContain(hidden)
  })
})

describe('POST /api/account/delete', () => {
  it('a member deletes their own account: personal data gone, audit rows kept under a tombstone', async () => {
    const { account } = await owner()
    const member = await memberOf(account.businessId)
    await member.agent.post('/api/legal/terms/accept', { accept: true })
    await member.agent.put('/api/settings/notifications', { usageAlerts: false })
    const before = await t.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, member.account.id))
    expect(before.length).toBeGreaterThan(0)

    const wrong = await member.agent.post('/api/account/delete', { confirmBusinessName: 'Nope' })
    expect(wrong.statusCode).toBe(400)

    const res = await member.agent.post('/api/account/delete', {
      confirmBusinessName: 'Bright Smiles Myo',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { deleted: true, scope: 'user' } })
    // Like Sign Out, the browser drops its cache and storage, the encrypted drafts among them.
    expect(res.headers['clear-site-data']).toBe('"cache", "storage"')
    expect(wrong.headers['clear-site-data']).toBeUndefined()
    expect((await member.agent.get('/api/auth/me')).statusCode).toBe(401)

    const db = t.database.db
    expect(await db.select().from(users).where(eq(users.id, member.account.id))).toHaveLength(0)
    expect(
      await db.select().from(userSettings).where(eq(userSettings.userId, member.account.id)),
    ).toHaveLength(0)
    expect(
      await db.select().from(sessions).where(eq(sessions.userId, member.account.id)),
    ).toHaveLength(0)
    expect(
      await db.select().from(auditEvents).where(eq(auditEvents.actorId, member.account.id)),
    ).toHaveLength(0)
    const kept = await db
      .select()
      .from(auditEvents)
      .where(
        inArray(
          auditEvents.id,
          before.map((r) => r.id),
        ),
      )
    expect(kept).toHaveLength(before.length)
    const tombstones = new Set(kept.map((r) => r.actorId))
    expect(tombstones.size).toBe(1)
    const [tombstone] = [...tombstones]
    expect(tombstone).toMatch(/^[0-9a-f-]{36}$/)
    const deletions = await db.select().from(auditEvents).where(eq(auditEvents.actorId, tombstone!))
    expect(deletions.map((d) => d.action)).toContain('account.deleted')
    // The business and its primary user are untouched.
    expect(await db.select().from(users).where(eq(users.id, account.id))).toHaveLength(1)
    // The acceptance stays the business's record, without the person.
    const acceptances = await db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.businessId, account.businessId))
    expect(acceptances.every((a) => a.userId !== member.account.id)).toBe(true)
  })

  it('the primary user must cancel first (409), then deletes the whole business', async () => {
    const { agent, account } = await owner('Okafor Airway Therapy')
    await acceptAllLegal(agent, 'Riley Okafor')
    const member = await memberOf(account.businessId)

    const early = await agent.post('/api/account/delete', {
      confirmBusinessName: 'Okafor Airway Therapy',
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/^Cancel your plan before deleting your account/)

    await agent.post('/api/subscription/cancel', { confirmBusinessName: 'Okafor Airway Therapy' })
    const res = await agent.post('/api/account/delete', {
      confirmBusinessName: 'okafor airway therapy',
    })
    expect(res.json()).toEqual({ success: true, data: { deleted: true, scope: 'business' } })
    expect(
      res.cookies.some(
        (c: { name: string; value: string }) => c.name === 'myodocs_session' && c.value === '',
      ),
    ).toBe(true)

    const db = t.database.db
    const ids = [account.id, member.account.id]
    expect(await db.select().from(users).where(inArray(users.id, ids))).toHaveLength(0)
    expect(
      await db.select().from(businesses).where(eq(businesses.id, account.businessId)),
    ).toHaveLength(0)
    expect(
      await db
        .select()
        .from(businessSubscriptions)
        .where(eq(businessSubscriptions.businessId, account.businessId)),
    ).toHaveLength(0)
    expect(
      await db
        .select()
        .from(legalAcceptances)
        .where(eq(legalAcceptances.businessId, account.businessId)),
    ).toHaveLength(0)
    const trail = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.businessId, account.businessId))
    expect(trail.length).toBeGreaterThan(3)
    expect(trail.some((e) => ids.includes(e.actorId ?? ''))).toBe(false)
    expect(trail.some((e) => e.action === 'account.deleted')).toBe(true)
    expect(JSON.stringify(trail)).not.toContain('Riley Okafor')
    expect(
      await db
        .select()
        .from(auditEvents)
        .where(or(...ids.map((id) => eq(auditEvents.actorId, id)))),
    ).toHaveLength(0)
    expect((await member.agent.get('/api/auth/me')).statusCode).toBe(401)
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401)
  })
})
