/**
 * The profile tab's POST /api/auth/change-password: the current password, the policy, the last 5,
 * and other sessions ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { TEST_PASSWORD, insertAccount, signIn } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function signedIn() {
  const account = await insertAccount(t.database.db)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

describe('POST /api/auth/change-password', () => {
  const NEW = 'Zt5&Pk3@Wm7!Hq'

  it('changes the password; other sessions end, this one continues; the drafts key stays', async () => {
    const { agent, account } = await signedIn()
    const other = t.agent()
    await signIn(other, account.email)
    const keyBefore = (await agent.get('/api/auth/draft-key')).json().data

    const res = await agent.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { changed: true } })
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
    expect((await other.get('/api/auth/me')).json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    expect((await agent.get('/api/auth/draft-key')).json().data).toEqual(keyBefore)

    await expect(signIn(t.agent(), account.email)).rejects.toThrow(/401/)
    await signIn(t.agent(), account.email, NEW)
  })

  it('refuses a wrong current password on its field, then rate-limits', async () => {
    const { agent, account } = await signedIn()
    const wrong = await agent.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: NEW,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' })
    for (let i = 0; i < 4; i++)
      await agent.post('/api/auth/change-password', { currentPassword: 'x', newPassword: NEW })
    const limited = await agent.post('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: NEW,
    })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    // The password did not change.
    await signIn(t.agent(), account.email)
  })

  it('refuses a weak password and any of the last 5', async () => {
    const { agent } = await signedIn()
    const weak = await agent.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'password1234',
    })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().fields).toEqual({
      newPassword: 'Password does not meet security requirements',
    })

    const same = await agent.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    })
    expect(same.json().fields).toEqual({
      newPassword: 'Please choose a password you have not used recently.',
    })

    await agent.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW,
    })
    const back = await agent.post('/api/auth/change-password', {
      currentPassword: NEW,
      newPassword: TEST_PASSWORD,
    })
    expect(back.statusCode).toBe(400)
    expect(back.json().fields.newPassword).toBe(
      'Please choose a password you have not used recently.',
    )
  })
})
