/**
 * POST /api/documents/*: the real app, real database, real worker threads and renderers. The PDF
 * text is read with pdftotext. The no-PHI rule (a patient's data nowhere in the database, the logs
 * or DATA_DIR afterwards) is proven for every document and email path by test/phi-canary.test.ts.
 */
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fullAssessment } from '@myodocs/documents/fixtures/assessment'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { readPdf, readPdfImages } from '@myodocs/documents/testing/pdf-text'
import {
  AT_LEAST_ONE_EXERCISE,
  isRequired,
  PHOTOS_TOO_LARGE,
  TOO_MANY_PHOTOS,
} from '@myodocs/shared/constants/document-messages'
import {
  TRIAL_EXPIRED,
  TRIAL_EXPIRED_MESSAGE,
  USAGE_LIMIT_EXCEEDED,
  USAGE_LIMIT_MESSAGE,
} from '@myodocs/shared/contracts/subscription'
import { LEGAL_PROMPTS } from '@myodocs/shared/contracts/legal'
import { effectivePdfLimit } from '@myodocs/shared/constants/plans'
import { queryRows } from '../../db/client'
import { businessLogos, businessSubscriptions } from '../../db/schema'
import { usagePeriod } from '@myodocs/shared/domain/subscription'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, setPlan, signIn } from '../../../test/factories'
import type { TestAccount } from '../../../test/factories'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(() => t?.close())

async function readyAccount(): Promise<{ account: TestAccount; agent: TestAgent }> {
  const account = await insertAccount(t.app.db)
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
  return { account, agent }
}

const monthlyCount = async (businessId: string) =>
  (
    await t.app.db
      .select({ n: businessSubscriptions.monthlyPdfGenerated })
      .from(businessSubscriptions)
      .where(eq(businessSubscriptions.businessId, businessId))
  )[0]!.n

const setCount = (businessId: string, n: number) =>
  t.app.db
    .update(businessSubscriptions)
    .set({ monthlyPdfGenerated: n, monthlyPdfPeriod: usagePeriod(new Date()) })
    .where(eq(businessSubscriptions.businessId, businessId))

describe('the four documents', () => {
  test('the assessment report: a PDF with the practice, the patient, a scored scale and a recommendation', async () => {
    const { account, agent } = await readyAccount()
    const request = fullAssessment()
    const res = await agent.post('/api/documents/assessment', request)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Assessment-Report_[A-Za-z-]+_\d{4}-\d{2}-\d{2}\.pdf"$/,
    )
    const { text } = readPdf(res.rawPayload)
    const business = (
      await queryRows<{ name: string }>(
        t.app.db,
        sql`select name from businesses where id = ${account.businessId}`,
      )
    )[0]!.name
    expect(text).toContain(business)
    expect(text).toContain(request.patientData.patientLastName)
    expect(text).toMatch(/Grade [1-4]/)
    const selected = request.recommendations.find((r) => r.selected)!
    expect(text).toContain(selected.customValue || selected.label)
    expect(await monthlyCount(account.businessId)).toBe(1)
  })

  test("the report's signature carries the licence number and its letterhead the practice email and fax", async () => {
    const { agent } = await readyAccount()
    const profile = await agent.put('/api/auth/profile', {
      firstName: 'Dana',
      lastName: 'Whitfield',
      therapistTitle: 'RDH, COM',
      therapistPhone: '(503) 555-0100',
      licenseNumber: 'OR RDH 98765',
    })
    expect(profile.statusCode, profile.body).toBe(200)
    const business = await agent.put('/api/business', {
      name: 'Bright Airway Kids',
      address: '12 Main St, Portland, OR 97201',
      phone: '(503) 555-0142',
      email: 'office@brightairway.example',
      fax: '503 555 0143',
    })
    expect(business.statusCode, business.body).toBe(200)
    const res = await agent.post('/api/documents/assessment', fullAssessment())
    expect(res.statusCode, res.body).toBe(200)
    const { text } = readPdf(res.rawPayload)
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toMatch(/Electronically signed by Dana Whitfield, RDH, COM on /)
    expect(flat).toContain('License/credential no. OR RDH 98765')
    expect(flat).toContain('office@brightairway.example')
    expect(flat).toContain('(503) 555-0143')
  })

  test('the patient summary, the exercise prescription and the after-visit summary', async () => {
    const { account, agent } = await readyAccount()
    const summary = await agent.post('/api/documents/patient-summary', fullAssessment())
    expect(summary.statusCode, summary.body).toBe(200)
    expect(summary.headers['content-disposition']).toContain('Patient-Summary_')

    const program = exerciseProgram()
    const prescription = await agent.post('/api/documents/exercise', program)
    expect(prescription.statusCode, prescription.body).toBe(200)
    const rx = readPdf(prescription.rawPayload).text
    for (const exercise of program.exercises.filter((e) => e.selected).slice(0, 5)) {
      expect(rx).toContain(exercise.exerciseName)
    }
    expect(rx).toContain(program.sessionData.patientFirstName)

    const avs = await agent.post('/api/documents/after-visit-summary', program)
    expect(avs.statusCode, avs.body).toBe(200)
    expect(avs.headers['content-disposition']).toContain('After-Visit-Summary_')
    expect(readPdf(avs.rawPayload).text).toContain(program.sessionData.patientLastName)
    expect(await monthlyCount(account.businessId)).toBe(3)
  })
})

describe('the practice logo follows the plan (docs/product/plans.md#plan-table)', () => {
  test('kept but not printed on Essential, printed again after the upgrade', async () => {
    const { account, agent } = await readyAccount()
    await setPlan(t.app.db, account.businessId, 'professional')
    const data = await sharp({
      create: { width: 400, height: 120, channels: 3, background: '#1d4ed8' },
    })
      .png()
      .toBuffer()
    await t.app.db.insert(businessLogos).values({
      businessId: account.businessId,
      data,
      mime: 'image/png',
      width: 400,
      height: 120,
      hash: 'a'.repeat(32),
      updatedAt: new Date(),
    })
    const logoImages = async () => {
      const res = await agent.post('/api/documents/patient-summary', fullAssessment())
      expect(res.statusCode, res.body).toBe(200)
      return readPdfImages(res.rawPayload).filter((i) => i.width === 400 && i.height === 120)
    }
    const changePlan = async (planType: string) => {
      const res = await agent.post('/api/subscription/change-plan', {
        planType,
        billingFrequency: 'monthly',
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    expect(await logoImages()).toHaveLength(1)

    await changePlan('essential')
    expect(await logoImages()).toHaveLength(0)
    // The file is kept for a later upgrade.
    const profile = await agent.get('/api/business')
    expect(profile.json<{ data: { logoUrl: string | null } }>().data.logoUrl).toMatch(
      /^\/api\/business\/logo\//,
    )

    await changePlan('premium')
    expect(await logoImages()).toHaveLength(1)
  }, 120_000)
})

describe('refusals', () => {
  test('signed out → 401; without the CSRF header → 403', async () => {
    const anonymous = t.agent()
    await anonymous.csrf()
    expect((await anonymous.post('/api/documents/assessment', fullAssessment())).statusCode).toBe(
      401,
    )
    const { agent } = await readyAccount()
    const res = await agent.request({
      method: 'POST',
      url: '/api/documents/exercise',
      payload: exerciseProgram(),
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ error: 'Invalid CSRF token' })
  })

  test('the legal gate: nothing is rendered or counted until all three documents are accepted', async () => {
    const account = await insertAccount(t.app.db)
    const agent = t.agent()
    await agent.csrf()
    await signIn(agent, account.email)
    const res = await agent.post('/api/documents/assessment', fullAssessment())
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      code: 'LEGAL_ACCEPTANCE_REQUIRED',
      message: LEGAL_PROMPTS.baa,
      missing: ['baa', 'terms', 'email-provider-attestation'],
    })
    expect(await monthlyCount(account.businessId)).toBe(0)
  })

  test('validation: 400 with the spec messages by field, nothing counted', async () => {
    const { account, agent } = await readyAccount()
    const request = fullAssessment()
    const res = await agent.post('/api/documents/assessment', {
      ...request,
      patientData: { ...request.patientData, patientFirstName: '  ' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'patientData.patientFirstName': isRequired('Patient First Name') },
    })
    const program = exerciseProgram()
    const none = await agent.post('/api/documents/exercise', {
      ...program,
      exercises: program.exercises.map((e) => ({ ...e, selected: false })),
    })
    expect(none.statusCode).toBe(400)
    expect(JSON.stringify(none.json())).toContain(AT_LEAST_ONE_EXERCISE)
    expect(await monthlyCount(account.businessId)).toBe(0)
  })

  test('photos: more than 12, or more than 15 MB, answer 413 with a clear message', async () => {
    const { agent } = await readyAccount()
    const request = fullAssessment()
    const photo = request.sections.flatMap((s) => s.images)[0]!
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ ...photo, id: `p${i}` }))
    const many = await agent.post('/api/documents/assessment', {
      ...request,
      sections: [{ ...request.sections[0]!, images: thirteen }, ...request.sections.slice(1)].map(
        (s, i) => (i === 0 ? s : { ...s, images: [] }),
      ),
    })
    expect(many.statusCode).toBe(413)
    expect(many.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: TOO_MANY_PHOTOS })

    // One 16 MB photo: over the photo limit but under the body limit.
    const big = `data:image/jpeg;base64,${'A'.repeat(Math.ceil((16 * 1024 * 1024 * 4) / 3 / 4) * 4)}`
    const large = await agent.post('/api/documents/assessment', {
      ...request,
      sections: request.sections.map((s, i) => ({
        ...s,
        images: i === 0 ? [{ ...photo, data: big }] : [],
      })),
    })
    expect(large.statusCode).toBe(413)
    expect(large.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PHOTOS_TOO_LARGE })

    // A body over the route's limit is refused while it is read, with the same text.
    const huge = await agent.post('/api/documents/assessment', {
      ...request,
      sections: [{ ...request.sections[0]!, images: [{ ...photo, data: big + big }] }],
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PHOTOS_TOO_LARGE })
  })

  test('an expired trial → 403 TRIAL_EXPIRED; the month’s limit → 403 USAGE_LIMIT_EXCEEDED', async () => {
    const { account, agent } = await readyAccount()
    await t.app.db
      .update(businessSubscriptions)
      .set({ trialEnd: new Date(Date.now() - 60_000) })
      .where(eq(businessSubscriptions.businessId, account.businessId))
    const expired = await agent.post('/api/documents/exercise', exerciseProgram())
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toMatchObject({ code: TRIAL_EXPIRED, message: TRIAL_EXPIRED_MESSAGE })

    const second = await readyAccount()
    await setCount(second.account.businessId, effectivePdfLimit('essential'))
    const limited = await second.agent.post('/api/documents/exercise', exerciseProgram())
    expect(limited.statusCode).toBe(403)
    expect(limited.json()).toMatchObject({
      code: USAGE_LIMIT_EXCEEDED,
      message: USAGE_LIMIT_MESSAGE,
    })
  })

  test('concurrent renders at the limit never exceed it', async () => {
    const { account, agent } = await readyAccount()
    await setPlan(t.app.db, account.businessId, 'essential')
    const limit = effectivePdfLimit('essential')
    await setCount(account.businessId, limit - 2)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => agent.post('/api/documents/exercise', exerciseProgram())),
    )
    const codes = answers.map((a) => a.statusCode)
    // Two fit; the rest are refused by the count or, beyond the queue, told to retry.
    expect(codes.filter((c) => c === 200)).toHaveLength(2)
    expect(codes.every((c) => c === 200 || c === 403 || c === 503)).toBe(true)
    expect(await monthlyCount(account.businessId)).toBe(limit)
  })
})

describe('a burst beyond the render pool', () => {
  let small: TestApp
  beforeAll(async () => {
    small = await createTestApp({
      config: (c) => ({ ...c, render: { ...c.render, threads: 1, maxQueue: 0 } }),
    })
  }, 120_000)
  afterAll(() => small?.close())

  test('answers 503 with Retry-After, and a refused render does not count', async () => {
    const account = await insertAccount(small.app.db)
    const agent = small.agent()
    await agent.csrf()
    await signIn(agent, account.email)
    await acceptAllLegal(agent)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => agent.post('/api/documents/exercise', exerciseProgram())),
    )
    const busy = answers.filter((a) => a.statusCode === 503)
    const done = answers.filter((a) => a.statusCode === 200)
    expect(busy.length).toBeGreaterThan(0)
    expect(done.length).toBeGreaterThan(0)
    expect(busy.length + done.length).toBe(4)
    expect(busy[0]!.headers['retry-after']).toBe('5')
    expect(busy[0]!.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' })
    const [row] = await small.app.db
      .select({ n: businessSubscriptions.monthlyPdfGenerated })
      .from(businessSubscriptions)
      .where(eq(businessSubscriptions.businessId, account.businessId))
    expect(row!.n).toBe(done.length)
  })
})
