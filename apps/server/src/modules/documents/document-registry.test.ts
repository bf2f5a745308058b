/**
 * The document registry drives the documents: for every kind it declares, a template in
 * packages/documents, a route in the server's route table documented with the registry's texts,
 * and its fixture rendered through that route into a PDF named by the registry's rule. No route
 * under /api/documents exists without a registry entry.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { documentFixture } from '@myodocs/documents/fixtures/documents'
import { readPdf } from '@myodocs/documents/testing/pdf-text'
import { DOCUMENT_TEMPLATES } from '@myodocs/documents/templates'
import {
  DOCUMENT_KINDS,
  DOCUMENTS,
  DOCUMENTS_API_PATH,
  documentFileName,
  documentPath,
  documentSubject,
} from '@myodocs/shared/contracts/document-registry'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { acceptAllLegal, insertAccount, signIn } from '../../../test/factories'

// The template map is typed over the registry's kinds: a kind left without one fails typecheck.
// @ts-expect-error 'patient-summary', 'referral-letter', 'exercise' and 'after-visit-summary' are missing
const _incomplete: typeof DOCUMENT_TEMPLATES = { assessment: DOCUMENT_TEMPLATES.assessment }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(() => t?.close())

describe('the document registry', () => {
  test('the routes under /api/documents are exactly the registry’s kinds, beside verify', () => {
    // Verify checks a session file brought back; it renders nothing, so it is no document kind.
    const verify = `${DOCUMENTS_API_PATH}/verify`
    const routes = t.app.routeManifest
      .filter((r) => r.url.startsWith(`${DOCUMENTS_API_PATH}/`) && r.method !== 'HEAD')
      .filter((r) => r.url !== verify)
      .map((r) => `${r.method} ${r.url}`)
    expect(routes.sort()).toEqual(DOCUMENT_KINDS.map((kind) => `POST ${documentPath(kind)}`).sort())
  })

  test.each(DOCUMENT_KINDS)(
    '%s: a template, a documented route, and its fixture rendered through it',
    async (kind) => {
      expect(DOCUMENT_TEMPLATES[kind]).toBeTypeOf('function')

      const doc = (await t.app.inject('/api/docs/json')).json<{
        paths: Record<string, { post?: { summary?: string; description?: string } }>
      }>()
      const operation = doc.paths[documentPath(kind)]?.post
      expect(operation?.summary).toBe(DOCUMENTS[kind].summary)
      expect(operation?.description).toContain(DOCUMENTS[kind].description)

      const account = await insertAccount(t.app.db)
      const agent = t.agent()
      await agent.csrf()
      await signIn(agent, account.email)
      await acceptAllLegal(agent)
      const request = documentFixture(kind)
      const res = await agent.post(documentPath(kind), request)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      const { patient, date } = documentSubject(kind, request)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${documentFileName(kind, patient, date)}"`,
      )
      expect(readPdf(res.rawPayload).text).toContain(patient.lastName)
    },
  )
})
