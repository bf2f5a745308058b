/**
 * Test data, unique by default: accounts inserted straight into the database (the registration
 * service's own `createAccount`), invite codes, and the register payload the browser sends.
 */
import { eq } from 'drizzle-orm'
import type { RegisterRequest } from '@myodocs/shared/contracts/auth'
import type { Db } from '../src/db/client'
import { users } from '../src/db/schema'
import { createAccount } from '../src/modules/auth/registration'
import type { NewAccount } from '../src/modules/auth/registration'
import { hashPassword } from '../src/modules/auth/passwords'
import { createInviteCode } from '../src/modules/invite-codes/service'
import type { TestAgent } from './test-app'

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
  const user = await createAccount(
    db,
    {
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
    },
    overrides.now ?? new Date(),
  )
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
  return (await createInviteCode(db, options, now)).code
}

/** The payload the register form sends (SPEC §3 Register payload + invite code + confirmations). */
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
