/**
 * The business profile and logo (docs/product/validation.md#business-profile, #logo): primary
 * user only, the phone rule, logo plan gating, type/size/SVG checks, the
 * cache-friendly logo address, and isolation between businesses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { PRIMARY_USER_ACCESS_REQUIRED } from '@myodocs/shared/constants/team-messages'
import {
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_UNSAFE_SVG,
  LOGO_UNSUPPORTED_FORMAT,
  LOGO_UPGRADE_REQUIRED,
} from '@myodocs/shared/contracts/business'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import {
  insertAccount,
  insertMember,
  multipartFile,
  pngImage,
  setPlan,
  signIn,
  uploadLogo,
} from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function owner(plan: 'essential' | 'professional' | 'premium' = 'professional') {
  const account = await insertAccount(t.database.db, { businessName: 'Bright Smiles Myo' })
  await setPlan(t.database.db, account.businessId, plan)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

type Profile = { logoUrl: string; logoWidth: number | null; logoHeight: number | null }
/** The profile a logo call answered. */
const profileOf = (res: { json: <T>() => T }) => res.json<{ data: Profile }>().data

describe('GET and PUT /api/business', () => {
  it('answers the profile: the registered name, empty address and phone, incomplete', async () => {
    const { agent, account } = await owner()
    const res = await agent.get('/api/business')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: {
        id: account.businessId,
        name: 'Bright Smiles Myo',
        address: '',
        phone: '',
        email: '',
        fax: '',
        logoUrl: null,
        logoWidth: null,
        logoHeight: null,
        profileComplete: false,
      },
    })
  })

  it('saves name, address and phone (formatted), and reports a complete profile', async () => {
    const { agent } = await owner()
    const res = await agent.put('/api/business', {
      name: 'Bright Smiles Myofunctional',
      address: '12 Main St, Springfield, IL 62701',
      phone: '555.123.4567',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      name: 'Bright Smiles Myofunctional',
      address: '12 Main St, Springfield, IL 62701',
      phone: '(555) 123-4567',
      profileComplete: true,
    })
    expect((await agent.get('/api/business')).json().data.phone).toBe('(555) 123-4567')
  })

  it('refuses a bad phone with its message and an empty name', async () => {
    const { agent } = await owner()
    const phone = await agent.put('/api/business', { name: 'X', address: '', phone: '12345' })
    expect(phone.statusCode).toBe(400)
    expect(phone.json().fields).toEqual({ phone: 'Please enter a valid 10-digit US phone number' })
    const name = await agent.put('/api/business', { name: ' ', address: '', phone: '' })
    expect(name.json().fields).toEqual({ name: 'Business name is required' })
  })

  it('saves the practice email and fax (formatted), keeps them when left out, clears them when empty', async () => {
    const { agent } = await owner()
    const base = { name: 'Bright Smiles Myo', address: '', phone: '' }
    const res = await agent.put('/api/business', {
      ...base,
      email: ' Office@BrightSmiles.example ',
      fax: '503.555.0143',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      email: 'Office@BrightSmiles.example',
      fax: '(503) 555-0143',
    })
    expect((await agent.put('/api/business', base)).json().data).toMatchObject({
      email: 'Office@BrightSmiles.example',
      fax: '(503) 555-0143',
    })
    const cleared = await agent.put('/api/business', { ...base, email: '', fax: '' })
    expect(cleared.json().data).toMatchObject({ email: '', fax: '' })
    expect((await agent.get('/api/business')).json().data).toMatchObject({ email: '', fax: '' })
  })

  it('refuses a practice email that is not an email and a fax that is not a US number', async () => {
    const { agent } = await owner()
    const res = await agent.put('/api/business', {
      name: 'X',
      address: '',
      phone: '',
      email: 'office at example',
      fax: '555-01',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields).toEqual({
      email: 'Email is invalid',
      fax: 'Please enter a valid 10-digit US phone number',
    })
  })

  it('a team member can neither load nor edit the business profile (403)', async () => {
    const { account } = await owner()
    const member = await insertMember(t.database.db, account.businessId)
    const agent = t.agent()
    await signIn(agent, member.email)
    const get = await agent.get('/api/business')
    expect(get.statusCode).toBe(403)
    expect(get.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: PRIMARY_USER_ACCESS_REQUIRED,
    })
    const put = await agent.put('/api/business', { name: 'Taken over', address: '', phone: '' })
    expect(put.statusCode).toBe(403)
    expect((await uploadLogo(agent, await pngImage())).statusCode).toBe(403)
    expect((await agent.delete('/api/business/logo')).statusCode).toBe(403)
    // The business's name still reaches them with their user (the app shows it, and they type
    // it to confirm deleting their account); a renamed business reads renamed.
    const ownerAgent = t.agent()
    await signIn(ownerAgent, account.email)
    await ownerAgent.put('/api/business', { name: 'Renamed Myo Studio', address: '', phone: '' })
    expect((await agent.get('/api/auth/me')).json().data.user.businessName).toBe(
      'Renamed Myo Studio',
    )
  })

  it('needs a signed-in user', async () => {
    expect((await t.agent().get('/api/business')).statusCode).toBe(401)
  })
})

describe('POST /api/business/logo', () => {
  it('stores a re-encoded PNG on professional and serves it from a cacheable, scoped address', async () => {
    const { agent, account } = await owner('professional')
    const res = await uploadLogo(agent, await pngImage(400, 120))
    expect(res.statusCode).toBe(200)
    const profile = profileOf(res)
    expect(profile).toMatchObject({ logoWidth: 400, logoHeight: 120 })
    expect(profile.logoUrl).toMatch(/^\/api\/business\/logo\/[0-9a-f]{32}$/)

    const logo = await agent.get(profile.logoUrl)
    expect(logo.statusCode).toBe(200)
    expect(logo.headers['content-type']).toBe('image/png')
    expect(logo.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    expect((await sharp(logo.rawPayload).metadata()).format).toBe('png')

    // Team members see it (documents print it); another business and strangers do not.
    const member = await insertMember(t.database.db, account.businessId)
    const memberAgent = t.agent()
    await signIn(memberAgent, member.email)
    expect((await memberAgent.get(profile.logoUrl)).statusCode).toBe(200)
    const other = await owner('premium')
    expect((await other.agent.get(profile.logoUrl)).statusCode).toBe(404)
    expect((await t.agent().get(profile.logoUrl)).statusCode).toBe(401)

    // A new logo gets a new address; the old one is gone.
    const next = profileOf(await uploadLogo(agent, await pngImage(200, 200)))
    expect(next.logoUrl).not.toBe(profile.logoUrl)
    expect((await agent.get(profile.logoUrl)).statusCode).toBe(404)
  })

  it('strips metadata from a JPEG and accepts GIF and WebP', async () => {
    const { agent } = await owner('premium')
    const jpeg = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#fff' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Owner' } } })
      .toBuffer()
    expect(jpeg.includes(Buffer.from('Secret Camera Owner'))).toBe(true)
    const res = await uploadLogo(agent, jpeg, 'logo.jpg', 'image/jpeg')
    expect(res.statusCode).toBe(200)
    const stored = await agent.get(profileOf(res).logoUrl)
    expect(stored.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false)

    for (const [format, type] of [
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const bytes = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#0f0' },
      })
        .toFormat(format)
        .toBuffer()
      expect((await uploadLogo(agent, bytes, `logo.${format}`, type)).statusCode, format).toBe(200)
    }
  })

  it('rasterises a safe SVG and refuses one with a script, with the reason', async () => {
    const { agent } = await owner()
    const safe = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#123456"/></svg>',
    )
    const ok = await uploadLogo(agent, safe, 'logo.svg', 'image/svg+xml')
    expect(ok.statusCode).toBe(200)
    expect(
      (await sharp((await agent.get(profileOf(ok).logoUrl)).rawPayload).metadata()).format,
    ).toBe('png')

    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
    ]) {
      const res = await uploadLogo(agent, Buffer.from(svg), 'logo.svg', 'image/svg+xml')
      expect(res.statusCode, svg).toBe(400)
      expect(res.json()).toMatchObject({
        message: LOGO_UNSAFE_SVG,
        fields: { logo: LOGO_UNSAFE_SVG },
      })
    }
  })

  it('refuses what is not an image, other image formats and 2 MB or more, with their messages', async () => {
    const { agent } = await owner()
    const text = await uploadLogo(
      agent,
      Buffer.from('hello, not an image'),
      'logo.png',
      'image/png',
    )
    expect(text.statusCode).toBe(400)
    expect(text.json()).toMatchObject({
      message: LOGO_NOT_AN_IMAGE,
      fields: { logo: LOGO_NOT_AN_IMAGE },
    })

    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(200)])
    const unsupported = await uploadLogo(agent, bmp, 'logo.bmp', 'image/bmp')
    expect(unsupported.statusCode).toBe(400)
    expect(unsupported.json().message).toBe(LOGO_UNSUPPORTED_FORMAT)

    const big = Buffer.concat([await pngImage(), Buffer.alloc(2 * 1024 * 1024 + 10)])
    const tooLarge = await uploadLogo(agent, big)
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: LOGO_TOO_LARGE })

    const empty = await agent.request({
      method: 'POST',
      url: '/api/business/logo',
      ...multipartFile('other', 'x.png', 'image/png', await pngImage()),
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(LOGO_NOT_AN_IMAGE)
    expect((await agent.get('/api/business')).json().data.logoUrl).toBeNull()
  })

  it('on essential: 403 Upgrade to Professional or Premium to upload your company logo', async () => {
    const { agent } = await owner('essential')
    const res = await uploadLogo(agent, await pngImage())
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      success: false,
      code: 'UPGRADE_REQUIRED',
      message: LOGO_UPGRADE_REQUIRED,
    })
    expect((await agent.delete('/api/business/logo')).statusCode).toBe(403)
  })
})

describe('DELETE /api/business/logo', () => {
  it('removes the logo and its address', async () => {
    const { agent } = await owner()
    const { logoUrl } = profileOf(await uploadLogo(agent, await pngImage()))
    const res = await agent.delete('/api/business/logo')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ logoUrl: null, logoWidth: null, logoHeight: null })
    expect((await agent.get(logoUrl)).statusCode).toBe(404)
    expect((await agent.delete('/api/business/logo')).statusCode).toBe(200)
  })
})

describe('isolation', () => {
  it("a member of business B cannot read or change business A's profile or logo", async () => {
    const a = await owner()
    await a.agent.put('/api/business', {
      name: 'A Practice',
      address: '1 A St',
      phone: '5551112222',
    })
    const { logoUrl } = profileOf(await uploadLogo(a.agent, await pngImage()))
    const b = await owner()
    const bView = (await b.agent.get('/api/business')).json().data
    expect(bView.id).toBe(b.account.businessId)
    expect(bView.name).not.toBe('A Practice')
    await b.agent.put('/api/business', { name: 'B Practice', address: '', phone: '' })
    await b.agent.delete('/api/business/logo')
    const aView = (await a.agent.get('/api/business')).json().data
    expect(aView).toMatchObject({ name: 'A Practice', address: '1 A St', logoUrl })
    expect((await b.agent.get(logoUrl)).statusCode).toBe(404)
  })
})
