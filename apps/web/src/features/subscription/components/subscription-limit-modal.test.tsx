/**
 * The limit modal (docs/product/errors.md#subscription-errors): it reads the sidebar's count, and
 * an upgrade that raises the limit closes it at once.
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import {
  REFRESH_STATUS,
  USAGE_LIMIT_EXCEEDED,
  USAGE_LIMIT_TITLE,
} from '@myodocs/shared/contracts/subscription'
import { CAN_GENERATE_AGAIN } from '@myodocs/shared/constants/plan-messages'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { announceSubscriptionLimit } from '../../../lib/app-events'
import { subscriptionQuery } from '../api/get-subscription'
import { SubscriptionLimitModal } from './subscription-limit-modal'

const essentialFull: Subscription = {
  id: 's',
  status: 'active',
  planType: 'essential',
  billingFrequency: 'monthly',
  monthlyPdfGenerated: 150,
  monthlyPdfLimit: 150,
  trialEnd: null,
  daysRemaining: 0,
  usagePercentage: 100,
  canGeneratePdf: false,
  cancelledAt: null,
  accessEndsAt: null,
  pdfBlockedReason: 'USAGE_LIMIT_EXCEEDED',
}

describe('the subscription limit modal', () => {
  it('shows the count the sidebar shows and closes when an upgrade raises the limit', async () => {
    api.use(http.get(`${API_ORIGIN}/api/subscription`, () => ok(essentialFull)))
    const { queryClient } = renderScreen(<SubscriptionLimitModal isPrimaryUser />)
    act(() => announceSubscriptionLimit({ code: USAGE_LIMIT_EXCEEDED, message: '' }))
    const modal = await screen.findByRole('dialog', { name: USAGE_LIMIT_TITLE })
    expect(await screen.findByTestId('limit-count')).toHaveTextContent(
      '150 of 150 PDFs generated this month.',
    )
    expect(modal).toBeVisible()
    // The plan page's upgrade writes the new plan into the same query.
    act(() => {
      queryClient.setQueryData(subscriptionQuery.queryKey, {
        ...essentialFull,
        planType: 'professional',
        monthlyPdfGenerated: 12,
        monthlyPdfLimit: 250,
        usagePercentage: 5,
        canGeneratePdf: true,
        pdfBlockedReason: null,
      })
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Refresh Status asks the server again, not the answer of a fetch begun before the click', async () => {
    // The announcement's own refetch is held until after the click and answers "still full".
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let calls = 0
    api.use(
      http.get(`${API_ORIGIN}/api/subscription`, async () => {
        calls += 1
        if (calls === 1) return ok(essentialFull)
        if (calls === 2) {
          await held
          return ok(essentialFull)
        }
        return ok({ ...essentialFull, monthlyPdfLimit: 250, canGeneratePdf: true })
      }),
    )
    renderScreen(<SubscriptionLimitModal isPrimaryUser />)
    await waitFor(() => expect(calls).toBe(1))
    act(() => announceSubscriptionLimit({ code: USAGE_LIMIT_EXCEEDED, message: '' }))
    await screen.findByRole('dialog', { name: USAGE_LIMIT_TITLE })
    await waitFor(() => expect(calls).toBe(2))
    await userEvent.click(screen.getByRole('button', { name: REFRESH_STATUS }))
    release()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText(CAN_GENERATE_AGAIN)).toBeInTheDocument()
  })
})
