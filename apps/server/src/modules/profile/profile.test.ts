/**
 * The profile tab's calls: PUT /api/auth/profile (names, title, the §5 phone rule) and
 * POST /api/auth/change-password (current password, policy, the last 5, other sessions ended).
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

describe('PUT /api/auth/profile', () => {
  it('saves names, title and phone, and answers the user with the phone formatted', async () => {
    const { agent } = await signedIn()
    const res = await agent.put('/api/auth/profile', {
      firstName: ' Dana ',
      lastName: 'Reyes-Ortiz',
      therapistTitle: 'RDH, COM',
      therapistPhone: '1 (555) 222-3333',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.user).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reyes-Ortiz',
      therapistTitle: 'RDH, COM',
      therapistPhone: '(555) 222-3333',
    })
    expect((await agent.get('/api/auth/me')).json().data.user.lastName).toBe('Reyes-Ortiz')
  })

  it('refuses missing names and a bad phone with their messages', async () => {
    const { agent } = await signedIn()
    const res = await agent.put('/api/auth/profile', {
      firstName: '',
      lastName: 'Reyes',
      therapistTitle: '',
      therapistPhone: '555-12',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields).toEqual({
      firstName: 'First name is required',
      therapistPhone: 'Please enter a valid 10-digit US phone number',
    })
    expect((await t.agent().put('/api/auth/profile', {})).statusCode).toBe(403)
  })
})

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
