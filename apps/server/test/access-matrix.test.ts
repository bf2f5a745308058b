/**
 * Who may call what, from the API table (packages/shared/src/api/table.ts: each call's `access`),
 * walking every route of the OpenAPI document so a route registered outside the table cannot
 * escape it:
 * - every call of the table is served;
 * - signed out, every route answers 401 unless the table says it is public;
 *   a body that fails its schema may answer 400 first (Fastify validates before the session
 *   check), which serves nothing either;
 * - every route that takes an id is in ID_ROUTES, and another business's primary user calling it
 *   with the first business's real ids gets 404 (never 403: an id of another business does not
 *   exist for them), while the first business still reads what it owns.
 * - a member calling an account holder's call gets 403 with the one text for it;
 * A route missing from both lists fails the suite; the table prints.
 */
import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callKey } from '@myodocs/shared/api/define'
import { API_TABLE } from '@myodocs/shared/api/table'
import { PRIMARY_USER_ACCESS_REQUIRED } from '@myodocs/shared/constants/team-messages'
import {
  businessLogos,
  customExercises,
  passkeys,
  providers,
  smtpAccounts,
  teamInvitations,
  usageAlerts,
} from '../src/db/schema'
import { sealSecret } from '../src/lib/crypto'
import { createTestApp } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import {
  acceptAllLegal,
  insertAccount,
  insertMember,
  setPlan,
  signIn,
  uniqueEmail,
} from './factories'

type OpenApi = { paths: Record<string, Record<string, unknown>> }

/** Calls a signed-out caller may reach (their own checks apply: tokens, codes, signatures). */
const PUBLIC = new Set(API_TABLE.filter((c) => c.access === 'public').map(callKey))

type Ids = {
  member: string
  invitation: string
  smtp: string
  baa: string
  logoHash: string
  alert: string
  passkey: string
  provider: string
  customExercise: string
}
const smtpBody = {
  name: 'Practice mailbox',
  smtpHost: 'mail.clinic.test',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: 'doc',
  smtpPassword: 'Secret-password-1',
  fromAddress: 'doc@clinic.test',
}

/** Every route taking an id of a business's own data: the id to use, and a body that validates. */
const ID_ROUTES: Record<string, { id: (ids: Ids) => string; body?: unknown }> = {
  'GET /api/business/logo/{hash}': { id: (i) => i.logoHash },
  'GET /api/legal/baa/download/{id}': { id: (i) => i.baa },
  'PUT /api/email/smtp-config/{id}': { id: (i) => i.smtp, body: smtpBody },
  'DELETE /api/email/smtp-config/{id}': { id: (i) => i.smtp },
  'PUT /api/email/smtp-config/{id}/default': { id: (i) => i.smtp },
  'POST /api/email/smtp-config/{id}/test': { id: (i) => i.smtp },
  'POST /api/team/invite/{id}/resend': { id: (i) => i.invitation },
  'POST /api/analytics/alerts/{alertId}/dismiss': { id: (i) => i.alert },
  'DELETE /api/team/invite/{id}': { id: (i) => i.invitation },
  'PUT /api/team/{id}/deactivate': { id: (i) => i.member },
  'PUT /api/team/{id}/reactivate': { id: (i) => i.member },
  'POST /api/team/{id}/reset-password': { id: (i) => i.member },
  'DELETE /api/team/{id}': { id: (i) => i.member },
  'POST /api/team/{id}/reset-two-step': { id: (i) => i.member },
  'DELETE /api/auth/passkeys/{id}': { id: (i) => i.passkey },
  'PUT /api/providers/{id}': {
    id: (i) => i.provider,
    body: { name: 'Dana Reyes', specialty: 'orthodontist' },
  },
  'DELETE /api/providers/{id}': { id: (i) => i.provider },
  'PUT /api/custom-exercises/{id}': {
    id: (i) => i.customExercise,
    body: { name: 'Straw whistle', categoryId: 'lip_cheek', steps: ['Blow gently.'], minutes: 2 },
  },
  'DELETE /api/custom-exercises/{id}': { id: (i) => i.customExercise },
}

let t: TestApp
let routes: Array<{ key: string; method: string; path: string }>
beforeAll(async () => {
  t = await createTestApp()
  const doc = t.app.swagger() as unknown as OpenApi
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({
      key: `${m.toUpperCase()} ${path}`,
      method: m.toUpperCase(),
      path,
    })),
  )
})
afterAll(() => t.close())

async function owner(): Promise<{ agent: TestAgent; businessId: string; userId: string }> {
  const account = await insertAccount(t.database.db)
  await setPlan(t.database.db, account.businessId, 'premium')
  const agent = t.agent()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
  return { agent, businessId: account.businessId, userId: account.id }
}

/** Real ids of one business's data, inserted directly. */
async function idsOf(a: { agent: TestAgent; businessId: string; userId: string }): Promise<Ids> {
  const db = t.database.db
  const member = await insertMember(db, a.businessId)
  const [invitation] = await db
    .insert(teamInvitations)
    .values({
      businessId: a.businessId,
      email: uniqueEmail('invited'),
      firstName: 'Jo',
      lastName: 'Park',
      tokenHash: createHash('sha256').update(randomUUID()).digest('hex'),
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: teamInvitations.id })
  const smtp = randomUUID()
  await db.insert(smtpAccounts).values({
    id: smtp,
    userId: a.userId,
    name: 'Mailbox',
    smtpHost: 'mail.clinic.test',
    smtpPort: 587,
    smtpSecurity: 'starttls',
    smtpUser: 'doc',
    smtpPasswordSealed: sealSecret(t.config.appSecret, 'pw', {
      table: 'smtp_accounts',
      column: 'smtp_password_sealed',
      rowId: smtp,
    }),
    fromAddress: 'doc@clinic.test',
  })
  const logoHash = createHash('sha256').update(a.businessId).digest('hex').slice(0, 16)
  await db.insert(businessLogos).values({
    businessId: a.businessId,
    data: Buffer.from('png'),
    mime: 'image/png',
    width: 1,
    height: 1,
    hash: logoHash,
  })
  const baa = (await a.agent.get('/api/legal/baa/status')).json<{ data: { id: string } }>().data.id
  const [alert] = await db
    .insert(usageAlerts)
    .values({
      businessId: a.businessId,
      scope: 'business',
      period: new Date().toISOString().slice(0, 7),
      threshold: 80,
      createdAt: new Date(),
    })
    .returning({ id: usageAlerts.id })
  const [passkey] = await db
    .insert(passkeys)
    .values({
      userId: a.userId,
      credentialId: randomUUID(),
      publicKey: Buffer.from('not a real key'),
      name: 'Work laptop',
    })
    .returning({ id: passkeys.id })
  const [provider] = await db
    .insert(providers)
    .values({ businessId: a.businessId, name: 'Dana Reyes', specialty: 'orthodontist' })
    .returning({ id: providers.id })
  const [customExercise] = await db
    .insert(customExercises)
    .values({
      businessId: a.businessId,
      name: 'Straw whistle',
      categoryId: 'lip_cheek',
      steps: ['Blow gently.'],
      minutes: 2,
    })
    .returning({ id: customExercises.id })
  return {
    customExercise: customExercise!.id,
    member: member.id,
    invitation: invitation!.id,
    smtp,
    baa,
    logoHash,
    alert: alert!.id,
    passkey: passkey!.id,
    provider: provider!.id,
  }
}

describe('the access matrix', () => {
  it('every call of the API table is served', () => {
    const served = new Set(routes.map((r) => r.key))
    expect(API_TABLE.map(callKey).filter((key) => !served.has(key))).toEqual([])
  })

  it("a member calling an account holder's call gets 403 with the one text for it", async () => {
    const a = await owner()
    const member = await insertMember(t.database.db, a.businessId)
    const agent = t.agent()
    await signIn(agent, member.email)
    const table: string[] = []
    const wrong: string[] = []
    for (const call of API_TABLE.filter((c) => c.access === 'primaryUser')) {
      const url = call.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')
      const res = await agent.request({ method: call.method, url, payload: {} })
      table.push(`${callKey(call)}: member ${res.statusCode}`)
      const body = res.json<{ code: string; message: string }>()
      // A body failing its schema is refused before any guard (see above), serving nothing.
      if (res.statusCode === 400 && body.code === 'VALIDATION_ERROR') continue
      if (res.statusCode !== 403 || body.message !== PRIMARY_USER_ACCESS_REQUIRED)
        wrong.push(`${callKey(call)}: ${res.statusCode} ${res.body.slice(0, 120)}`)
    }
    process.stdout.write(`member (${table.length} calls):\n  ${table.join('\n  ')}\n`)
    expect(wrong).toEqual([])
  })

  it('signed out: every route but the public ones answers 401', async () => {
    const anonymous = t.agent()
    await anonymous.csrf()
    const table: string[] = []
    const wrong: string[] = []
    for (const r of routes) {
      if (PUBLIC.has(r.key) || r.path.startsWith('/api/admin')) continue
      const url = r.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
      const res = await anonymous.request({ method: r.method, url, payload: {} })
      table.push(`${r.key}: ${res.statusCode}`)
      const refusedEarly =
        res.statusCode === 400 && res.json<{ code: string }>().code === 'VALIDATION_ERROR'
      if (res.statusCode !== 401 && !refusedEarly)
        wrong.push(`${r.key}: ${res.statusCode} ${res.body.slice(0, 120)}`)
    }
    process.stdout.write(`signed out (${table.length} routes):\n  ${table.join('\n  ')}\n`)
    expect(wrong).toEqual([])
    expect(table.length).toBeGreaterThan(30)
  })

  it('every route taking an id is in the table, and another business gets 404 for our ids', async () => {
    const untabled = routes
      .filter((r) => r.path.includes('{') && !PUBLIC.has(r.key) && !r.path.startsWith('/api/admin'))
      .filter((r) => !ID_ROUTES[r.key])
      .map((r) => r.key)
    expect(untabled, 'add these routes to ID_ROUTES or PUBLIC').toEqual([])

    const a = await owner()
    const ids = await idsOf(a)
    const other = await owner()
    const table: string[] = []
    const wrong: string[] = []
    for (const [key, row] of Object.entries(ID_ROUTES)) {
      const [method, path] = key.split(' ') as [string, string]
      const url = path.replace(/\{[^}]+\}/, row.id(ids))
      const res = await other.agent.request({ method, url, payload: row.body ?? {} })
      table.push(`${key}: other business ${res.statusCode}`)
      if (res.statusCode !== 404) wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`)
    }
    process.stdout.write(`cross-tenant (${table.length} routes):\n  ${table.join('\n  ')}\n`)
    expect(wrong).toEqual([])
    // The ids are real: their owner reaches them.
    expect((await a.agent.get(`/api/business/logo/${ids.logoHash}`)).statusCode).toBe(200)
    expect((await a.agent.get(`/api/legal/baa/download/${ids.baa}`)).statusCode).toBe(200)
    const book = (await a.agent.get('/api/providers')).json<{ data: { providers: unknown[] } }>()
    expect(book.data.providers).toHaveLength(1)
  })
})
