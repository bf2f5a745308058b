/**
 * The companion's server side (docs/decisions/020-companion.md): the link printed on an exercise
 * prescription opens to the program on the phone, one link per session; a practice summary made
 * on the phone checks out with POST /api/companion/verify, and an edited one does not; the
 * companion's static files are served over real HTTP without the fragment ever reaching the
 * server or its logs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { exerciseProgram } from '@myodocs/documents/fixtures/exercise'
import { readPdf } from '@myodocs/documents/testing/pdf-text'
import { openProgram } from '@myodocs/shared/domain/companion-link'
import { emptyLog, markSession, recordValue } from '@myodocs/shared/domain/companion-schedule'
import {
  practiceSummary,
  readSummaryFile,
  sealSummary,
  summaryDigest,
} from '@myodocs/shared/domain/practice-summary'
import type { CompanionProgram } from '@myodocs/shared/contracts/companion'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { printedCompanionLink } from '../../../test/companion-link'
import { acceptAllLegal, insertAccount, signIn } from '../../../test/factories'

let t: TestApp
const companionDist = mkdtempSync(path.join(tmpdir(), 'myodocs-companion-dist-'))

beforeAll(async () => {
  mkdirSync(path.join(companionDist, 'assets'))
  writeFileSync(path.join(companionDist, 'index.html'), '<!doctype html><title>Companion</title>')
  writeFileSync(path.join(companionDist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(path.join(companionDist, 'assets', 'app-abc123.js'), 'console.log(1)')
  t = await createTestApp({ companionDistDir: companionDist })
}, 120_000)
afterAll(async () => {
  await t?.close()
  rmSync(companionDist, { recursive: true, force: true })
})

async function readyAgent(): Promise<TestAgent> {
  const account = await insertAccount(t.app.db)
  const agent = t.agent()
  await agent.csrf()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
  return agent
}

/** The companion link printed on a prescription: its lines under the code, joined. */
async function printedLink(agent: TestAgent, request = exerciseProgram()) {
  const res = await agent.post('/api/documents/exercise', request)
  expect(res.statusCode).toBe(200)
  const { pages } = readPdf(res.rawPayload)
  expect(pages[0]).toContain('Your practice companion on the phone')
  const link = printedCompanionLink(res.rawPayload, t.config.publicUrl)
  expect(link).not.toBeNull()
  return link!
}

describe('the companion link on the prescription', () => {
  let agent: TestAgent
  let link = ''
  let program: CompanionProgram

  beforeAll(async () => {
    agent = await readyAgent()
    link = await printedLink(agent)
    program = await openProgram(link.split('#')[1]!)
  }, 60_000)

  test('opens to the program: exercises, follow-up, the practice, the first name only', () => {
    const request = exerciseProgram()
    expect(link.startsWith(`${t.config.publicUrl}/companion/#`)).toBe(true)
    expect(program).toMatchObject({
      issued: '2026-03-05',
      followUp: '2026-03-19',
      firstName: 'Avery',
      child: true,
      sessionsPerDay: 2,
    })
    expect(program.exercises.map((e) => e.id)).toEqual(
      request.exercises.filter((e) => e.selected).map((e) => e.exerciseId),
    )
    expect(JSON.stringify(program)).not.toContain('Lindqvist')
  })

  test('is one link per session: the same session prints the same link, the next one another program', async () => {
    expect(await printedLink(agent)).toBe(link)
    const next = exerciseProgram()
    next.sessionData.sessionNumber = 4
    next.sessionData.sessionDate = '2026-03-19'
    next.sessionData.followUpDate = '2026-04-02'
    const other = await openProgram((await printedLink(agent, next)).split('#')[1]!)
    expect(other.programId).not.toBe(program.programId)
  })

  test('a summary made on the phone checks out; an edited one, or another practice’s, does not', async () => {
    let log = emptyLog(program.programId)
    for (const day of ['2026-03-06', '2026-03-07', '2026-03-09']) log = markSession(log, day, 1)
    log = recordValue(log, '2026-03-06', 'control_pause_check', { value: 12, unit: 's' })
    const file = await sealSummary(practiceSummary(program, log, '2026-03-19'), program.summaryKey)
    const { envelope } = readSummaryFile(file)!
    const check = async (a: TestAgent, payload: string) => {
      const res = await a.post('/api/companion/verify', {
        programId: program.programId,
        digest: await summaryDigest(payload),
        mac: envelope.mac,
      })
      expect(res.statusCode).toBe(200)
      return res.json().data as { thisBusiness: boolean; unchanged: boolean }
    }
    expect(await check(agent, envelope.payload)).toEqual({ thisBusiness: true, unchanged: true })
    const edited = envelope.payload.replace('"daysPracticed":3', '"daysPracticed":13')
    expect(await check(agent, edited)).toEqual({ thisBusiness: true, unchanged: false })
    expect(await check(await readyAgent(), envelope.payload)).toEqual({
      thisBusiness: false,
      unchanged: false,
    })
    // Bad input gets the field list, and the call needs a signed-in user.
    const bad = await agent.post('/api/companion/verify', { programId: 'x', digest: 'y', mac: 'z' })
    expect(bad.statusCode).toBe(400)
    const anonymous = t.agent()
    await anonymous.csrf()
    const refused = await anonymous.post('/api/companion/verify', {
      programId: program.programId,
      digest: await summaryDigest(envelope.payload),
      mac: envelope.mac,
    })
    expect(refused.statusCode).toBe(401)
  })
})

describe('the companion’s static files', () => {
  test('are served over HTTP while the fragment, and any query, never reach the server or its log', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const fragment = 'ZQXFRAGMENT7Q2K4M6P'
    const page = await fetch(`${base}/companion/#${fragment}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect(await page.text()).toContain('Companion')
    const worker = await fetch(`${base}/companion/sw.js`)
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    const asset = await fetch(`${base}/companion/assets/app-abc123.js?v=ZQXQUERY`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${base}/companion`, { redirect: 'manual' })).status).toBe(301)
    const logs = t.logs()
    expect(logs).toContain('/companion/')
    expect(logs).not.toContain(fragment)
    expect(logs).not.toContain('ZQXQUERY')
  })
})
