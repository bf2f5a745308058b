/**
 * The PDF count and its usage event are one write (docs/product/analytics.md): while a render is
 * in flight both are there, so a server killed mid-render leaves no count without its event; a
 * render that fails takes both back. The render pool is a stand-in the test holds and releases.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { queryRows } from '../src/db/client'
import { businessSubscriptions } from '../src/db/schema'
import { renderPoolBusy } from '../src/modules/documents'
import type { RenderPool } from '../src/modules/documents'
import { acceptAllLegal, insertAccount, signIn } from './factories'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'

/** Renders wait until the test settles them. */
const waiting: Array<{ resolve: (pdf: Buffer) => void; reject: (err: Error) => void }> = []
const pool = {
  threads: 1,
  maxQueue: 10,
  get pending() {
    return waiting.length
  },
  get waiting() {
    return Math.max(0, waiting.length - 1)
  },
  refuse: () => renderPoolBusy(),
  observe: () => () => {},
  run: () =>
    new Promise<Buffer>((resolve, reject) => {
      waiting.push({ resolve, reject })
    }),
  admit: () => () => {},
  queueBytes: Infinity,
  bytesInFlight: 0,
  threadsStarted: 0,
  start: () => {},
  warmUp: () => Promise.resolve(),
  close: () => Promise.resolve(),
} satisfies RenderPool

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ renderPool: pool })
})
afterAll(() => t.close())

async function counted(businessId: string) {
  const [row] = await t.database.db
    .select({ n: businessSubscriptions.monthlyPdfGenerated })
    .from(businessSubscriptions)
    .where(eq(businessSubscriptions.businessId, businessId))
  const [events] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pdf_usage_events where business_id = ${businessId}`,
  )
  return { count: row!.n, events: events!.n }
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 10))
}

describe('a PDF in flight', () => {
  it('is counted together with its usage event; a failed render takes both back', async () => {
    const account = await insertAccount(t.database.db)
    const agent = t.agent()
    await signIn(agent, account.email)
    await acceptAllLegal(agent)

    const failing = agent.post('/api/documents/exercise', exerciseProgram())
    await until(() => waiting.length === 1)
    // What a kill -9 at this moment would leave behind.
    expect(await counted(account.businessId)).toEqual({ count: 1, events: 1 })
    waiting.shift()!.reject(new Error('render crashed'))
    expect((await failing).statusCode).toBe(500)
    expect(await counted(account.businessId)).toEqual({ count: 0, events: 0 })

    const rendered = agent.post('/api/documents/exercise', exerciseProgram())
    await until(() => waiting.length === 1)
    waiting.shift()!.resolve(Buffer.from('%PDF-1.7\n'))
    expect((await rendered).statusCode).toBe(200)
    expect(await counted(account.businessId)).toEqual({ count: 1, events: 1 })
  })
})
