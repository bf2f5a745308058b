/**
 * The legal gate: documents,
 * statuses, acceptances with their audit rows, staleness after a new version, the signed BAA PDF
 * and the gate's 403 on a gated route.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { LEGAL_PROMPTS } from '@myodocs/shared/contracts/legal'
import { PRIMARY_USER_ACCESS_REQUIRED } from '@myodocs/shared/constants/team-messages'
import { TERMS_OF_SERVICE } from '@myodocs/shared/legal/terms'
import { auditEvents, legalAcceptances } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, insertMember, signIn } from '../../../test/factories'
import { legalGate } from '../../plugins/legal-gate'

let t: TestApp
const tmp = mkdtempSync(path.join(tmpdir(), 'myodocs-legal-'))
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      // A test-only route behind the gate, as document and email routes will be.
      app.get('/api/test/gated', { preHandler: [app.authenticate, legalGate] }, async () => ({
        success: true,
        data: { ok: true },
      }))
    },
  })
})
afterAll(async () => {
  await t.close()
  rmSync(tmp, { recursive: true, force: true })
})

async function signedIn(): Promise<{
  agent: TestAgent
  account: Awaited<ReturnType<typeof insertAccount>>
}> {
  const account = await insertAccount(t.database.db, { businessName: 'Bright Smiles Myo' })
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

const data = <T = Record<string, unknown>>(res: { json: () => unknown }) =>
  (res.json() as { data: T }).data

function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('legal documents', () => {
  it('serves the BAA, the Terms and the attestation in force, support address filled in', async () => {
    const { agent } = await signedIn()
    const baa = data<{ title: string; version: string; sections: { heading: string }[] }>(
      await agent.get('/api/legal/baa/current'),
    )
    expect(baa.title).toBe('Business Associate Agreement')
    expect(baa.version).toBe('1.0')
    const headings = baa.sections.map((s) => s.heading).join(' | ')
    for (const clause of [
      'Permitted uses',
      'Safeguards',
      'Reporting breaches',
      'Subcontractors',
      'Access, amendment',
      'Books and records',
      'Term and termination',
      'Return or destruction',
    ])
      expect(headings).toContain(clause)
    const terms = await agent.get('/api/legal/terms/current')
    expect(terms.body).toContain(t.config.supportEmail)
    expect(terms.body).not.toContain('{supportEmail}')
    const attestation = await agent.get('/api/legal/email-provider-attestation/current')
    expect(data<{ version: string }>(attestation).version).toBe('1.0')
  })

  it('needs a signed-in user', async () => {
    for (const url of ['/api/legal/baa/current', '/api/legal/terms/status', '/api/legal/status'])
      expect((await t.agent().get(url)).statusCode).toBe(401)
  })
})

describe('statuses and acceptance', () => {
  it('starts with nothing accepted, at version 1.0', async () => {
    const { agent } = await signedIn()
    for (const kind of ['baa', 'terms', 'email-provider-attestation']) {
      const res = await agent.get(`/api/legal/${kind}/status`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        success: true,
        data: {
          id: null,
          isAccepted: false,
          accepted: false,
          acceptedAt: null,
          documentVersion: '1.0',
          currentVersion: '1.0',
          stale: false,
          signature: null,
        },
      })
    }
    const overview = data<{ compliancePercentage: number; missing: string[] }>(
      await agent.get('/api/legal/status'),
    )
    expect(overview.compliancePercentage).toBe(0)
    expect(overview.missing).toEqual(['baa', 'terms', 'email-provider-attestation'])
  })

  it('records each acceptance with user, business, version, time, IP, user agent and an audit event', async () => {
    const { agent, account } = await signedIn()
    const res = await agent.post(
      '/api/legal/baa/accept',
      { accept: true, signatureData: { name: 'Dana Reyes', title: 'RDH, Owner' } },
      { 'user-agent': 'LegalTest/1.0' },
    )
    expect(res.statusCode).toBe(200)
    const status = data<{
      id: string
      isAccepted: boolean
      signature: unknown
      acceptedAt: string
    }>(res)
    expect(status).toMatchObject({
      isAccepted: true,
      accepted: true,
      documentVersion: '1.0',
      signature: { name: 'Dana Reyes', title: 'RDH, Owner' },
    })
    const [row] = await t.database.db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.id, status.id))
    expect(row).toMatchObject({
      userId: account.id,
      businessId: account.businessId,
      kind: 'baa',
      version: '1.0',
      ip: agent.ip,
      userAgent: 'LegalTest/1.0',
      signatureName: 'Dana Reyes',
      signatureTitle: 'RDH, Owner',
      businessName: 'Bright Smiles Myo',
    })
    expect(row!.acceptedAt.toISOString()).toBe(status.acceptedAt)

    expect((await agent.post('/api/legal/terms/accept', { accept: true })).statusCode).toBe(200)
    expect(
      (await agent.post('/api/legal/email-provider-attestation/accept', { accept: true }))
        .statusCode,
    ).toBe(200)
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, account.id), eq(auditEvents.action, 'legal.accept')))
    expect(audits.map((a) => (a.details as { kind: string }).kind).sort()).toEqual([
      'baa',
      'email-provider-attestation',
      'terms',
    ])
    expect(audits.every((a) => a.ip === agent.ip && a.outcome === 'success')).toBe(true)
    const overview = data<{ compliancePercentage: number; allAccepted: boolean }>(
      await agent.get('/api/legal/status'),
    )
    expect(overview).toMatchObject({ compliancePercentage: 100, allAccepted: true })
  })

  it('refuses an acceptance without accept: true or without a typed name', async () => {
    const { agent } = await signedIn()
    const noName = await agent.post('/api/legal/baa/accept', {
      accept: true,
      signatureData: { name: ' ', title: '' },
    })
    expect(noName.statusCode).toBe(400)
    expect(noName.json()).toMatchObject({
      fields: { 'signatureData.name': 'Your full name is required to sign' },
    })
    const notAccepted = await agent.post('/api/legal/terms/accept', { accept: false })
    expect(notAccepted.statusCode).toBe(400)
    expect((await agent.get('/api/legal/terms/status')).json()).toMatchObject({
      data: { isAccepted: false },
    })
  })

  it('accepting again keeps the first acceptance', async () => {
    const { agent } = await signedIn()
    const first = data<{ id: string }>(
      await agent.post('/api/legal/terms/accept', { accept: true }),
    )
    const again = data<{ id: string }>(
      await agent.post('/api/legal/terms/accept', { accept: true }),
    )
    expect(again.id).toBe(first.id)
  })

  it('the BAA is signed by the primary user for the whole business; Terms stay per person', async () => {
    const { agent, account } = await signedIn()
    const member = await insertMember(t.database.db, account.businessId)
    const memberAgent = t.agent()
    await signIn(memberAgent, member.email)

    const refused = await memberAgent.post('/api/legal/baa/accept', {
      accept: true,
      signatureData: { name: 'Sam Lee', title: 'SLP' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(PRIMARY_USER_ACCESS_REQUIRED)

    await acceptAllLegal(agent)
    const memberBaa = data<{ isAccepted: boolean; signature: { name: string } }>(
      await memberAgent.get('/api/legal/baa/status'),
    )
    expect(memberBaa.isAccepted).toBe(true)
    expect(memberBaa.signature.name).toBe('Dana Reyes')
    expect(
      data<{ isAccepted: boolean }>(await memberAgent.get('/api/legal/terms/status')),
    ).toMatchObject({
      isAccepted: false,
    })
  })
})

describe('a new document version', () => {
  it('makes the old acceptance stale until the new one is accepted', async () => {
    const { agent } = await signedIn()
    await acceptAllLegal(agent)
    expect((await agent.get('/api/test/gated')).statusCode).toBe(200)

    const inForce = t.app.legalDocuments.terms
    t.app.legalDocuments.terms = { ...TERMS_OF_SERVICE, version: '1.1' }
    try {
      const stale = data<Record<string, unknown>>(await agent.get('/api/legal/terms/status'))
      expect(stale).toMatchObject({
        isAccepted: false,
        stale: true,
        documentVersion: '1.0',
        currentVersion: '1.1',
      })
      expect(stale.id).toBeTruthy()
      const gated = await agent.get('/api/test/gated')
      expect(gated.statusCode).toBe(403)
      expect(gated.json()).toMatchObject({
        code: 'LEGAL_ACCEPTANCE_REQUIRED',
        message: LEGAL_PROMPTS.terms,
        missing: ['terms'],
      })
      expect(data<{ version: string }>(await agent.get('/api/legal/terms/current')).version).toBe(
        '1.1',
      )

      const renewed = data<Record<string, unknown>>(
        await agent.post('/api/legal/terms/accept', { accept: true }),
      )
      expect(renewed).toMatchObject({ isAccepted: true, stale: false, documentVersion: '1.1' })
      expect(renewed.id).not.toBe(stale.id)
      expect((await agent.get('/api/test/gated')).statusCode).toBe(200)
    } finally {
      t.app.legalDocuments.terms = inForce
    }
  })
})

describe('the legal gate', () => {
  it('answers 403 LEGAL_ACCEPTANCE_REQUIRED with the prompt of what is missing', async () => {
    const { agent } = await signedIn()
    const none = await agent.get('/api/test/gated')
    expect(none.statusCode).toBe(403)
    expect(none.json()).toEqual({
      success: false,
      code: 'LEGAL_ACCEPTANCE_REQUIRED',
      message: 'Please accept the Business Associate Agreement to continue',
      missing: ['baa', 'terms', 'email-provider-attestation'],
      prompts: [
        LEGAL_PROMPTS.baa,
        LEGAL_PROMPTS.terms,
        LEGAL_PROMPTS['email-provider-attestation'],
      ],
    })

    await agent.post('/api/legal/baa/accept', {
      accept: true,
      signatureData: { name: 'Dana Reyes', title: 'RDH' },
    })
    const termsMissing = await agent.get('/api/test/gated')
    expect(termsMissing.json()).toMatchObject({
      message: 'Please accept the Terms of Service to continue',
      missing: ['terms', 'email-provider-attestation'],
    })

    await agent.post('/api/legal/terms/accept', { accept: true })
    const attestationMissing = await agent.get('/api/test/gated')
    expect(attestationMissing.json()).toMatchObject({
      message: LEGAL_PROMPTS['email-provider-attestation'],
      missing: ['email-provider-attestation'],
    })

    await agent.post('/api/legal/email-provider-attestation/accept', { accept: true })
    expect((await agent.get('/api/test/gated')).json()).toEqual({
      success: true,
      data: { ok: true },
    })
  })

  it('a member is gated until the primary user signs the BAA, and by their own Terms', async () => {
    const { agent, account } = await signedIn()
    const member = await insertMember(t.database.db, account.businessId)
    const memberAgent = t.agent()
    await signIn(memberAgent, member.email)
    await memberAgent.post('/api/legal/terms/accept', { accept: true })
    await memberAgent.post('/api/legal/email-provider-attestation/accept', { accept: true })
    expect((await memberAgent.get('/api/test/gated')).json()).toMatchObject({ missing: ['baa'] })
    await acceptAllLegal(agent)
    expect((await memberAgent.get('/api/test/gated')).statusCode).toBe(200)
  })
})

describe('GET /api/legal/baa/download/{id}', () => {
  it('answers the signed BAA as a PDF whose text, signature, business, date, IP and version extract', async () => {
    const { agent } = await signedIn()
    await acceptAllLegal(agent, 'Dana Q. Reyes')
    const status = data<{ id: string; acceptedAt: string }>(
      await agent.get('/api/legal/baa/status'),
    )
    const res = await agent.get(`/api/legal/baa/download/${status.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain('business-associate-agreement-v1.0.pdf')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ')
    expect(text).toContain('Business Associate Agreement')
    expect(text).toContain('Return or destruction of PHI')
    expect(text).toContain('Books and records')
    expect(text).toContain('Signed electronically')
    expect(text).toContain('Dana Q. Reyes')
    expect(text).toContain('RDH')
    expect(text).toContain('Bright Smiles Myo')
    expect(text).toContain(agent.ip)
    expect(text).toContain(`${status.acceptedAt.slice(0, 10)}`)
    expect(text).toContain('Document version 1.0')
    expect(text).toContain(status.id)
    expect(text).toContain(t.config.supportEmail)
    expect(text).toMatch(/Page 1 of \d/)
  })

  it('a member downloads their business’s BAA; another business’s id or a Terms id is 404', async () => {
    const { agent, account } = await signedIn()
    await acceptAllLegal(agent)
    const baa = data<{ id: string }>(await agent.get('/api/legal/baa/status'))
    const terms = data<{ id: string }>(await agent.get('/api/legal/terms/status'))

    const member = await insertMember(t.database.db, account.businessId)
    const memberAgent = t.agent()
    await signIn(memberAgent, member.email)
    expect((await memberAgent.get(`/api/legal/baa/download/${baa.id}`)).statusCode).toBe(200)

    const other = await signedIn()
    for (const id of [baa.id, terms.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await other.agent.get(`/api/legal/baa/download/${id}`)
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
    }
    expect((await agent.get(`/api/legal/baa/download/${terms.id}`)).statusCode).toBe(404)
  })
})
