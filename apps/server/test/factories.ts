/**
 * Test data, unique by default: accounts inserted straight into the database (the registration
 * service's own `createAccount`), invite codes, the register payload the browser sends, and the
 * logo upload form.
 */
import { eq } from 'drizzle-orm'
import type { RegisterRequest } from '@myodocs/shared/contracts/auth'
import type { Db } from '../src/db/client'
import type { PlanType } from '@myodocs/shared/constants/plans'
import { businessSubscriptions, users } from '../src/db/schema'
import { hashPassword } from '../src/lib/password-hashing'
import { createInviteCode } from '../src/modules/invite-codes'
import { createAccount } from '../src/modules/registration'
import type { NewAccount } from '../src/modules/registration'
import type { TestAgent } from './test-app'
import { testContext } from './test-context'

/** Passes the policy (12+, every class, nothing common inside). */
export const TEST_PASSWORD = 'Vq8#Lw2!Rx9$Tz'

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`

export const uniqueEmail = (prefix = 'therapist') => `${prefix}-${unique()}@clinic.test`

export type TestAccount = { id: string; email: string; password: string; businessId: string }

/** A business with its primary user and a trial, inserted directly (no HTTP, no invite code). */
export async function insertAccount(
  db: Db,
  overrides: Partial<NewAccount> & { password?: string; now?: Date } = {},
): Promise<TestAccount> {
  const password = overrides.password ?? TEST_PASSWORD
  const email = overrides.email ?? uniqueEmail()
  const now = overrides.now ?? new Date()
  const user = await createAccount(testContext(db, { now: () => now }), {
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Dana',
    lastName: 'Reyes',
    businessName: `Reyes Myofunctional ${unique()}`,
    therapistTitle: 'RDH',
    therapistPhone: '5551234567',
    planType: 'essential',
    billingFrequency: 'monthly',
    referredBy: null,
    ...overrides,
  })
  return { id: user.id, email, password, businessId: user.businessId }
}

export async function deactivateUser(db: Db, id: string) {
  await db.update(users).set({ isActive: false }).where(eq(users.id, id))
}

export async function newInviteCode(
  db: Db,
  options: { uses?: number; expiresInDays?: number } = {},
  now = new Date(),
): Promise<string> {
  return (await createInviteCode(testContext(db, { now: () => now }), options)).code
}

/** The payload the register form sends. */
export function registerPayload(inviteCode: string, overrides: Partial<RegisterRequest> = {}) {
  return {
    email: uniqueEmail('new'),
    password: TEST_PASSWORD,
    firstName: 'Riley',
    lastName: 'Okafor',
    businessName: `Okafor Airway Therapy ${unique()}`,
    therapistTitle: 'SLP',
    therapistPhone: '(555) 987-6543',
    planType: 'professional',
    billingFrequency: 'monthly',
    inviteCode,
    ageConfirmed: true,
    acceptTerms: true,
    acceptBAA: true,
    ...overrides,
  } satisfies Partial<RegisterRequest> as RegisterRequest
}

/** Signs the agent in (an IP of its own, so throttling in one test never leaks into another). */
export async function signIn(agent: TestAgent, email: string, password = TEST_PASSWORD) {
  const res = await agent.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: agent.ip,
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  await agent.csrf()
  return res
}

/** A team member (not the primary user) of an existing business, inserted directly. */
export async function insertMember(
  db: Db,
  businessId: string,
  overrides: { email?: string; password?: string; firstName?: string } = {},
): Promise<TestAccount> {
  const password = overrides.password ?? TEST_PASSWORD
  const email = overrides.email ?? uniqueEmail('member')
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: overrides.firstName ?? 'Sam',
      lastName: 'Lee',
      therapistTitle: 'SLP',
      therapistPhone: '5557654321',
      businessId,
      isPrimaryUser: false,
    })
    .returning({ id: users.id })
  return { id: row!.id, email, password, businessId }
}

/** Puts a business on a plan (the trial keeps running). */
export async function setPlan(db: Db, businessId: string, planType: PlanType) {
  await db
    .update(businessSubscriptions)
    .set({ planType })
    .where(eq(businessSubscriptions.businessId, businessId))
}

/** Accepts the three legal documents in force as the agent's user (a primary user signs the BAA). */
export async function acceptAllLegal(agent: TestAgent, signer = 'Dana Reyes') {
  for (const [url, payload] of [
    ['/api/legal/baa/accept', { accept: true, signatureData: { name: signer, title: 'RDH' } }],
    ['/api/legal/terms/accept', { accept: true }],
    ['/api/legal/email-provider-attestation/accept', { accept: true }],
  ] as const) {
    const res = await agent.post(url, payload)
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  }
}

/** A file in a multipart form, as a browser uploads it (`agent.request({ ..., ...form })`). */
export function multipartFile(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----myodocs${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A plain PNG of the given size (a logo). sharp loads on first use, as in the app. */
export async function pngImage(width = 400, height = 120) {
  const { default: sharp } = await import('sharp')
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer()
}

/** Uploads a logo as the business settings page does. */
export const uploadLogo = (
  agent: TestAgent,
  bytes: Buffer,
  name = 'logo.png',
  type = 'image/png',
) =>
  agent.request({
    method: 'POST',
    url: '/api/business/logo',
    ...multipartFile('logo', name, type, bytes),
  })
