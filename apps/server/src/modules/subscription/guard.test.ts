import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessSubscriptions } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount } from '../../../test/factories'
import { signedInTestContext } from '../../../test/test-context'
import { assertPdfAllowed, reservePdf } from './guard'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const now = new Date('2026-11-21T12:00:00Z')

/** Each business's primary user: PDFs are counted for the user too. */
const primaryOf = new Map<string, string>()

async function business(set: Partial<typeof businessSubscriptions.$inferInsert> = {}) {
  const account = await insertAccount(t.database.db, { now })
  if (Object.keys(set).length) {
    await t.database.db
      .update(businessSubscriptions)
      .set(set)
      .where(eq(businessSubscriptions.businessId, account.businessId))
  }
  primaryOf.set(account.businessId, account.id)
  return account.businessId
}

/** A call by the business's primary user at `now`. */
const as = (businessId: string) =>
  signedInTestContext(
    t.database.db,
    { id: primaryOf.get(businessId)!, businessId, isPrimaryUser: true },
    { now: () => now },
  )

const count = async (businessId: string) =>
  (
    await t.database.db
      .select()
      .from(businessSubscriptions)
      .where(eq(businessSubscriptions.businessId, businessId))
  )[0]!

describe('the PDF guard', () => {
  it('takes one PDF per call and gives it back on release', async () => {
    const b = await business()
    const r = await reservePdf(as(b))
    expect(await count(b)).toMatchObject({ monthlyPdfGenerated: 1, monthlyPdfPeriod: '2026-11' })
    await r.release()
    await r.release()
    expect((await count(b)).monthlyPdfGenerated).toBe(0)
  })

  it('refuses at the limit with 403 USAGE_LIMIT_EXCEEDED', async () => {
    const b = await business({ monthlyPdfGenerated: 150, monthlyPdfPeriod: '2026-11' })
    await expect(reservePdf(as(b))).rejects.toMatchObject({
      status: 403,
      code: 'USAGE_LIMIT_EXCEEDED',
    })
    await expect(assertPdfAllowed(as(b))).rejects.toMatchObject({
      code: 'USAGE_LIMIT_EXCEEDED',
    })
  })

  it('starts a new month from zero', async () => {
    const b = await business({ monthlyPdfGenerated: 150, monthlyPdfPeriod: '2026-10' })
    await reservePdf(as(b))
    expect(await count(b)).toMatchObject({ monthlyPdfGenerated: 1, monthlyPdfPeriod: '2026-11' })
  })

  it('refuses an expired trial and a cancelled plan with 403 TRIAL_EXPIRED', async () => {
    const over = await business({ trialEnd: new Date(now.getTime() - 1000) })
    await expect(reservePdf(as(over))).rejects.toMatchObject({
      status: 403,
      code: 'TRIAL_EXPIRED',
    })
    const cancelled = await business({ status: 'cancelled', cancelledAt: now })
    await expect(reservePdf(as(cancelled))).rejects.toMatchObject({
      code: 'TRIAL_EXPIRED',
    })
    expect((await count(over)).monthlyPdfGenerated).toBe(0)
  })

  it('never exceeds the limit under concurrency: 10 racing for the last PDF, exactly one wins', async () => {
    const b = await business({ monthlyPdfGenerated: 149, monthlyPdfPeriod: '2026-11' })
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => reservePdf(as(b))))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'USAGE_LIMIT_EXCEEDED' })
    }
    expect((await count(b)).monthlyPdfGenerated).toBe(150)
  })

  it('lets premium go on past any count', async () => {
    const b = await business({
      planType: 'premium',
      status: 'active',
      monthlyPdfGenerated: 10_000,
      monthlyPdfPeriod: '2026-11',
    })
    await expect(reservePdf(as(b))).resolves.toBeDefined()
  })
})
