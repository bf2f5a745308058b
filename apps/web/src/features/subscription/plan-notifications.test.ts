/** Unit: which plan notices show (trial ending, usage ≥ 80 %, limit, cancelled, expired). */
import { describe, expect, it } from 'vitest'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { planNotifications } from './plan-notifications'

const now = new Date('2026-03-20T12:00:00Z')
const base: Subscription = {
  id: 's',
  status: 'trial',
  planType: 'professional',
  billingFrequency: 'monthly',
  monthlyPdfGenerated: 10,
  monthlyPdfLimit: 250,
  trialEnd: '2026-04-10T12:00:00Z',
  daysRemaining: 21,
  usagePercentage: 4,
  canGeneratePdf: true,
  cancelledAt: null,
  accessEndsAt: null,
  pdfBlockedReason: null,
}
const on = { inAppNotifications: true, inAppUsageAlerts: true }
const run = (s: Partial<Subscription>, opts: { primary?: boolean; settings?: typeof on } = {}) =>
  planNotifications({
    subscription: { ...base, ...s },
    settings: opts.settings ?? on,
    isPrimaryUser: opts.primary ?? true,
    billingPath: '/app/settings?tab=billing',
    now,
  })

describe('plan notifications', () => {
  it('nothing to say early in a trial with little usage', () => {
    expect(run({})).toEqual([])
  })

  it('announces a trial ending within 7 days, with a way to choose a plan', () => {
    const [n] = run({ daysRemaining: 5, trialEnd: '2026-03-25T12:00:00Z' })
    expect(n).toMatchObject({
      title: 'Your free trial ends in 5 days',
      icon: 'warning',
      actions: [{ label: 'Choose a plan', to: '/app/settings?tab=billing' }],
    })
    expect(n!.message).toContain('March 25, 2026')
    expect(run({ daysRemaining: 1 })[0]!.title).toBe('Your free trial ends today')
    // A new occasion (the last day) is a new notice, even if the earlier one was dismissed.
    expect(run({ daysRemaining: 1 })[0]!.id).not.toBe(run({ daysRemaining: 5 })[0]!.id)
  })

  it('members are sent to their administrator instead of the plans', () => {
    const [n] = run({ daysRemaining: 3 }, { primary: false })
    expect(n!.actions).toEqual([])
    expect(n!.message).toContain('Please contact your account administrator to upgrade your plan.')
  })

  it('usage at 80 % warns, at 100 % says the limit is reached; ids name the month', () => {
    const [warn] = run({ usagePercentage: 80, monthlyPdfGenerated: 200 })
    expect(warn).toMatchObject({ id: 'usage-alert:2026-03', icon: 'warning' })
    expect(warn!.title).toBe('You have used 80% of this month’s PDFs')
    expect(warn!.message).toContain('200 of 250 PDFs')
    const [full] = run({ usagePercentage: 100, monthlyPdfGenerated: 250 })
    expect(full).toMatchObject({ id: 'usage-limit:2026-03', title: 'Monthly PDF limit reached' })
    expect(run({ usagePercentage: 79 })).toEqual([])
  })

  it('follows the notification settings', () => {
    expect(run({ usagePercentage: 90 }, { settings: { ...on, inAppUsageAlerts: false } })).toEqual(
      [],
    )
    expect(
      run(
        { daysRemaining: 2 },
        { settings: { inAppNotifications: false, inAppUsageAlerts: true } },
      ),
    ).toEqual([])
  })

  it('a cancelled plan says until when; an expired one asks for a plan', () => {
    const [c] = run({
      status: 'cancelled',
      cancelledAt: '2026-03-01T00:00:00Z',
      accessEndsAt: '2026-03-31T00:00:00Z',
    })
    expect(c).toMatchObject({ title: 'Your plan is cancelled', actions: [{ label: 'Reactivate' }] })
    expect(c!.message).toContain('March 31, 2026')
    expect(run({ status: 'expired', daysRemaining: 0 })[0]).toMatchObject({
      title: 'Your plan has ended',
      icon: 'error',
    })
  })
})
