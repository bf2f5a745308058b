/** The profile tab's PUT /api/auth/profile: names, title, licence number and the phone rule. */
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

  it('saves the licence or credential number, keeps it when left out, clears it when empty', async () => {
    const { agent } = await signedIn()
    const base = {
      firstName: 'Dana',
      lastName: 'Reyes',
      therapistTitle: 'RDH',
      therapistPhone: '5552223333',
    }
    const saved = await agent.put('/api/auth/profile', { ...base, licenseNumber: ' OR RDH 12345 ' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.user.licenseNumber).toBe('OR RDH 12345')
    expect((await agent.put('/api/auth/profile', base)).json().data.user.licenseNumber).toBe(
      'OR RDH 12345',
    )
    expect((await agent.get('/api/auth/me')).json().data.user.licenseNumber).toBe('OR RDH 12345')
    const cleared = await agent.put('/api/auth/profile', { ...base, licenseNumber: '' })
    expect(cleared.json().data.user.licenseNumber).toBe('')
    const tooLong = await agent.put('/api/auth/profile', { ...base, licenseNumber: 'x'.repeat(51) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().fields).toEqual({
      licenseNumber: 'License / credential number must be at most 50 characters',
    })
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
