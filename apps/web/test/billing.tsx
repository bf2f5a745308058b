/**
 * What the Plan & Billing component tests share (features/subscription): the account holder, a trial and a paid
 * subscription with their billing, the answers of the two reads, and the screen.
 */
import { act } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import type { User } from '@myodocs/shared/contracts/auth'
import type { Billing } from '@myodocs/shared/contracts/billing'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { API_ORIGIN, api, failure, http, ok } from './api'
import { renderScreen } from './render'
import { buildUser } from './user'
import { authStore } from '../src/features/sessions'
import { BillingSettings } from '../src/features/subscription/components/billing-settings'

export const owner: User = buildUser({
  id: 'u1',
  email: 'dana@clinic.test',
  firstName: 'Dana',
  lastName: 'Reyes',
  therapistTitle: 'OMT',
  therapistPhone: '',
  businessId: 'b1',
  createdAt: '2026-01-01T00:00:00Z',
  subscription: { monthlyPdfGenerated: 12, monthlyPdfLimit: 250 },
})

export const DAY = 86_400_000
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString()

export const trial: Subscription = {
  id: 's1',
  status: 'trial',
  planType: 'professional',
  billingFrequency: 'monthly',
  monthlyPdfGenerated: 12,
  monthlyPdfLimit: 250,
  trialEnd: inDays(20),
  daysRemaining: 20,
  usagePercentage: 5,
  canGeneratePdf: true,
  cancelledAt: null,
  accessEndsAt: null,
  pdfBlockedReason: null,
}
export const active: Subscription = { ...trial, status: 'active', trialEnd: null, daysRemaining: 0 }

export const unsubscribed: Billing = {
  paymentsConfigured: true,
  planType: 'professional',
  billingFrequency: 'monthly',
  status: 'trial',
  currentPeriodEnd: trial.trialEnd,
  cancelAtPeriodEnd: false,
  seats: { included: 3, extra: 0, used: 1 },
  card: null,
  invoices: [],
  nextCharge: null,
  scheduledChange: null,
  graceEndsAt: null,
  hasCustomer: false,
  subscribed: false,
  canReactivate: false,
}
export const paid: Billing = {
  ...unsubscribed,
  status: 'active',
  currentPeriodEnd: inDays(24),
  card: { brand: 'visa', last4: '4242' },
  invoices: [
    {
      id: 'in_1',
      date: '2026-11-04T09:00:00Z',
      amountCents: 7900,
      status: 'paid',
      url: 'https://stripe.test/invoice/in_1',
    },
  ],
  nextCharge: { amountCents: 7900, date: inDays(24) },
  hasCustomer: true,
  subscribed: true,
}

/** `GET /api/subscription` and `GET /api/billing` answer these. */
export function answer(subscription: Subscription, billing: Billing) {
  api.use(
    http.get(`${API_ORIGIN}/api/subscription`, () => ok(subscription)),
    http.get(`${API_ORIGIN}/api/billing`, () => ok(billing)),
  )
}

/** The account holder signed in for each test of the file; the browser's storage cleared after. */
export function signInOwnerForEachTest() {
  beforeEach(() => {
    api.use(
      http.get(`${API_ORIGIN}/api/auth/me`, () => ok({ user: owner })),
      http.get(`${API_ORIGIN}/api/auth/draft-key`, () =>
        failure(503, { code: 'UNAVAILABLE', message: 'no key in tests' }),
      ),
    )
    act(() => authStore.signedIn(owner))
  })
  afterEach(() => {
    localStorage.clear()
    vi.restoreAllMocks()
  })
}

/** Settings › Plan & Billing rendered at `route`. */
export const screenAt = (route = '/app/settings?tab=billing') =>
  renderScreen(<BillingSettings />, { route })
