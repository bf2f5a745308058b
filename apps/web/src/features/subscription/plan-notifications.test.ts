/** Unit: which plan notices show (trial ending, usage ≥ 80 %, limit, cancelled, expired). */
import { describe, expect, it } from 'vitest'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import type { UsageAlert } from '@myodocs/shared/contracts/analytics'
import { planNotifications, usageAlertIdOf } from './plan-notifications'

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
type Opts = { primary?: boolean; settings?: typeof on; alerts?: UsageAlert[] }
const run = (s: Partial<Subscription>, opts: Opts = {}) =>
  planNotifications({
    subscription: { ...base, ...s },
    usageAlerts: opts.alerts ?? [],
    settings: opts.settings ?? on,
    isPrimaryUser: opts.primary ?? true,
    billingPath: '/app/settings?tab=billing',
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

  const alert = (threshold: number, dismissed = false): UsageAlert => ({
    id: `00000000-0000-4000-8000-0000000000${threshold}`,
    period: '2026-03',
    threshold,
    dismissed,
  })

  it('a server alert at 80 % warns, at 100 % says the limit is reached; ids name the alert', () => {
    const [warn] = run({ usagePercentage: 80, monthlyPdfGenerated: 200 }, { alerts: [alert(80)] })
    expect(warn).toMatchObject({ icon: 'warning' })
    expect(usageAlertIdOf(warn!.id)).toBe(alert(80).id)
    expect(warn!.title).toBe('You have used 80% of this month’s PDFs')
    expect(warn!.message).toContain('200 of 250 PDFs')
    const all = run(
      { usagePercentage: 100, monthlyPdfGenerated: 250 },
      { alerts: [alert(80), alert(100)] },
    )
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({ title: 'Monthly PDF limit reached' })
    expect(usageAlertIdOf(all[0]!.id)).toBe(alert(100).id)
  })

  it('usage alone raises nothing: only the server’s alerts, and not once dismissed', () => {
    expect(run({ usagePercentage: 90 })).toEqual([])
    expect(run({ usagePercentage: 90 }, { alerts: [alert(80, true)] })).toEqual([])
    // A dismissed limit notice does not bring back the 80 % one.
    expect(run({ usagePercentage: 100 }, { alerts: [alert(80), alert(100, true)] })).toEqual([])
    expect(usageAlertIdOf('trial-ending:2026-03-25:soon')).toBeNull()
  })

  it('a notice reads the count the sidebar reads, and clears once an upgrade raises the limit', () => {
    // Essential's limit reached: the server raised the 80 % and 100 % alerts this month.
    const full = { planType: 'essential' as const, monthlyPdfLimit: 150 }
    const alerts = [alert(80), alert(100)]
    const [limit] = run({ ...full, monthlyPdfGenerated: 150, usagePercentage: 100 }, { alerts })
    expect(limit!.message).toContain('150 of 150 PDFs')
    const [near] = run(
      { ...full, monthlyPdfGenerated: 149, usagePercentage: 99 },
      { alerts: [alert(80)] },
    )
    expect(near!.message).toContain('149 of 150 PDFs')
    // Upgraded to Professional: 12 of this user's 250, so no notice at all.
    expect(
      run({ monthlyPdfGenerated: 12, monthlyPdfLimit: 250, usagePercentage: 5 }, { alerts }),
    ).toEqual([])
    // Still over 80 % of the new limit: the 80 % notice, not the limit.
    const [still] = run(
      { monthlyPdfGenerated: 210, monthlyPdfLimit: 250, usagePercentage: 84 },
      { alerts },
    )
    expect(still).toMatchObject({ title: 'You have used 84% of this month’s PDFs' })
    // Premium is unlimited: nothing.
    expect(
      run(
        {
          planType: 'premium',
          monthlyPdfGenerated: 150,
          monthlyPdfLimit: 999_999,
          usagePercentage: 0,
        },
        { alerts },
      ),
    ).toEqual([])
  })

  it('follows the notification settings', () => {
    expect(
      run(
        { usagePercentage: 90 },
        { settings: { ...on, inAppUsageAlerts: false }, alerts: [alert(80)] },
      ),
    ).toEqual([])
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
