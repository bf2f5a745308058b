/**
 * Helpers for journeys inside the signed-in app: an account registered through the API and its
 * emailed link in the page's own browser context (so the page is signed in), the legal acceptances through the API
 * when a journey is not about them, and the operator's invite code.
 */
import { execFileSync } from 'node:child_process'
import { deflateSync } from 'node:zlib'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { mailedRegistrationLink } from '../apps/server/test/mailed-links'
import { expect } from './fixtures'
import type { AppServer } from './fixtures'

export const PASSWORD = 'Vq8#Lw2!Rx9$Tz'
/** A short unique suffix for emails and names. */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function csrfToken(request: APIRequestContext) {
  const res = await request.get('/api/csrf-token')
  return ((await res.json()) as { csrfToken: string }).csrfToken
}

/** A state-changing API call with the CSRF header, as the browser's client sends it. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { data: T; code?: string; message?: string } }> {
  const res = await request.fetch(path, {
    method,
    data,
    headers: { 'x-csrf-token': await csrfToken(request), ...headers },
  })
  return { status: res.status(), body: (await res.json()) as { data: T } }
}

export type Account = {
  email: string
  password: string
  businessName: string
  firstName: string
  lastName: string
}

/**
 * Opens the sign-up link registering mailed `email` (from message `since` on) with `request`: the
 * account is created and that context signed in.
 */
export async function confirmMailedRegistration(
  request: APIRequestContext,
  server: AppServer,
  email: string,
  since = 0,
) {
  const { token } = await mailedRegistrationLink(server.smtp, email, since)
  const confirmed = await apiCall(request, 'POST', '/api/auth/register/confirm', { token })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
}

/**
 * Registers a new practice through the API in the page's context, then opens the emailed link
 * there: the page is signed in.
 */
export async function registerAccount(
  page: Page,
  server: AppServer,
  options: { planType?: 'essential' | 'professional' | 'premium'; businessName?: string } = {},
): Promise<Account> {
  const invite = await apiCall<{ code: string }>(
    page.request,
    'POST',
    '/api/admin/invite-codes',
    {},
    { authorization: `Bearer ${server.adminToken}` },
  )
  expect(invite.status).toBe(200)
  const account = {
    email: `therapist-${stamp()}@clinic.test`,
    password: PASSWORD,
    businessName: options.businessName ?? `Harbor Myofunctional ${stamp()}`,
    firstName: 'Morgan',
    lastName: 'Ellis',
  }
  const since = server.smtp.messages.length
  const res = await page.request.post('/api/auth/register', {
    data: {
      ...account,
      therapistTitle: 'RDH',
      therapistPhone: '5551234567',
      planType: options.planType ?? 'professional',
      billingFrequency: 'monthly',
      inviteCode: invite.body.data.code,
      ageConfirmed: true,
      acceptTerms: true,
      acceptBAA: true,
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  await confirmMailedRegistration(page.request, server, account.email, since)
  return account
}

/** The three legal acceptances, through the API (for journeys that are not about the gate). */
export async function acceptLegalDocuments(request: APIRequestContext, signer = 'Morgan Ellis') {
  for (const [path, body] of [
    ['/api/legal/baa/accept', { accept: true, signatureData: { name: signer, title: 'Owner' } }],
    ['/api/legal/terms/accept', { accept: true }],
    ['/api/legal/email-provider-attestation/accept', { accept: true }],
  ] as const) {
    expect((await apiCall(request, 'POST', path, body)).status).toBe(200)
  }
}

/** The text of a PDF file (pdftotext), whitespace collapsed, and the text of each page. */
export function pdfText(file: string): { text: string; pages: string[] } {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8')
  return { text: text.replace(/\s+/g, ' '), pages: text.split('\f') }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/**
 * A real RGB PNG for upload tests: `fill` gives each pixel; `level` 0 stores it uncompressed
 * (a noisy image then weighs about width × height × 3 bytes).
 */
export function makePng(
  width: number,
  height: number,
  fill: (x: number, y: number) => [number, number, number],
  level = 6,
): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) raw.set(fill(x, y), row + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Serves this month's 80 % usage alert as if the server had raised it (its claim row). */
export async function serveUsageAlert(target: Page | BrowserContext) {
  await target.route('**/api/analytics/alerts', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          alerts: [
            {
              id: '00000000-0000-4000-8000-000000000080',
              period: new Date().toISOString().slice(0, 7),
              threshold: 80,
              dismissed: false,
            },
          ],
        },
      },
    }),
  )
}
