/**
 * Settings › Plan & Billing as the account holder sees it (docs/product/plans.md#billing): payments
 * not set up, a trial subscribing through Checkout, a paid plan with Stripe's next charge, card and
 * invoices, the upgrade's amount due now, a downgrade refused with what to change, a failed
 * payment's grace, a plan ending at the period's end, and the read-only month after it.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { REACTIVATE_TO_SWITCH } from '@myodocs/shared/constants/plan-messages'
import type { Team } from '@myodocs/shared/contracts/team'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import {
  active,
  answer,
  inDays,
  owner,
  paid,
  screenAt,
  signInOwnerForEachTest,
  trial,
  unsubscribed,
} from '../../../../test/billing'
import { stripePage } from '../api/billing'

signInOwnerForEachTest()

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

describe('Plan & Billing', () => {
  it('says payments are not set up when the server has no Stripe', async () => {
    answer(trial, { ...unsubscribed, paymentsConfigured: false })
    screenAt()
    expect(await screen.findByText(/Payments are not set up on this server/)).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).toBeNull()
    expect(screen.queryByText('Next charge')).toBeNull()
  })

  it('a trial subscribes through Stripe Checkout, its trial days carried over', async () => {
    answer(trial, unsubscribed)
    let body: unknown
    api.use(
      http.get(`${API_ORIGIN}/api/subscription/change-plan/quote`, ({ request }) => {
        const q = new URL(request.url).searchParams
        return ok({
          planType: q.get('planType'),
          billingFrequency: q.get('billingFrequency'),
          status: 'trial',
          proratedAmountCents: 0,
          takesEffect: 'checkout',
          effectiveAt: null,
        })
      }),
      http.get(`${API_ORIGIN}/api/analytics/usage`, () =>
        ok({ pdfsByMonth: [], pdfsByMember: [], pdfsByType: [] }),
      ),
      http.post(`${API_ORIGIN}/api/billing/checkout`, async ({ request }) => {
        body = await request.json()
        return ok({ url: 'http://stripe.test/checkout/cs_1' })
      }),
    )
    const open = vi.spyOn(stripePage, 'open').mockImplementation(() => undefined)
    const { user } = screenAt()
    expect(await screen.findByTestId('card')).toHaveTextContent('No card on file')
    expect(screen.getByTestId('next-charge')).toHaveTextContent('None during your free trial')
    // The current plan's card and the plans list both offer it.
    await user.click(screen.getAllByRole('button', { name: 'Subscribe to Professional' })[0]!)
    const dialog = await screen.findByRole('dialog', {
      name: 'Subscribe to Professional, billed monthly?',
    })
    expect(dialog).toHaveTextContent(
      `Your free trial continues until ${shortDate(trial.trialEnd!)}`,
    )
    expect(within(dialog).getByTestId('prorated-amount')).toHaveTextContent('$79 per month')
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }))
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('http://stripe.test/checkout/cs_1'))
    expect(body).toEqual({ planType: 'professional', billingFrequency: 'monthly' })
  })

  it('a paid plan shows Stripe’s next charge, the card and the invoices; Manage billing opens the portal', async () => {
    answer(active, paid)
    api.use(
      http.post(`${API_ORIGIN}/api/billing/portal`, () =>
        ok({ url: 'http://stripe.test/portal/bps_1' }),
      ),
    )
    const open = vi.spyOn(stripePage, 'open').mockImplementation(() => undefined)
    const { user } = screenAt()
    expect(await screen.findByTestId('next-charge')).toHaveTextContent(
      `$79.00 on ${shortDate(paid.nextCharge!.date)}`,
    )
    expect(screen.getByTestId('card')).toHaveTextContent('Visa •••• 4242')
    expect(screen.getByTestId('billing-seats')).toHaveTextContent('1 of 3 used')
    const invoices = screen.getByTestId('invoices')
    expect(invoices).toHaveTextContent('Nov 4, 2026')
    expect(invoices).toHaveTextContent('$79.00')
    expect(within(invoices).getByRole('link', { name: /View invoice/ })).toHaveAttribute(
      'href',
      'https://stripe.test/invoice/in_1',
    )
    await user.click(screen.getByRole('button', { name: 'Manage billing' }))
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('http://stripe.test/portal/bps_1'))
  })

  it('an upgrade shows Stripe’s amount due now before it is confirmed', async () => {
    answer(active, paid)
    let changed: unknown
    api.use(
      http.get(`${API_ORIGIN}/api/subscription/change-plan/quote`, () =>
        ok({
          planType: 'premium',
          billingFrequency: 'monthly',
          status: 'active',
          proratedAmountCents: 4032,
          takesEffect: 'now',
          effectiveAt: null,
        }),
      ),
      http.get(`${API_ORIGIN}/api/analytics/usage`, () =>
        ok({ pdfsByMonth: [], pdfsByMember: [], pdfsByType: [] }),
      ),
      http.post(`${API_ORIGIN}/api/subscription/change-plan`, async ({ request }) => {
        changed = await request.json()
        return ok({ subscription: { ...active, planType: 'premium' }, proratedAmountCents: 4032 })
      }),
    )
    const { user } = screenAt()
    await user.click(await screen.findByRole('button', { name: 'Switch to Premium' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change to Premium, billed monthly?' })
    expect(await within(dialog).findByTestId('prorated-amount')).toHaveTextContent('$40.32')
    expect(dialog).toHaveTextContent('Charged now to your card on file')
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }))
    expect(
      await screen.findByText(
        'You are now on Premium. $40.32 (prorated) was charged to your card.',
      ),
    ).toBeVisible()
    expect(changed).toEqual({ planType: 'premium', billingFrequency: 'monthly' })
  })

  it('a downgrade the team does not fit is refused with what to change, by name', async () => {
    answer(active, { ...paid, seats: { included: 3, extra: 0, used: 3 } })
    const team: Team = {
      members: [
        {
          id: 'u1',
          email: owner.email,
          firstName: 'Dana',
          lastName: 'Reyes',
          therapistTitle: 'OMT',
          isActive: true,
          isPrimaryUser: true,
          lastSignInAt: null,
          pdfsThisMonth: 0,
          twoStep: false,
          createdAt: owner.createdAt,
        },
        {
          id: 'u2',
          email: 'jordan@clinic.test',
          firstName: 'Jordan',
          lastName: 'Park',
          therapistTitle: 'SLP',
          isActive: true,
          isPrimaryUser: false,
          lastSignInAt: null,
          pdfsThisMonth: 3,
          twoStep: false,
          createdAt: owner.createdAt,
        },
      ],
      invitations: [
        {
          id: 'i1',
          email: 'riley@clinic.test',
          firstName: 'Riley',
          lastName: 'Okafor',
          sentAt: inDays(-1),
          expiresAt: inDays(6),
          expired: false,
        },
      ],
      seats: { used: 3, limit: 3, additionalMemberPrice: 30 },
    }
    api.use(
      http.get(`${API_ORIGIN}/api/subscription/change-plan/quote`, () => HttpResponseRefusal()),
      http.get(`${API_ORIGIN}/api/analytics/usage`, () =>
        ok({ pdfsByMonth: [], pdfsByMember: [], pdfsByType: [] }),
      ),
      http.get(`${API_ORIGIN}/api/team`, () => ok(team)),
    )
    const { user } = screenAt()
    await user.click(await screen.findByRole('button', { name: 'Switch to Essential' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Change to Essential, billed monthly?',
    })
    const refusal = await within(dialog).findByRole('alert')
    expect(refusal).toHaveTextContent('Essential includes 1 seat, and 3 are in use')
    expect(within(refusal).getByTestId('refusal-changes')).toHaveTextContent('Free 2 seats')
    expect(await within(refusal).findByTestId('seats-in-use')).toHaveTextContent(
      'Jordan Park (member)',
    )
    expect(within(refusal).getByTestId('seats-in-use')).toHaveTextContent(
      'riley@clinic.test (invitation pending)',
    )
    expect(within(refusal).getByTestId('seats-in-use')).not.toHaveTextContent('Dana Reyes')
    expect(within(dialog).queryByRole('button', { name: /Change/ })).toBeNull()
  })

  it('a failed payment: the grace date and Update card', async () => {
    const grace = inDays(5)
    answer({ ...active, status: 'past_due' }, { ...paid, status: 'past_due', graceEndsAt: grace })
    screenAt()
    expect(await screen.findByText('We could not collect your last payment')).toBeVisible()
    expect(
      screen.getByText(`Documents keep working until ${shortDate(grace)}.`, { exact: false }),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Update card' })).toBeVisible()
  })

  it('cancelled at the period’s end: documents until then, read-only after, reactivation offered', async () => {
    const end = paid.currentPeriodEnd!
    answer(active, { ...paid, cancelAtPeriodEnd: true, nextCharge: null, canReactivate: true })
    screenAt()
    expect(await screen.findByText(`Your plan ends on ${shortDate(end)}`)).toBeVisible()
    expect(
      screen.getByText(/Documents keep working until .*30 days of read-only access/),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Reactivate plan' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull()
    expect(screen.getByTestId('next-charge')).toHaveTextContent('None: the plan ends')
    // A smaller plan would start only after the end: not offered until the plan is reactivated;
    // a higher plan applies now, so it still is.
    const plans = screen.getByRole('list', { name: 'Plans' })
    const essential = within(plans).getByRole('listitem', { name: 'Essential plan' })
    expect(within(essential).queryByRole('button')).toBeNull()
    expect(essential).toHaveTextContent(REACTIVATE_TO_SWITCH)
    expect(within(plans).getByRole('button', { name: 'Switch to Premium' })).toBeEnabled()
    expect(within(plans).getByRole('button', { name: 'Your current plan' })).toBeDisabled()
  })

  it('after the paid period: read-only until the date, and a new subscription instead of Reactivate', async () => {
    const until = inDays(20)
    answer(
      { ...active, status: 'cancelled', canGeneratePdf: false, accessEndsAt: until },
      { ...paid, status: 'cancelled', subscribed: false, nextCharge: null },
    )
    screenAt()
    expect(
      await screen.findByText(`Your plan has ended: read-only until ${shortDate(until)}`),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Reactivate plan' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Subscribe to Premium' })).toBeVisible()
  })
})

function HttpResponseRefusal() {
  return Response.json(
    {
      success: false,
      code: 'CONFLICT',
      message:
        'Essential includes 1 seat, and 3 are in use by active members and pending invitations.',
      changes: [
        'Free 2 seats in Settings › Team: deactivate or remove members, or delete pending invitations.',
        'Then choose the plan again.',
      ],
    },
    { status: 409 },
  )
}
