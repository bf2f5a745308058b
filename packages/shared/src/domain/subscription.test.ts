import { describe, expect, it } from 'vitest'
import {
  accessEndsAt,
  canGeneratePdf,
  currentMonthlyCount,
  effectiveStatus,
  formatPdfLimit,
  isActiveStatus,
  nextUsageReset,
  proratedChangeCents,
  trialDaysRemaining,
  usagePercentage,
} from './subscription'
import type { SubscriptionState } from './subscription'

const now = new Date('2026-11-21T12:00:00Z')
const base: SubscriptionState = {
  status: 'trial',
  planType: 'essential',
  trialEnd: new Date('2026-12-01T12:00:00Z'),
  cancelledAt: null,
  monthlyPdfGenerated: 0,
  monthlyPdfPeriod: '2026-11',
}

describe('trial', () => {
  it('expires only when now is past trialEnd', () => {
    const atEnd = { ...base, trialEnd: now }
    expect(effectiveStatus(atEnd, now)).toBe('trial')
    expect(effectiveStatus(atEnd, new Date(now.getTime() + 1))).toBe('expired')
  })

  it('rounds days remaining up and never below 0', () => {
    expect(trialDaysRemaining(base, now)).toBe(10)
    expect(trialDaysRemaining({ ...base, trialEnd: new Date(now.getTime() + 1) }, now)).toBe(1)
    expect(
      trialDaysRemaining({ ...base, trialEnd: new Date(now.getTime() + 86_400_000 + 1) }, now),
    ).toBe(2)
    expect(trialDaysRemaining({ ...base, trialEnd: new Date(now.getTime() - 1) }, now)).toBe(0)
    expect(trialDaysRemaining({ ...base, status: 'active' }, now)).toBe(0)
  })
})

describe('cancellation', () => {
  it('keeps access 30 days, then reads expired', () => {
    const s: SubscriptionState = {
      ...base,
      status: 'cancelled',
      cancelledAt: new Date('2026-11-01T00:00:00Z'),
    }
    expect(accessEndsAt(s)?.toISOString()).toBe('2026-12-01T00:00:00.000Z')
    expect(effectiveStatus(s, new Date('2026-12-01T00:00:00Z'))).toBe('cancelled')
    expect(effectiveStatus(s, new Date('2026-12-01T00:00:01Z'))).toBe('expired')
  })
})

describe('PDF generation', () => {
  it('is allowed on an active or trial plan below the limit', () => {
    expect(canGeneratePdf(base, now)).toEqual({ allowed: true })
    expect(canGeneratePdf({ ...base, status: 'active', monthlyPdfGenerated: 149 }, now)).toEqual({
      allowed: true,
    })
    expect(
      isActiveStatus('trial') && isActiveStatus('active') && !isActiveStatus('cancelled'),
    ).toBe(true)
  })

  it('stops at the limit (150 essential, 250 professional, never for premium)', () => {
    expect(canGeneratePdf({ ...base, monthlyPdfGenerated: 150 }, now)).toEqual({
      allowed: false,
      reason: 'USAGE_LIMIT_EXCEEDED',
    })
    expect(
      canGeneratePdf({ ...base, planType: 'professional', monthlyPdfGenerated: 249 }, now).allowed,
    ).toBe(true)
    expect(
      canGeneratePdf({ ...base, planType: 'professional', monthlyPdfGenerated: 250 }, now).allowed,
    ).toBe(false)
    expect(
      canGeneratePdf({ ...base, planType: 'premium', monthlyPdfGenerated: 100_000 }, now).allowed,
    ).toBe(true)
  })

  it('resets the count in a new month', () => {
    const lastMonth = { ...base, monthlyPdfGenerated: 150, monthlyPdfPeriod: '2026-10' }
    expect(currentMonthlyCount(lastMonth, now)).toBe(0)
    expect(canGeneratePdf(lastMonth, now).allowed).toBe(true)
  })

  it('resets at the first of the next UTC month, December into January', () => {
    expect(nextUsageReset(new Date('2026-11-30T23:59:59Z')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    )
    expect(nextUsageReset(new Date('2026-12-15T12:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    )
  })

  it('refuses an expired trial, a cancelled or an expired plan with TRIAL_EXPIRED', () => {
    const over = { ...base, trialEnd: new Date(now.getTime() - 1) }
    for (const s of [
      over,
      { ...base, status: 'cancelled' as const, cancelledAt: now },
      { ...base, status: 'expired' as const },
    ]) {
      expect(canGeneratePdf(s, now)).toEqual({ allowed: false, reason: 'TRIAL_EXPIRED' })
    }
  })
})

describe('usage display', () => {
  it('caps the percentage at 100 and shows premium as Unlimited', () => {
    expect(usagePercentage(75, 150)).toBe(50)
    expect(usagePercentage(151, 150)).toBe(100)
    expect(usagePercentage(10, 999_999)).toBe(0)
    expect(formatPdfLimit(999_999)).toBe('Unlimited')
    expect(formatPdfLimit(250)).toBe('250')
  })
})

describe('proration', () => {
  const periodStart = new Date('2026-11-01T00:00:00Z')
  const periodEnd = new Date('2026-12-01T00:00:00Z')
  const mid = new Date('2026-11-16T00:00:00Z')
  it('owes the price difference for the unused half of the period on an upgrade', () => {
    expect(
      proratedChangeCents({
        from: 'essential',
        to: 'professional',
        billing: 'monthly',
        status: 'active',
        periodStart,
        periodEnd,
        now: mid,
      }),
    ).toBe(1500)
    expect(
      proratedChangeCents({
        from: 'essential',
        to: 'premium',
        billing: 'annually',
        status: 'active',
        periodStart,
        periodEnd,
        now: mid,
      }),
    ).toBe(40000)
  })
  it('owes nothing on a downgrade, during a trial, or at the period end', () => {
    expect(
      proratedChangeCents({
        from: 'premium',
        to: 'essential',
        billing: 'monthly',
        status: 'active',
        periodStart,
        periodEnd,
        now: mid,
      }),
    ).toBe(0)
    expect(
      proratedChangeCents({
        from: 'essential',
        to: 'premium',
        billing: 'monthly',
        status: 'trial',
        periodStart,
        periodEnd,
        now: mid,
      }),
    ).toBe(0)
    expect(
      proratedChangeCents({
        from: 'essential',
        to: 'premium',
        billing: 'monthly',
        status: 'active',
        periodStart,
        periodEnd,
        now: periodEnd,
      }),
    ).toBe(0)
  })
})
