import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_ADMIN_TOKEN } from '../../test/test-app'
import type { TestApp } from '../../test/test-app'
import { runCli } from './admin'
import { insertAccount, signIn, TEST_PASSWORD } from '../../test/factories'
import { totpCode } from '../../test/totp'

let t: TestApp
let url: string
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(() => t.close())

async function cli(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = []
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  try {
    const code = await runCli(args, env, (l) => out.push(l))
    return { code, out, err: err.mock.calls.map((c) => String(c[0])).join('') }
  } finally {
    err.mockRestore()
  }
}

describe('npm run admin', () => {
  it('pings the server with the token from ADMIN_TOKEN', async () => {
    const r = await cli(['ping'], { PUBLIC_URL: url, ADMIN_TOKEN: TEST_ADMIN_TOKEN })
    expect(r).toMatchObject({ code: 0, out: [`ok (database: ${t.database.kind})`] })
  })

  it('reads the token the server wrote into DATA_DIR', async () => {
    writeFileSync(path.join(t.dataDir, 'admin-token'), `${TEST_ADMIN_TOKEN}\n`)
    const r = await cli(['ping'], { PUBLIC_URL: url, DATA_DIR: t.dataDir })
    expect(r.code).toBe(0)
  })

  it('fails clearly with a wrong token, no server, or an unknown command', async () => {
    expect(await cli(['ping'], { PUBLIC_URL: url, ADMIN_TOKEN: 'x'.repeat(30) })).toMatchObject({
      code: 1,
      err: expect.stringContaining('A valid operator token is required.'),
    })
    expect(
      await cli(['ping'], { PUBLIC_URL: 'http://127.0.0.1:1', ADMIN_TOKEN: 'x' }),
    ).toMatchObject({
      code: 1,
      err: expect.stringContaining('Cannot reach the MyoDocs server'),
    })
    expect(await cli(['nope'], { PUBLIC_URL: url, ADMIN_TOKEN: 'x' })).toMatchObject({
      code: 1,
      err: expect.stringContaining('Usage: npm run admin'),
    })
  })

  it('invite-code create prints the code alone, and the code works', async () => {
    const env = { PUBLIC_URL: url, ADMIN_TOKEN: TEST_ADMIN_TOKEN }
    const r = await cli(['invite-code', 'create'], env)
    expect(r.code).toBe(0)
    expect(r.out).toHaveLength(1)
    expect(r.out[0]).toMatch(/^[A-Z2-9]{10}$/)
    const agent = t.agent()
    await agent.csrf()
    const valid = await agent.post('/api/auth/validate-invite-code', { inviteCode: r.out[0] })
    expect(valid.statusCode).toBe(200)

    const withOptions = await cli(
      ['invite-code', 'create', '--uses', '3', '--expires-days', '7', '--note', 'spring cohort'],
      env,
    )
    expect(withOptions.out).toHaveLength(1)
    const list = await cli(['invite-code', 'list'], env)
    const line = list.out.find((l) => l.startsWith(withOptions.out[0]!))
    expect(line).toMatch(/uses 0\/3 {2}expires \d{4}-\d{2}-\d{2} {2}spring cohort/)
  })

  it('invite-code create refuses a bad --uses without creating anything', async () => {
    const r = await cli(['invite-code', 'create', '--uses', 'many'], {
      PUBLIC_URL: url,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    })
    expect(r).toMatchObject({ code: 1, out: [], err: expect.stringContaining('--uses') })
  })

  it('waitlist list and waitlist invite <email>', async () => {
    const env = { PUBLIC_URL: url, ADMIN_TOKEN: TEST_ADMIN_TOKEN }
    const email = `cli-${Date.now()}@clinic.test`
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { name: 'Cli Person', email },
    })
    expect(joined.statusCode).toBe(200)
    const list = await cli(['waitlist', 'list'], env)
    expect(list.out.join('\n')).toMatch(new RegExp(`${email} {2}Cli Person .*not invited`))
    const invited = await cli(['waitlist', 'invite', email.toUpperCase()], env)
    expect(invited.code).toBe(0)
    expect(invited.out[0]).toMatch(new RegExp(`^invited ${email} with code [A-Z2-9]{10}$`))
    await t.smtp.waitFor(
      (m) => m.envelopeTo.includes(email) && m.subject === 'Your MyoDocs invite code',
    )
    const missing = await cli(['waitlist', 'invite', 'nobody@clinic.test'], env)
    expect(missing).toMatchObject({ code: 1, err: expect.stringContaining('not on the waitlist') })
  })

  it('two-step reset <email> lets a locked-out account holder in with the password again', async () => {
    const env = { PUBLIC_URL: url, ADMIN_TOKEN: TEST_ADMIN_TOKEN }
    const account = await insertAccount(t.database.db)
    const a = t.agent()
    await a.csrf()
    await signIn(a, account.email)
    const setup = await a.post('/api/auth/mfa/totp/setup')
    const { secret } = setup.json<{ data: { secret: string } }>().data
    const confirmed = await a.post('/api/auth/mfa/totp/confirm', {
      code: totpCode(secret, new Date()),
    })
    expect(confirmed.statusCode).toBe(200)
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: TEST_PASSWORD },
      })
    expect((await login()).json()).toMatchObject({ data: { mfaRequired: true } })

    const r = await cli(['two-step', 'reset', account.email], env)
    expect(r).toMatchObject({ code: 0 })
    expect(r.out[0]).toContain(account.email)
    expect((await login()).json()).toMatchObject({ data: { user: { id: account.id } } })
    expect((await a.get('/api/auth/me')).statusCode).toBe(401)
    expect(await cli(['two-step', 'reset', account.email], env)).toMatchObject({ code: 1 })
  })
})
