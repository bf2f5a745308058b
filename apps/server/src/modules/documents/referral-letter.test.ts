/**
 * POST /api/documents/referral-letter (docs/product/documents.md#referral-letter): the real app
 * and renderer. One PDF per letter, counted once whether or not the report is attached; the
 * letter carries the assessment's session file with the provider type it was written to, and the
 * visit that brings it back writes a progress letter to that provider.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fullAssessmentInput } from '@myodocs/documents/fixtures/assessment'
import { entLetter } from '@myodocs/documents/fixtures/letters'
import { readSessionFile } from '@myodocs/documents/session-attachment'
import { readPdf } from '@myodocs/documents/testing/pdf-text'
import { parseSessionFile } from '@myodocs/shared/contracts/session-file'
import { visitScoresOf } from '@myodocs/shared/domain/session-file'
import { businessSubscriptions } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, signIn } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(() => t?.close())

const PATH = '/api/documents/referral-letter'

async function readyAccount(): Promise<{ businessId: string; agent: TestAgent }> {
  const account = await insertAccount(t.app.db)
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
  return { businessId: account.businessId, agent }
}

const monthlyCount = async (businessId: string) =>
  (
    await t.app.db
      .select({ n: businessSubscriptions.monthlyPdfGenerated })
      .from(businessSubscriptions)
      .where(eq(businessSubscriptions.businessId, businessId))
  )[0]!.n

describe('the referral letter', () => {
  let agent: TestAgent
  let businessId = ''
  let letter: Buffer
  beforeAll(async () => {
    ;({ agent, businessId } = await readyAccount())
    const res = await agent.post(PATH, { ...fullAssessmentInput(), letter: entLetter() })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Referral-Letter_Lindqvist-Moreno-Avery_2026-02-05.pdf"',
    )
    letter = res.rawPayload
  }, 120_000)

  test('answers one PDF to the provider, counted once although the report is its enclosure', async () => {
    const pdf = readPdf(letter)
    expect(pdf.pageCount).toBeLessThanOrEqual(2)
    expect(pdf.text).toContain('Dear Dr. Ruiz,')
    expect(pdf.text).toContain('Re: Avery Lindqvist-Moreno · DOB July 19, 2016')
    expect(pdf.text).toContain('Please evaluate Avery’s nasal airway, tonsils and adenoids')
    expect(pdf.text).toContain('Enclosure: Myofunctional Assessment Report of February 5, 2026')
    expect(await monthlyCount(businessId)).toBe(1)
  })

  test('carries the assessment’s session file with the provider type, verified as unchanged', async () => {
    const json = await readSessionFile(letter)
    const parsed = parseSessionFile(json!)
    expect(parsed?.payload).toMatchObject({
      kind: 'assessment',
      issuer: businessId,
      date: '2026-02-05',
      referredTo: ['ent'],
    })
    const digest = createHash('sha256').update(parsed!.envelope.payload, 'utf8').digest('hex')
    const res = await agent.post('/api/documents/verify', {
      kind: 'assessment',
      issuer: businessId,
      digest,
      mac: parsed!.envelope.mac,
    })
    expect(res.json().data).toEqual({ kind: 'assessment', thisBusiness: true, unchanged: true })
  })

  test('brought back at the re-evaluation, writes the progress letter “since your referral on …”', async () => {
    const parsed = parseSessionFile((await readSessionFile(letter))!)!
    const reeval = fullAssessmentInput()
    reeval.patientData.assessmentDate = '2026-04-02'
    const res = await agent.post(PATH, {
      ...reeval,
      history: [visitScoresOf(parsed.payload)],
      letter: entLetter(),
    })
    expect(res.statusCode, res.body).toBe(200)
    const { text } = readPdf(res.rawPayload)
    expect(text).toContain('Progress Letter')
    expect(text).toContain('whom I referred to you on February 5, 2026')
    expect(text).toContain('Progress since your referral on February 5, 2026')
  })
})

describe('refusals', () => {
  test('an assessment body without its letter, or with a provider type no rule knows: 400, nothing counted', async () => {
    const { agent, businessId } = await readyAccount()
    const missing = await agent.post(PATH, fullAssessmentInput())
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { letter: 'The letter is required' },
    })
    const wrong = await agent.post(PATH, {
      ...fullAssessmentInput(),
      letter: { ...entLetter(), providerType: 'astrologer', provider: { name: '' } },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      fields: {
        'letter.providerType': 'Choose the kind of provider',
        'letter.provider.name': 'Provider name is required',
      },
    })
    expect(await monthlyCount(businessId)).toBe(0)
  })

  test('signed out → 401', async () => {
    const anonymous = t.agent()
    await anonymous.csrf()
    const res = await anonymous.post(PATH, { ...fullAssessmentInput(), letter: entLetter() })
    expect(res.statusCode).toBe(401)
  })
})
