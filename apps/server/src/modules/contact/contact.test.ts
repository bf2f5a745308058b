import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      rateLimits: { ...c.rateLimits, contact: { max: 3, windowMs: 60_000 } },
    }),
  })
})
afterAll(() => t.close())

const valid = {
  name: 'Dana Reyes',
  email: 'dana@clinic.test',
  subject: 'Question about team plans',
  message: 'Can three therapists share one Professional plan?',
}

// Each test comes from its own address so the per-IP limit is only hit where intended.
let ip = 10
const from = () => ({ remoteAddress: `203.0.113.${ip++}` })

describe('POST /api/contact', () => {
  it('delivers the message to SUPPORT_EMAIL with Reply-To set to the sender', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      ...from(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { sent: true } })
    const mail = await t.smtp.waitFor((m) => m.subject?.includes(valid.subject) ?? false)
    expect(mail.envelopeTo).toEqual([t.config.supportEmail])
    expect(mail.replyTo?.value[0]?.address).toBe(valid.email)
    expect(mail.text).toContain(valid.message)
  })

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-address' }, 'Email is invalid'],
    ['subject', { subject: '   ' }, 'Subject is required'],
    ['message', { message: undefined }, 'Message is required'],
    ['message', { message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('a bad %s is a 400 naming it', async (field, patch, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...valid, ...patch },
      ...from(),
    })
    expect(res.statusCode).toBe(400)
    const body = res.json<{ success: boolean; code: string; fields: Record<string, string> }>()
    expect(body.success).toBe(false)
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.fields[field]).toBe(message)
  })

  it('answers 502 with the spec text when the mail server fails, and keeps running', async () => {
    t.smtp.failNext(1)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      ...from(),
    })
    expect(res.statusCode).toBe(502)
    expect(res.json()).toEqual({
      success: false,
      code: 'MAIL_DELIVERY_FAILED',
      message: 'Failed to send message. Please try again later.',
    })
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      ...from(),
    })
    expect(again.statusCode).toBe(200)
  })

  it('limits each IP, answering 429 with Retry-After', async () => {
    const same = { remoteAddress: '198.51.100.7' }
    const statuses: number[] = []
    const answers = []
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: valid,
        ...same,
      })
      answers.push(res)
      statuses.push(res.statusCode)
    }
    const last = answers[3]!
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0)
    expect(last.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      ...from(),
    })
    expect(other.statusCode).toBe(200)
  })

  it('never logs the message body', async () => {
    const marker = 'Zqxj-contact-body-marker'
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...valid, message: marker },
      ...from(),
    })
    expect(t.logs()).not.toContain(marker)
  })
})
