/** The profile tab's PUT /api/auth/profile: names, title and the phone rule. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, signIn } from '../../../test/factories'

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
