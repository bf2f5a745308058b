/**
 * The waitlist: joining, repeats, the confirmation email, and the
 * operator inviting an entry (a one-use code by email).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { waitlistEntries } from '../../db/schema'
import { registerThroughMail } from '../../../test/mailed-links'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { registerPayload, uniqueEmail } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: { ...c.rateLimits, waitlistIp: { max: 3, windowMs: 60_000 } },
    }),
  })
})
afterAll(() => t.close())

let ip = 1
const join = (payload: object, remoteAddress = `203.0.113.${ip++}`) =>
  t.app.inject({ method: 'POST', url: '/api/waitlist', payload, remoteAddress })

const JOINED = "You're on the waitlist! We'll email you an invite code as soon as a spot opens."

describe('POST /api/waitlist', () => {
  it('adds the entry, answers success and message, and confirms by email', async () => {
    const email = uniqueEmail('wait')
    const res = await join({
      name: 'Sam Lee',
      businessName: 'Lee Myo',
      email,
      phoneNumber: '555 222 3333',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: JOINED, data: { message: JOINED } })
    const mail = await t.smtp.waitFor((m) => m.envelopeTo.includes(email))
    expect(mail.subject).toBe("You're on the MyoDocs waitlist")
    const list = await t.admin('GET', '/api/admin/waitlist')
    expect(list.json<{ data: { entries: unknown[] } }>().data.entries).toContainEqual(
      expect.objectContaining({
        name: 'Sam Lee',
        businessName: 'Lee Myo',
        email,
        phoneNumber: '(555) 222-3333',
        invitedAt: null,
      }),
    )
  })

  it('answers the same for a repeated email without a second entry or email', async () => {
    const email = uniqueEmail('again')
    expect((await join({ name: 'Ann', email })).statusCode).toBe(200)
    await t.smtp.waitFor((m) => m.envelopeTo.includes(email))
    const again = await join({ name: 'Ann B', email: email.toUpperCase() })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ success: true, message: JOINED })
    const rows = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(sql`lower(${waitlistEntries.email}) = ${email}`)
    expect(rows).toHaveLength(1)
    await new Promise((r) => setTimeout(r, 200))
    expect(t.smtp.messages.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1)
  })

  it.each([
    [{ email: 'a@b.test' }, 'name', 'Name is required'],
    [{ name: 'A' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'x' }, 'email', 'Email is invalid'],
    [
      { name: 'A', email: 'a@b.test', phoneNumber: '12' },
      'phoneNumber',
      'Please enter a valid 10-digit US phone number',
    ],
  ])('validates %j', async (payload, field, message) => {
    const res = await join(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ fields: { [field]: message } })
  })

  it('keeps the entry when the confirmation email fails', async () => {
    const email = uniqueEmail('nomail')
    t.smtp.failNext(1)
    expect((await join({ name: 'Kim', email })).statusCode).toBe(200)
    const rows = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(sql`lower(${waitlistEntries.email}) = ${email}`)
    expect(rows).toHaveLength(1)
  })

  it('limits each IP', async () => {
    const from = '192.0.2.55'
    const statuses = []
    for (let i = 0; i < 4; i++)
      statuses.push((await join({ name: 'X', email: uniqueEmail() }, from)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})

describe('POST /api/admin/waitlist/{id}/invite', () => {
  it('emails a one-use code that registers, and marks the entry invited', async () => {
    const email = uniqueEmail('invitee')
    await join({ name: 'Jo Park', email })
    const entries = (await t.admin('GET', '/api/admin/waitlist')).json<{
      data: { entries: Array<{ id: string; email: string; invitedAt: string | null }> }
    }>().data.entries
    const entry = entries.find((e) => e.email === email)!
    const res = await t.admin('POST', `/api/admin/waitlist/${entry.id}/invite`)
    expect(res.statusCode).toBe(200)
    const { code } = res.json<{ data: { code: string; email: string } }>().data
    const mail = await t.smtp.waitFor(
      (m) => m.envelopeTo.includes(email) && m.subject === 'Your MyoDocs invite code',
    )
    expect(mail.text).toContain(code)
    expect(mail.text).toContain(`${t.config.publicUrl}/invite-code?code=${code}`)

    const after = (await t.admin('GET', '/api/admin/waitlist')).json<{
      data: { entries: Array<{ id: string; invitedAt: string | null }> }
    }>().data.entries
    expect(after.find((e) => e.id === entry.id)!.invitedAt).not.toBeNull()

    const first = await registerThroughMail(t.agent(), t.smtp, registerPayload(code, { email }))
    expect(first.statusCode).toBe(200)
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registerPayload(code),
    })
    expect(second.json()).toMatchObject({ code: 'INVALID_INVITE_CODE' })
  })

  it('answers 404 for an unknown entry and 400 for a malformed id', async () => {
    expect(
      (await t.admin('POST', '/api/admin/waitlist/00000000-0000-4000-8000-000000000000/invite'))
        .statusCode,
    ).toBe(404)
    expect((await t.admin('POST', '/api/admin/waitlist/nope/invite')).statusCode).toBe(400)
  })
})
