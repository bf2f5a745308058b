/**
 * The document call against a real HTTP server on loopback: the PDF and its file name, the CSRF
 * header, and how each refusal reaches the page or the app shell.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_ACTIVE_SESSION, TOO_MANY_PHOTOS } from '@myodocs/shared/constants/document-messages'
import { emptyAssessmentSession } from '@myodocs/shared/domain/assessment-session'
import { ApiError, fileNameFromDisposition, setApiBaseUrl } from '../../../lib/api-client'
import { LEGAL_STATUS_CHANGED_EVENT, SUBSCRIPTION_LIMIT_EVENT } from '../../../lib/app-events'
import { documentFailure, generateDocument, NoActiveSessionError } from './generate-document'

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void
let handler: Handler
let server: Server
const seen: Array<{ url: string; csrf?: string; body: string }> = []

const fail = (res: ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ success: false, ...body }))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (req.url === '/api/csrf-token') {
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ success: true, csrfToken: 'T1' }))
      }
      seen.push({ url: req.url!, csrf: req.headers['x-csrf-token'] as string, body })
      handler(req, res, body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const request = emptyAssessmentSession(new Date(2025, 2, 1))

describe('generateDocument', () => {
  it('posts the session with the CSRF header and answers the PDF with its file name', async () => {
    handler = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="Assessment_Report_Doe-Jane_2025-03-01.pdf"',
      })
      res.end('%PDF-1.7 fake')
    }
    const file = await generateDocument('assessment', request)
    expect(file.fileName).toBe('Assessment_Report_Doe-Jane_2025-03-01.pdf')
    expect(await file.blob.text()).toBe('%PDF-1.7 fake')
    const last = seen.at(-1)!
    expect(last.url).toBe('/api/documents/assessment')
    expect(last.csrf).toBe('T1')
    expect(JSON.parse(last.body)).toEqual(request)
  })

  it('falls back to a plain name when the server gives none', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' })
      res.end('%PDF')
    }
    expect((await generateDocument('patient-summary', request)).fileName).toBe(
      'Patient_Summary.pdf',
    )
  })
})

describe('documentFailure', () => {
  async function failureFor(status: number, body: object) {
    handler = (_req, res) => fail(res, status, body)
    const target = new EventTarget()
    const events: Array<{ type: string; detail: unknown }> = []
    for (const type of [SUBSCRIPTION_LIMIT_EVENT, LEGAL_STATUS_CHANGED_EVENT])
      target.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }))
    const err = await generateDocument('assessment', request).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    return { failure: documentFailure(err, target), events }
  }

  it('hands every refusal of the plan to the shell: the usage limit, the expired trial, an upgrade', async () => {
    for (const code of ['USAGE_LIMIT_EXCEEDED', 'TRIAL_EXPIRED', 'UPGRADE_REQUIRED']) {
      const { failure, events } = await failureFor(403, { code, message: `msg ${code}` })
      expect(failure).toMatchObject({ handledByShell: true, message: `msg ${code}` })
      expect(events).toEqual([
        { type: SUBSCRIPTION_LIMIT_EVENT, detail: { code, message: `msg ${code}` } },
      ])
    }
  })

  it('keeps a 403 that is not the plan’s (a member’s missing role) on the page', async () => {
    const { failure, events } = await failureFor(403, { code: 'FORBIDDEN', message: 'No.' })
    expect(failure).toEqual({ message: 'No.', handledByShell: false })
    expect(events).toEqual([])
  })

  it('refreshes the legal gate on LEGAL_ACCEPTANCE_REQUIRED', async () => {
    const { failure, events } = await failureFor(403, {
      code: 'LEGAL_ACCEPTANCE_REQUIRED',
      message: 'Please accept the Terms of Service to continue',
    })
    expect(failure.handledByShell).toBe(true)
    expect(events.map((e) => e.type)).toEqual([LEGAL_STATUS_CHANGED_EVENT])
  })

  it('shows the server’s text for 413, 400 (with fields) and 503', async () => {
    const tooLarge = await failureFor(413, { code: 'PAYLOAD_TOO_LARGE', message: TOO_MANY_PHOTOS })
    expect(tooLarge.failure).toEqual({ message: TOO_MANY_PHOTOS, handledByShell: false })
    expect(tooLarge.events).toEqual([])

    const invalid = await failureFor(400, {
      code: 'VALIDATION_ERROR',
      message: 'Please check the highlighted fields.',
      fields: { 'patientData.patientDOB': 'Invalid date format' },
    })
    expect(invalid.failure.fields).toEqual({ 'patientData.patientDOB': 'Invalid date format' })

    const busy = await failureFor(503, { code: 'SERVICE_UNAVAILABLE', message: 'Too many…' })
    expect(busy.failure.message).toBe('Too many…')
  })

  it('says there is no active session', () => {
    expect(documentFailure(new NoActiveSessionError(), new EventTarget())).toEqual({
      message: NO_ACTIVE_SESSION,
      handledByShell: false,
    })
  })
})

describe('fileNameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf')
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf')
    expect(
      fileNameFromDisposition(
        `attachment; filename="x.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9.pdf`,
      ),
    ).toBe('Rapport été.pdf')
    expect(fileNameFromDisposition('inline')).toBeNull()
    expect(fileNameFromDisposition(null)).toBeNull()
  })
})
