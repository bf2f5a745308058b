/**
 * The Team tab's extra seats (docs/product/plans.md#team-seats): Remove a seat beside Add a seat
 * once one is paid for; a seat still held by members or invitations is refused with the server's
 * words before anything is asked, and a refusal the server answers shows in the same place.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Billing } from '@myodocs/shared/contracts/billing'
import { SEATS_STILL_USED } from '@myodocs/shared/contracts/billing'
import {
  REMOVE_SEAT,
  removeSeatConfirm,
  SEAT_REMOVED,
} from '@myodocs/shared/constants/plan-messages'
import { addSeatLabel, teamFull } from '@myodocs/shared/constants/team-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { SeatActions } from './seat-actions'

const paid: Billing = {
  paymentsConfigured: true,
  planType: 'professional',
  billingFrequency: 'monthly',
  status: 'active',
  currentPeriodEnd: '2027-01-04T09:00:00Z',
  cancelAtPeriodEnd: false,
  seats: { included: 3, extra: 1, used: 2 },
  card: { brand: 'visa', last4: '4242' },
  invoices: [],
  nextCharge: { amountCents: 10900, date: '2027-01-04T09:00:00Z' },
  scheduledChange: null,
  graceEndsAt: null,
  hasCustomer: true,
  subscribed: true,
  canReactivate: false,
}

/** GET /api/billing answers `billing`; POST /api/billing/seats records its body and answers `seats`. */
function serve(billing: Billing, seats: (extra: number) => Response) {
  const asked: number[] = []
  api.use(
    http.get(`${API_ORIGIN}/api/billing`, () => ok(billing)),
    http.post(`${API_ORIGIN}/api/billing/seats`, async ({ request }) => {
      const { extra } = (await request.json()) as { extra: number }
      asked.push(extra)
      return seats(extra)
    }),
  )
  return asked
}

describe('Remove a seat', () => {
  it('sits beside Add a seat and gives back an unused extra seat, after a question', async () => {
    const asked = serve(paid, (extra) => ok({ ...paid, seats: { ...paid.seats, extra } }))
    const { user } = renderScreen(<SeatActions used={2} limit={4} seatPrice={30} />)
    const remove = await screen.findByRole('button', { name: REMOVE_SEAT })
    expect(screen.getByRole('button', { name: addSeatLabel(30) })).toBeVisible()
    await user.click(remove)
    const dialog = await screen.findByRole('dialog', { name: REMOVE_SEAT })
    expect(dialog).toHaveTextContent(removeSeatConfirm(30))
    await user.click(within(dialog).getByRole('button', { name: REMOVE_SEAT }))
    expect(await screen.findByText(SEAT_REMOVED)).toBeVisible()
    expect(asked).toEqual([0])
  })

  it('is refused, with what to change, while members and invitations hold every seat', async () => {
    const asked = serve(paid, () => ok(paid))
    const { user } = renderScreen(<SeatActions used={4} limit={4} seatPrice={30} />)
    expect(await screen.findByText(teamFull(4))).toBeVisible()
    await user.click(screen.getByRole('button', { name: REMOVE_SEAT }))
    expect(screen.getByRole('alert')).toHaveTextContent(SEATS_STILL_USED(4, 3))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(asked).toEqual([])
  })

  it('shows the server’s refusal in the same place (an invitation sent from another tab)', async () => {
    const asked = serve(paid, () =>
      failure(409, { code: 'CONFLICT', message: SEATS_STILL_USED(4, 3) }),
    )
    const { user } = renderScreen(<SeatActions used={3} limit={4} seatPrice={30} />)
    await user.click(await screen.findByRole('button', { name: REMOVE_SEAT }))
    const dialog = await screen.findByRole('dialog', { name: REMOVE_SEAT })
    await user.click(within(dialog).getByRole('button', { name: REMOVE_SEAT }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('alert')).toHaveTextContent(SEATS_STILL_USED(4, 3))
    expect(asked).toEqual([0])
  })

  it('is not offered before an extra seat is paid for, nor with room left', async () => {
    serve({ ...paid, seats: { ...paid.seats, extra: 0 } }, () => ok(paid))
    renderScreen(<SeatActions used={3} limit={3} seatPrice={30} />)
    expect(await screen.findByRole('button', { name: addSeatLabel(30) })).toBeVisible()
    expect(screen.queryByRole('button', { name: REMOVE_SEAT })).toBeNull()
  })
})
