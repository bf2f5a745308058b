/**
 * The session file a document carries and POST /api/documents/verify
 * (docs/decisions/015-session-file.md): the real app and renderers; the attachment is read back
 * from the PDF bytes as the browser reads it, and checked by digest only.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fullAssessment } from '@myodocs/documents/fixtures/assessment'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { readSessionFile } from '@myodocs/documents/session-attachment'
import { readPdf } from '@myodocs/documents/testing/pdf-text'
import {
  AssessmentDocumentRequestSchema,
  ExerciseDocumentRequestSchema,
} from '@myodocs/shared/contracts/documents'
import { parseSessionFile } from '@myodocs/shared/contracts/session-file'
import { assessmentSessionFile, exerciseSessionFile } from '@myodocs/shared/domain/session-file'
import type { VerifySessionFileRequest } from '@myodocs/shared/contracts/session-file'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, signIn } from '../../../test/factories'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(() => t?.close())

async function readyAgent(onAccount?: (businessId: string) => void): Promise<TestAgent> {
  const account = await insertAccount(t.app.db)
  onAccount?.(account.businessId)
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
  return agent
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The attachment of a PDF response, parsed, and the verify request the browser would send. */
async function sessionFileOf(pdf: Buffer) {
  const json = await readSessionFile(pdf)
  expect(json).not.toBeNull()
  const parsed = parseSessionFile(json!)
  expect(parsed).not.toBeNull()
  const { envelope, payload } = parsed!
  const check: VerifySessionFileRequest = {
    kind: payload.kind,
    issuer: payload.issuer,
    digest: sha256(envelope.payload),
    mac: envelope.mac,
  }
  return { envelope, payload, check }
}

const verify = async (agent: TestAgent, body: unknown) => {
  const res = await agent.post('/api/documents/verify', body)
  return { status: res.statusCode, data: res.json().data }
}

describe('the session file', () => {
  // One render per kind, shared by the tests: rendering is what takes time here.
  const canary = `Zqxprogress${Date.now().toString(36)}`
  const program = exerciseProgram()
  const assessment = fullAssessment()
  assessment.patientData.patientLastName = canary
  let own: TestAgent
  let ownBusiness = ''
  let prescription: Buffer
  let report: Buffer
  beforeAll(async () => {
    own = await readyAgent((id) => (ownBusiness = id))
    prescription = (await own.post('/api/documents/exercise', program)).rawPayload
    report = (await own.post('/api/documents/assessment', assessment)).rawPayload
  }, 120_000)

  test('an exercise prescription carries the program, and verifies as this business’s, unchanged', async () => {
    const { payload, check } = await sessionFileOf(prescription)
    const selected = program.exercises.filter((e) => e.selected)
    expect(payload).toMatchObject({
      kind: 'exercise',
      version: 1,
      date: program.sessionData.sessionDate,
      patient: {
        firstName: program.sessionData.patientFirstName,
        lastName: program.sessionData.patientLastName,
      },
      sessionNumber: program.sessionData.sessionNumber,
    })
    expect(payload.kind === 'exercise' && payload.exercises.map((e) => e.exerciseId)).toEqual(
      selected.map((e) => e.exerciseId),
    )
    // Render → extract gives back exactly the data the request carried.
    expect(payload).toEqual(
      exerciseSessionFile('exercise', ExerciseDocumentRequestSchema.parse(program), ownBusiness),
    )
    expect(await verify(own, check)).toEqual({
      status: 200,
      data: { kind: 'exercise', thisBusiness: true, unchanged: true },
    })
    // The attachment does not change what the PDF prints.
    expect(readPdf(prescription).text).toContain(program.sessionData.patientLastName)
  })

  test('an assessment report carries items and scores but no photos; the patient summary carries nothing', async () => {
    const { envelope, payload, check } = await sessionFileOf(report)
    expect(payload.kind).toBe('assessment')
    expect(payload.kind === 'assessment' && payload.scores.length).toBeGreaterThan(0)
    expect(payload.kind === 'assessment' && payload.items.length).toBeGreaterThan(10)
    expect(envelope.payload).not.toContain('data:image')
    expect(payload).toEqual(
      assessmentSessionFile(AssessmentDocumentRequestSchema.parse(assessment), ownBusiness),
    )
    // Who referred the patient and why, as the report prints them, for the re-evaluation.
    expect(payload.kind === 'assessment' && payload.referral).toEqual({
      referringParty: assessment.patientData.referringParty,
      reasonForReferral: assessment.patientData.reasonForReferral,
      chiefComplaint: assessment.patientData.patientChiefComplaint,
    })
    expect((await verify(own, check)).data).toEqual({
      kind: 'assessment',
      thisBusiness: true,
      unchanged: true,
    })

    const summary = await own.post('/api/documents/patient-summary', assessment)
    expect(summary.statusCode).toBe(200)
    expect(await readSessionFile(summary.rawPayload)).toBeNull()
  })

  test('a prescription made from a previous program lists what changed', async () => {
    const { payload } = await sessionFileOf(prescription)
    if (payload.kind === 'assessment') throw new Error('an exercise payload')
    const [kept, ...rest] = payload.exercises
    const res = await own.post('/api/documents/exercise', {
      ...program,
      previousProgram: {
        date: '2026-01-02',
        exercises: [
          { ...kept!, minutes: kept!.minutes + 1 },
          ...rest,
          { exerciseId: 'retired', exerciseName: 'Retired exercise', minutes: 2 },
        ],
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const { text } = readPdf(res.rawPayload)
    expect(text).toContain('What changed')
    expect(text).toContain(
      `Changed: ${kept!.exerciseName} (${kept!.minutes + 1} → ${kept!.minutes} min)`,
    )
    expect(text).toContain('Stopped: Retired exercise')
  })

  test('the after-visit summary carries one too', async () => {
    const res = await own.post('/api/documents/after-visit-summary', program)
    expect(res.statusCode).toBe(200)
    expect((await sessionFileOf(res.rawPayload)).payload).toEqual(
      exerciseSessionFile(
        'after-visit-summary',
        ExerciseDocumentRequestSchema.parse(program),
        ownBusiness,
      ),
    )
  })

  test('an edited payload, or a MAC moved to another kind, is refused as changed', async () => {
    const { envelope, check } = await sessionFileOf(prescription)
    const edited = envelope.payload.replace('"sessionNumber":', '"sessionNumber": ')
    expect((await verify(own, { ...check, digest: sha256(edited) })).data).toEqual({
      kind: 'exercise',
      thisBusiness: true,
      unchanged: false,
    })
    expect((await verify(own, { ...check, kind: 'after-visit-summary' })).data.unchanged).toBe(
      false,
    )
  })

  test('another business’s file is not this business’s, and is not vouched for', async () => {
    const { check } = await sessionFileOf(prescription)
    let otherBusiness = ''
    const other = await readyAgent((id) => (otherBusiness = id))
    expect((await verify(other, check)).data).toEqual({
      kind: 'exercise',
      thisBusiness: false,
      unchanged: false,
    })
    // Claiming to be the other business's own file does not pass its key either.
    expect((await verify(other, { ...check, issuer: otherBusiness })).data).toEqual({
      kind: 'exercise',
      thisBusiness: true,
      unchanged: false,
    })
  })

  test('verify needs a session and a well-formed request', async () => {
    const anonymous = t.agent()
    await anonymous.csrf()
    const body = { kind: 'exercise', issuer: 'x', digest: '0'.repeat(64), mac: 'a'.repeat(43) }
    expect((await anonymous.post('/api/documents/verify', body)).statusCode).toBe(401)
    expect((await verify(own, { ...body, digest: 'nothex' })).status).toBe(400)
  })

  test('a re-evaluation prints its progress on page 1, and neither verify nor render logs the patient', async () => {
    const { payload, check } = await sessionFileOf(report)
    expect((await verify(own, check)).data.unchanged).toBe(true)
    if (payload.kind !== 'assessment') throw new Error('an assessment payload')
    // Two earlier visits with worse scores on every higher-is-better scale.
    const earlier = (days: number, delta: number) => ({
      date: new Date(Date.parse(payload.date) - days * 86_400_000).toISOString().slice(0, 10),
      scores: payload.scores.map((s) => ({ scale: s.scale, value: s.value - delta })),
    })
    const res = await own.post('/api/documents/assessment', {
      ...assessment,
      history: [earlier(84, 4), earlier(42, 2)],
    })
    expect(res.statusCode, res.body).toBe(200)
    const page1 = readPdf(res.rawPayload).pages[0]!
    expect(page1).toContain('Progress since earlier visits')
    expect(page1).toMatch(/improved|worse/)
    expect(t.logs()).not.toContain(canary)
  })
})
