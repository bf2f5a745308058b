/**
 * /app/analytics (docs/product/analytics.md): the period picked becomes the call's range, the
 * totals and each chart's text summary come from the answer, every chart has its table, a member
 * is told the figures are their own, an empty period says so, and a failed load offers Try again.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AnalyticsUsage } from '@myodocs/shared/contracts/analytics'
import { TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { emailsSummary, monthLabel, pdfsByKindSummary, pdfsByMonthSummary } from '../summaries'
import AnalyticsPage from './analytics'

beforeAll(() => {
  // Recharts sizes its charts with ResizeObserver; the test DOM lays nothing out.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

const usage: AnalyticsUsage = {
  from: '2026-07-01',
  to: '2026-12-07',
  scope: 'business',
  plan: {
    planType: 'professional',
    status: 'active',
    monthlyPdfLimit: 250,
    limitPer: 'business',
    trialEnd: null,
    trialDaysRemaining: null,
  },
  pdfsByMonth: [
    { month: '2026-11', count: 40 },
    { month: '2026-12', count: 12 },
  ],
  pdfsByKind: [
    { kind: 'assessment', count: 30 },
    { kind: 'exercise', count: 22 },
  ],
  pdfsByMember: [
    { userId: 'u1', name: 'Dana Reyes', count: 45 },
    { userId: null, name: 'Former member', count: 7 },
  ],
  emailsByWeek: [{ weekStart: '2026-11-30', sent: 5, failed: 1, unknown: 0, sending: 0 }],
  totals: { pdfs: 52, emails: 6 },
}

let ranges: { from: string | null; to: string | null }[]
beforeEach(() => {
  ranges = []
})

function serve(answer: () => Response = () => ok(usage)) {
  api.use(
    http.get(`${API_ORIGIN}/api/analytics/usage`, ({ request }) => {
      const search = new URL(request.url).searchParams
      ranges.push({ from: search.get('from'), to: search.get('to') })
      return answer()
    }),
  )
}

/** The first day of the month `months - 1` months back (UTC), as the page computes it. */
const startOf = (months: number) => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1))
    .toISOString()
    .slice(0, 10)
}

describe('Analytics', () => {
  it('shows the totals and each chart’s summary for the last 6 months', async () => {
    serve()
    renderScreen(<AnalyticsPage />)
    expect(await screen.findByTestId('total-pdfs')).toHaveTextContent('52')
    expect(screen.getByTestId('total-emails')).toHaveTextContent('6')
    expect(screen.getByText(pdfsByMonthSummary(usage))).toBeVisible()
    expect(screen.getByText(pdfsByKindSummary(usage))).toBeVisible()
    expect(screen.getByText(emailsSummary(usage))).toBeVisible()
    expect(screen.getByRole('heading', { name: 'PDFs by team member' })).toBeVisible()
    expect(ranges[0]!.from).toBe(startOf(6))
    expect(document.title).toBe('Analytics | MyoDocs')
  })

  it('another period asks for its own range', async () => {
    serve()
    const { user } = renderScreen(<AnalyticsPage />)
    await screen.findByTestId('total-pdfs')
    await user.click(screen.getByRole('radio', { name: 'Last 12 months' }))
    await waitFor(() => expect(ranges.map((r) => r.from)).toEqual([startOf(6), startOf(12)]))
    await user.click(screen.getByRole('radio', { name: 'Last 3 months' }))
    await waitFor(() => expect(ranges.at(-1)!.from).toBe(startOf(3)))
  })

  it('Show as table gives the same figures, with the plan’s limit beside each month', async () => {
    serve()
    const { user } = renderScreen(<AnalyticsPage />)
    const card = (await screen.findByRole('heading', { name: 'PDFs per month' })).closest(
      '[role="region"]',
    ) as HTMLElement
    const toggle = within(card).getByRole('button', { name: 'Show as table' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const table = within(card).getByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      `${monthLabel('2026-11')}40250`,
      `${monthLabel('2026-12')}12250`,
    ])
    await user.click(within(card).getByRole('button', { name: 'Show as chart' }))
    expect(within(card).queryByRole('table')).toBeNull()
  })

  it('a member reads their own figures', async () => {
    serve(() => ok({ ...usage, scope: 'self' }))
    renderScreen(<AnalyticsPage />)
    expect(await screen.findByText('Your own PDFs and emails, against your plan.')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Your PDFs' })).toBeVisible()
  })

  it('a trial shows its days left; an empty period says there is nothing yet', async () => {
    serve(() =>
      ok({
        ...usage,
        plan: {
          ...usage.plan,
          status: 'trial',
          trialEnd: '2026-12-20',
          trialDaysRemaining: 13,
        },
        pdfsByMonth: [{ month: '2026-12', count: 0 }],
        pdfsByKind: [],
        pdfsByMember: [],
        emailsByWeek: [],
        totals: { pdfs: 0, emails: 0 },
      }),
    )
    renderScreen(<AnalyticsPage />)
    expect(await screen.findByTestId('trial')).toHaveTextContent('13')
    expect(screen.getByText('Nothing here yet.')).toBeVisible()
  })

  it('a failed load says why and Try again asks again', async () => {
    let calls = 0
    serve(() => {
      calls += 1
      return calls === 1
        ? failure(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' })
        : ok(usage)
    })
    const { user } = renderScreen(<AnalyticsPage />)
    expect(await screen.findByText('Your usage could not be loaded.')).toBeVisible()
    expect(screen.getByText('Something went wrong on our side.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: TRY_AGAIN }))
    expect(await screen.findByTestId('total-pdfs')).toHaveTextContent('52')
  })
})
