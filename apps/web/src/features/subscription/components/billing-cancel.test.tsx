/**
 * Settings › Plan & Billing, the account holder's cancel and reactivate (docs/product/plans.md#billing):
 * cancelling asks for the business name and checks it before anything is sent, the server's
 * field error lands under it and a refusal at the top; Reactivate plan undoes a cancellation and
 * says so or why not; Manage billing's failure is a toast.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  PLAN_CANCELLED,
  PLAN_CANCELLED_TOAST,
  PLAN_REACTIVATED,
} from '@myodocs/shared/constants/plan-messages'
import { BUSINESS_NAME_MISMATCH } from '@myodocs/shared/contracts/subscription'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import {
  active,
  answer,
  inDays,
  paid,
  screenAt,
  signInOwnerForEachTest,
  trial,
  unsubscribed,
} from '../../../../test/billing'
import { stripePage } from '../api/billing'

signInOwnerForEachTest()

const SUBSCRIPTION = `${API_ORIGIN}/api/subscription`

describe('Plan & Billing: cancel and reactivate', () => {
  it('cancelling checks the business name first, then sends it and says how long access lasts', async () => {
    answer(trial, unsubscribed)
    const bodies: unknown[] = []
    api.use(
      http.post(`${SUBSCRIPTION}/cancel`, async ({ request }) => {
        bodies.push(await request.json())
        return ok({
          ...trial,
          status: 'cancelled',
          cancelledAt: inDays(0),
          accessEndsAt: inDays(30),
        })
      }),
    )
    const { user } = screenAt()
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' })
    const name = within(dialog).getByRole('textbox')
    await user.type(name, 'Another Practice')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }))
    expect(await within(dialog).findByText(BUSINESS_NAME_MISMATCH)).toBeVisible()
    expect(bodies).toEqual([])

    await user.clear(name)
    // Compared as the server does: spaces and case aside.
    await user.type(name, '  bright   smiles MYO ')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }))
    expect(await screen.findByText(PLAN_CANCELLED_TOAST)).toBeVisible()
    // The contract trims the ends; the server compares the rest as the dialog did.
    expect(bodies).toEqual([{ confirmBusinessName: 'bright   smiles MYO' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('the server’s field error shows under the name; a refusal without fields at the top', async () => {
    answer(trial, unsubscribed)
    let reply = failure(400, {
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      fields: { confirmBusinessName: BUSINESS_NAME_MISMATCH },
    })
    api.use(http.post(`${SUBSCRIPTION}/cancel`, () => reply))
    const { user } = screenAt()
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' })
    await user.type(within(dialog).getByRole('textbox'), 'Bright Smiles Myo')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }))
    expect(await within(dialog).findByText(BUSINESS_NAME_MISMATCH)).toBeVisible()
    expect(within(dialog).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')

    reply = failure(403, { code: 'FORBIDDEN', message: 'Only the account holder can cancel.' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }))
    expect(await within(dialog).findByText('Only the account holder can cancel.')).toBeVisible()
    // Go back closes without cancelling.
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Reactivate plan undoes a cancellation and says so', async () => {
    const cancelled: Subscription = {
      ...trial,
      status: 'cancelled',
      cancelledAt: inDays(-2),
      accessEndsAt: inDays(28),
    }
    answer(cancelled, { ...unsubscribed, status: 'cancelled', canReactivate: true })
    let posts = 0
    api.use(
      http.post(`${SUBSCRIPTION}/reactivate`, () => {
        posts += 1
        return ok(trial)
      }),
    )
    const { user } = screenAt()
    expect(await screen.findByText(PLAN_CANCELLED)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Reactivate plan' }))
    expect(await screen.findByText(PLAN_REACTIVATED)).toBeVisible()
    expect(posts).toBe(1)
  })

  it('a reactivation the server refuses is a toast with its words', async () => {
    answer(
      { ...trial, status: 'cancelled', cancelledAt: inDays(-2), accessEndsAt: inDays(28) },
      { ...unsubscribed, status: 'cancelled', canReactivate: true },
    )
    api.use(
      http.post(`${SUBSCRIPTION}/reactivate`, () =>
        failure(409, { code: 'CONFLICT', message: 'This plan can no longer be reactivated.' }),
      ),
    )
    const { user } = screenAt()
    await user.click(await screen.findByRole('button', { name: 'Reactivate plan' }))
    expect(await screen.findByText('This plan can no longer be reactivated.')).toBeVisible()
  })

  it('Manage billing sends the browser to Stripe’s portal, or says why it cannot', async () => {
    answer(active, paid)
    const opened = vi.spyOn(stripePage, 'open').mockImplementation(() => undefined)
    let down = false
    api.use(
      http.post(`${API_ORIGIN}/api/billing/portal`, () =>
        down
          ? failure(502, { code: 'PAYMENT_PROVIDER_ERROR', message: 'Stripe did not answer.' })
          : ok({ url: 'https://billing.stripe.test/session/1' }),
      ),
    )
    const { user } = screenAt()
    const manage = await screen.findByRole('button', { name: /Manage billing/ })
    await user.click(manage)
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://billing.stripe.test/session/1'),
    )
    down = true
    await user.click(manage)
    expect(await screen.findByText('Stripe did not answer.')).toBeVisible()
    expect(opened).toHaveBeenCalledTimes(1)
  })
})
