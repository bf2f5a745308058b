/**
 * Passkeys through the API with a software authenticator (test/software-authenticator.ts) and the
 * server's real WebAuthn verification: registration, sign-in with a passkey alone (discoverable,
 * user verification required), the passkey as the second step after the password, a replayed or
 * foreign assertion refused, the list and removal (docs/product/accounts.md#two-step-sign-in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { passkeys } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { insertAccount, TEST_PASSWORD } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'
import { SoftwareAuthenticator } from '../../../test/software-authenticator'

let t: TestApp
let origin: string
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: { ...c.rateLimits, authIp: { max: 1_000, windowMs: 60_000 } },
    }),
  })
  origin = new URL(t.config.publicUrl).origin
})
afterAll(() => t.close())

type Json = Record<string, unknown>
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: Json }>().data

async function browser(): Promise<TestAgent> {
  const a = t.agent()
  await a.csrf()
  return a
}

const passwordStep = (a: TestAgent, account: TestAccount) =>
  a.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD })

/** Registers a passkey of `device` for a signed-in browser; answers the verify call's data. */
async function register(a: TestAgent, device: SoftwareAuthenticator, name?: string) {
  const opts = await a.post('/api/auth/passkeys/registration/options')
  expect(opts.statusCode, opts.body).toBe(200)
  const options = dataOf(opts).options as Json
  const res = await a.post('/api/auth/passkeys/registration/verify', {
    ...(name ? { name } : {}),
    response: device.register(options),
  })
  expect(res.statusCode, res.body).toBe(200)
  return dataOf(res) as { passkey: { id: string; name: string }; recoveryCodes?: string[] }
}

/** A signed-in account with one passkey on `device`. */
async function withPasskey() {
  const account = await insertAccount(t.database.db)
  const a = await browser()
  await passwordStep(a, account)
  const device = new SoftwareAuthenticator(origin)
  const registered = await register(a, device, 'Work laptop')
  return { account, agent: a, device, registered }
}

async function passkeySignIn(a: TestAgent, device: SoftwareAuthenticator) {
  const opts = await a.post('/api/auth/passkeys/authentication/options')
  expect(opts.statusCode, opts.body).toBe(200)
  const options = dataOf(opts).options as Json
  const response = device.authenticate(options)
  return { res: await a.post('/api/auth/passkeys/authentication/verify', { response }), response }
}

describe('passkeys', () => {
  it('registers a named passkey for this site; the first one answers ten recovery codes', async () => {
    const account = await insertAccount(t.database.db)
    const a = await browser()
    await passwordStep(a, account)
    const opts = dataOf(await a.post('/api/auth/passkeys/registration/options')).options as Json
    expect(opts.rp).toMatchObject({ id: new URL(origin).hostname, name: 'MyoDocs' })
    expect(opts.authenticatorSelection).toMatchObject({ residentKey: 'required' })
    // The user handle a passkey keeps is our user id, never the email.
    expect(Buffer.from((opts.user as { id: string }).id, 'base64url').toString()).toBe(account.id)

    const device = new SoftwareAuthenticator(origin)
    const first = await register(a, device, 'Work laptop')
    expect(first.passkey.name).toBe('Work laptop')
    expect(first.recoveryCodes).toHaveLength(10)
    const second = await register(a, device)
    expect(second.passkey.name).toBe('Passkey 2')
    expect(second.recoveryCodes).toBeUndefined()

    const list = dataOf(await a.get('/api/auth/passkeys')).passkeys as Json[]
    expect(list.map((k) => k.name)).toEqual(['Work laptop', 'Passkey 2'])
    expect(list[0]).toMatchObject({ lastUsedAt: null })
  })

  it('a registration answered for another origin is refused', async () => {
    const account = await insertAccount(t.database.db)
    const a = await browser()
    await passwordStep(a, account)
    const options = dataOf(await a.post('/api/auth/passkeys/registration/options')).options as Json
    const phishing = new SoftwareAuthenticator('https://myodocs.example.net')
    const res = await a.post('/api/auth/passkeys/registration/verify', {
      response: phishing.register(options),
    })
    expect(res.statusCode).toBe(400)
  })

  it('signs in with a passkey alone (discoverable); its last use is recorded', async () => {
    const { account, device } = await withPasskey()
    const b = await browser()
    const { res } = await passkeySignIn(b, device)
    expect(res.statusCode, res.body).toBe(200)
    expect((dataOf(res).user as Json).id).toBe(account.id)
    expect(b.cookie('myodocs_session')).toBeDefined()
    expect((await b.get('/api/auth/me')).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, account.id))
    expect(row!.lastUsedAt).not.toBeNull()
    expect(row!.counter).toBe(1)
  })

  it('refuses a replayed assertion and one without user verification when alone', async () => {
    const { device } = await withPasskey()
    const b = await browser()
    const { response } = await passkeySignIn(b, device)
    const c = await browser()
    await c.post('/api/auth/passkeys/authentication/options')
    const replay = await c.post('/api/auth/passkeys/authentication/verify', { response })
    expect(replay.statusCode).toBe(401)

    device.userVerification = false
    const d = await browser()
    const { res } = await passkeySignIn(d, device)
    expect(res.statusCode).toBe(401)
    expect(d.cookie('myodocs_session')).toBeUndefined()
  })

  it('is the second step after the password; a passkey of another account is refused', async () => {
    const { account, device } = await withPasskey()
    const stranger = await withPasskey()
    const a = await browser()
    const first = await passwordStep(a, account)
    expect(dataOf(first)).toEqual({ mfaRequired: true, methods: ['passkey', 'recovery'] })
    expect(a.cookie('myodocs_session')).toBeUndefined()

    const options = dataOf(await a.post('/api/auth/passkeys/authentication/options'))
      .options as Json
    expect((options.allowCredentials as Json[]).length).toBe(1)
    const foreign = await a.post('/api/auth/passkeys/authentication/verify', {
      response: stranger.device.authenticate(options, stranger.device.credentials[0]),
    })
    expect(foreign.statusCode).toBe(401)
    expect(a.cookie('myodocs_session')).toBeUndefined()

    const own = await a.post('/api/auth/passkeys/authentication/verify', {
      response: device.authenticate(options),
    })
    expect(own.statusCode, own.body).toBe(200)
    expect((dataOf(own).user as Json).id).toBe(account.id)
  })

  it('removes only your own passkey; with none left the password alone signs in again', async () => {
    const { account, agent, registered } = await withPasskey()
    const other = await withPasskey()
    const foreign = await other.agent.delete(`/api/auth/passkeys/${registered.passkey.id}`)
    expect(foreign.statusCode).toBe(404)
    const res = await agent.delete(`/api/auth/passkeys/${registered.passkey.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(dataOf(await agent.get('/api/auth/mfa'))).toMatchObject({
      passkeys: [],
      recoveryCodesRemaining: 0,
    })
    const a = await browser()
    expect(dataOf(await passwordStep(a, account)).user).toBeDefined()
  })
})
