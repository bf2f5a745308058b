/**
 * Settings: all four at once, each GET/PUT, the email `settings` key,
 * partial saves, validation, practice-wide vs personal objects, and isolation between businesses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_EXERCISE_VIDEO_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PDF_PREFERENCES,
} from '@myodocs/shared/contracts/settings'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, insertMember, signIn } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function signedIn(businessId?: string) {
  const account = businessId
    ? await insertMember(t.database.db, businessId)
    : await insertAccount(t.database.db)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

describe('GET /api/settings', () => {
  it('answers the defaults when nothing was saved', async () => {
    const { agent } = await signedIn()
    const res = await agent.get('/api/settings')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: {
        pdf: DEFAULT_PDF_PREFERENCES,
        notifications: DEFAULT_NOTIFICATION_SETTINGS,
        email: DEFAULT_EMAIL_SETTINGS,
        exerciseVideos: DEFAULT_EXERCISE_VIDEO_SETTINGS,
      },
    })
    expect(res.json().data.pdf.autoDownload).toBe(true)
    expect(res.json().data.notifications.marketingEmails).toBe(false)
    expect(res.json().data.email.ccToSelf).toBe(false)
  })

  it('needs a signed-in user', async () => {
    expect((await t.agent().get('/api/settings')).statusCode).toBe(401)
  })
})

describe('each settings object', () => {
  it('PDF preferences: the defaults, a PUT of a change (partial), read back', async () => {
    const { agent } = await signedIn()
    expect((await agent.get('/api/settings')).json().data.pdf).toEqual(DEFAULT_PDF_PREFERENCES)
    const put = await agent.put('/api/settings/pdf', {
      autoDownload: false,
      includeWatermark: true,
    })
    expect(put.statusCode).toBe(200)
    const expected = { ...DEFAULT_PDF_PREFERENCES, autoDownload: false, includeWatermark: true }
    expect(put.json()).toEqual({ success: true, data: expected })
    expect((await agent.get('/api/settings')).json().data.pdf).toEqual(expected)
  })

  it('notification settings: the whole object saved and read back', async () => {
    const { agent } = await signedIn()
    const all = { ...DEFAULT_NOTIFICATION_SETTINGS, marketingEmails: true, usageAlerts: false }
    expect((await agent.put('/api/settings/notifications', all)).json().data).toEqual(all)
    expect((await agent.get('/api/settings')).json().data.notifications).toEqual(all)
  })

  it('email settings travel under the key `settings` both ways', async () => {
    const { agent } = await signedIn()
    expect((await agent.get('/api/settings')).json().data.email).toEqual(DEFAULT_EMAIL_SETTINGS)
    const settings = {
      defaultProvider: 'gmail',
      defaultFromName: 'Dana at Bright Smiles',
      defaultSignature: 'Dana Reyes, RDH\n(555) 123-4567',
      ccToSelf: true,
    }
    const put = await agent.put('/api/settings/email', { settings })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ success: true, data: { settings } })
    expect((await agent.get('/api/settings')).json().data.email).toEqual(settings)
    // A body without the key is refused, not silently ignored.
    expect((await agent.put('/api/settings/email', settings)).statusCode).toBe(400)
  })

  it('exercise demo videos: https links only', async () => {
    const { agent } = await signedIn()
    const links = { tongue_clicks: 'https://videos.example.com/clicks' }
    expect((await agent.put('/api/settings/exercise-videos', { links })).json().data).toEqual({
      links,
    })
    const bad = await agent.put('/api/settings/exercise-videos', {
      links: { tongue_clicks: 'http://videos.example.com/clicks' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Only https:// links are allowed')
    expect((await agent.get('/api/settings/exercise-videos')).json().data).toEqual({ links })
  })

  it('refuses a wrong type with a field message', async () => {
    const { agent } = await signedIn()
    const res = await agent.put('/api/settings/pdf', { pdfSaveLocation: 'cloud' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { pdfSaveLocation: expect.any(String) },
    })
    const long = await agent.put('/api/settings/email', {
      settings: { defaultFromName: 'x'.repeat(101) },
    })
    expect(long.json().fields).toEqual({
      'settings.defaultFromName': 'From name must be at most 100 characters',
    })
  })
})

describe('who shares which settings', () => {
  it('PDF preferences and videos are the practice’s; notifications and email are each person’s', async () => {
    const owner = await signedIn()
    const member = await signedIn(owner.account.businessId)
    await owner.agent.put('/api/settings/pdf', { savePdfCopies: true })
    await owner.agent.put('/api/settings/notifications', { systemUpdates: false })
    await owner.agent.put('/api/settings/email', { settings: { ccToSelf: true } })

    const seen = (await member.agent.get('/api/settings')).json().data
    expect(seen.pdf.savePdfCopies).toBe(true)
    expect(seen.notifications).toEqual(DEFAULT_NOTIFICATION_SETTINGS)
    expect(seen.email).toEqual(DEFAULT_EMAIL_SETTINGS)

    await member.agent.put('/api/settings/pdf', { autoDownload: false })
    expect((await owner.agent.get('/api/settings')).json().data.pdf.autoDownload).toBe(false)
  })

  it("another business never reads or writes this business's settings", async () => {
    const a = await signedIn()
    const b = await signedIn()
    await a.agent.put('/api/settings/pdf', { includeWatermark: true })
    await a.agent.put('/api/settings/exercise-videos', {
      links: { lip_pops: 'https://a.example.com/v' },
    })
    expect((await b.agent.get('/api/settings')).json().data).toMatchObject({
      pdf: DEFAULT_PDF_PREFERENCES,
      exerciseVideos: DEFAULT_EXERCISE_VIDEO_SETTINGS,
    })
    await b.agent.put('/api/settings/pdf', { includeWatermark: false, autoDownload: false })
    expect((await a.agent.get('/api/settings')).json().data.pdf).toMatchObject({
      includeWatermark: true,
      autoDownload: true,
    })
  })
})
