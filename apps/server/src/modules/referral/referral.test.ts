/** GET /api/referral/validate/{code}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { businessSubscriptions, referralCodes } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, signIn } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function referrer() {
  const account = await insertAccount(t.database.db, { businessName: 'Bright Smiles Myo' })
  const [row] = await t.database.db
    .select()
    .from(referralCodes)
    .where(eq(referralCodes.businessId, account.businessId))
  return { account, code: row!.code }
}

describe('GET /api/referral/validate/{code}', () => {
  it('names the referring business and the bonus, whatever the case', async () => {
    const { code } = await referrer()
    for (const c of [code, code.toLowerCase()]) {
      const res = await t.app.inject({ url: `/api/referral/validate/${c}` })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        success: true,
        data: {
          referringBusiness: { name: 'Bright Smiles Myo' },
          bonusMessage: 'One extra month free: your trial lasts 60 days.',
        },
      })
    }
  })

  it('answers 404 Invalid referral code for an unknown code', async () => {
    const res = await t.app.inject({ url: '/api/referral/validate/NOSUCHCODE' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Invalid referral code',
    })
  })

  it('answers 404 when the referring business is no longer a customer', async () => {
    const { account, code } = await referrer()
    await t.database.db
      .update(businessSubscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(businessSubscriptions.businessId, account.businessId))
    const res = await t.app.inject({ url: `/api/referral/validate/${code}` })
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /api/referral/code', () => {
  it("answers the signed-in business's code and link, which validates", async () => {
    const { account, code } = await referrer()
    const agent = t.agent()
    expect((await agent.get('/api/referral/code')).statusCode).toBe(401)
    await signIn(agent, account.email)
    const res = await agent.get('/api/referral/code')
    expect(res.json()).toEqual({
      success: true,
      data: { code, url: `${t.config.publicUrl}/invite-code?ref=${code}`, referralsUsed: 0 },
    })
  })
})
