import { describe, expect, it } from 'vitest'
import type { AnalyticsUsage } from '@myodocs/shared/contracts/analytics'
import {
  chartLimit,
  emailsSummary,
  pdfsByKindSummary,
  pdfsByMonthSummary,
  trialSummary,
} from './summaries'

const usage = (over: Partial<AnalyticsUsage> = {}): AnalyticsUsage => ({
  from: '2026-01-01',
  to: '2026-03-31',
  scope: 'business',
  plan: {
    planType: 'essential',
    status: 'trial',
    monthlyPdfLimit: 150,
    limitPer: 'business',
    trialEnd: '2026-04-19T00:00:00.000Z',
    trialDaysRemaining: 12,
  },
  pdfsByMonth: [
    { month: '2026-01', count: 4 },
    { month: '2026-02', count: 0 },
    { month: '2026-03', count: 120 },
  ],
  pdfsByKind: [
    { kind: 'assessment', count: 100 },
    { kind: 'exercise', count: 24 },
  ],
  pdfsByMember: [],
  emailsByWeek: [{ weekStart: '2026-01-05', sent: 3, failed: 1, unknown: 0, sending: 0 }],
  totals: { pdfs: 124, emails: 4 },
  ...over,
})

describe('the charts’ text summaries', () => {
  it('says the total, the busiest month and this month against the limit', () => {
    expect(pdfsByMonthSummary(usage())).toBe(
      '124 PDFs generated from Jan 2026 to Mar 2026. The busiest month was Mar 2026 with 120 PDFs. Mar 2026: 120 of 150 PDFs (80% of the monthly limit).',
    )
  })

  it('draws no limit line for a whole practice on a per-user allowance, nor for unlimited plans', () => {
    const plan = usage().plan
    expect(chartLimit(usage({ plan: { ...plan, limitPer: 'user' } }))).toBeNull()
    expect(chartLimit(usage({ scope: 'self', plan: { ...plan, limitPer: 'user' } }))).toBe(150)
    expect(chartLimit(usage({ plan: { ...plan, monthlyPdfLimit: null } }))).toBeNull()
  })

  it('names the document types, the emails by status and the trial days', () => {
    expect(pdfsByKindSummary(usage())).toBe('Assessment Report: 100; Exercise Prescription: 24.')
    expect(emailsSummary(usage())).toBe('4 emails over 1 week: 3 sent, 1 failed.')
    expect(emailsSummary(usage({ emailsByWeek: [] }))).toBe('No emails sent in this range.')
    expect(trialSummary(usage())).toBe('12 days left in your trial.')
    expect(trialSummary(usage({ plan: { ...usage().plan, trialDaysRemaining: null } }))).toBeNull()
  })
})
