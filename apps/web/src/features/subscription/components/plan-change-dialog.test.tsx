/**
 * The plan change dialog (docs/product/plans.md#billing) on its own: a downgrade at the period's
 * end, an upgrade recorded without Stripe, the warning when this month's PDFs already reach the new
 * plan's limit (counted per business or per user as the plan counts them), the confirm button
 * waiting for those figures, and a refused change keeping the dialog with the server's words.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  CHANGE_PLAN_ANYWAY,
  downgradeOverLimitTitle,
  downgradeScheduled,
  planChanged,
} from '@myodocs/shared/constants/plan-messages'
import type { ChangePlanRequest, Subscription } from '@myodocs/shared/contracts/subscription'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { active, inDays, owner, paid, signInOwnerForEachTest } from '../../../../test/billing'
import { PlanChangeDialog } from './plan-change-dialog'

signInOwnerForEachTest()

const QUOTE = `${API_ORIGIN}/api/subscription/change-plan/quote`
const CHANGE = `${API_ORIGIN}/api/subscription/change-plan`
const USAGE = `${API_ORIGIN}/api/analytics/usage`

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

type Quote = { takesEffect: 'now' | 'period_end' | 'checkout'; cents?: number; at?: string | null }

/** The quote, this month's figures and the change as the server answers them; bodies kept. */
function serve(
  target: ChangePlanRequest,
  { takesEffect, cents = 0, at = null }: Quote,
  usage: { business?: number; members?: Array<{ userId: string; count: number }> } = {},
) {
  const changed: unknown[] = []
  api.use(
    http.get(QUOTE, () =>
      ok({
        ...target,
        status: 'active',
        proratedAmountCents: cents,
        takesEffect,
        effectiveAt: at,
      }),
    ),
    http.get(USAGE, () =>
      ok({
        pdfsByMonth: [{ month: '2026-12', count: usage.business ?? 0 }],
        pdfsByMember: (usage.members ?? []).map((m) => ({ ...m, name: 'Someone' })),
        pdfsByKind: [],
      }),
    ),
    http.post(CHANGE, async ({ request }) => {
      changed.push(await request.json())
      return ok({
        subscription: { ...active, planType: target.planType },
        proratedAmountCents: cents,
      })
    }),
  )
  return changed
}

function open(
  target: ChangePlanRequest,
  {
    subscription = active,
    billing = paid,
  }: { subscription?: Subscription; billing?: typeof paid } = {},
) {
  const onClose = vi.fn()
  const view = renderScreen(
    <PlanChangeDialog
      target={target}
      subscription={subscription}
      billing={billing}
      onClose={onClose}
    />,
  )
  return { ...view, onClose }
}

const essential: ChangePlanRequest = { planType: 'essential', billingFrequency: 'monthly' }
const premium: ChangePlanRequest = { planType: 'premium', billingFrequency: 'monthly' }
const professional: ChangePlanRequest = { planType: 'professional', billingFrequency: 'monthly' }

describe('the plan change dialog', () => {
  it('a downgrade takes effect at the period’s end, and says so when confirmed', async () => {
    const at = inDays(24)
    const changed = serve(essential, { takesEffect: 'period_end', at })
    const { user, onClose } = open(essential)
    const dialog = screen.getByRole('dialog', { name: 'Change to Essential, billed monthly?' })
    expect(
      await within(dialog).findByText(
        `The change takes effect on ${shortDate(at)}, at the end of the period you paid for.`,
      ),
    ).toBeVisible()
    expect(within(dialog).getByTestId('prorated-amount')).toHaveTextContent('$0.00')
    expect(dialog).toHaveTextContent('150 PDFs')
    const confirm = within(dialog).getByRole('button', { name: 'Change at period end' })
    await vi.waitFor(() => expect(confirm).toBeEnabled())
    await user.click(confirm)
    expect(await screen.findByText(downgradeScheduled('Essential', shortDate(at)))).toBeVisible()
    expect(changed).toEqual([essential])
    expect(onClose).toHaveBeenCalled()
  })

  it('without Stripe an upgrade is recorded with its prorated amount', async () => {
    const changed = serve(premium, { takesEffect: 'now', cents: 2_500 })
    const { user } = open(premium, { billing: { ...paid, paymentsConfigured: false } })
    const dialog = screen.getByRole('dialog', { name: 'Change to Premium, billed monthly?' })
    expect(await within(dialog).findByTestId('prorated-amount')).toHaveTextContent('$25.00')
    expect(dialog).toHaveTextContent('The change takes effect immediately.')
    expect(dialog).toHaveTextContent('Nothing is charged on this server')
    const confirm = within(dialog).getByRole('button', { name: 'Change plan' })
    await vi.waitFor(() => expect(confirm).toBeEnabled())
    await user.click(confirm)
    expect(await screen.findByText(planChanged('Premium', '$25.00'))).toBeVisible()
    expect(changed).toEqual([premium])
  })

  it('warns when this month already reaches the new plan’s limit, and waits for the figures', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    serve(essential, { takesEffect: 'now' })
    api.use(
      http.get(USAGE, async () => {
        await held
        return ok({ pdfsByMonth: [{ month: '2026-12', count: 160 }], pdfsByMember: [] })
      }),
    )
    open(essential)
    const dialog = screen.getByRole('dialog', { name: 'Change to Essential, billed monthly?' })
    await within(dialog).findByTestId('prorated-amount')
    // The warning must be read before confirming: no confirming before the figures are in.
    expect(within(dialog).getByRole('button', { name: 'Change plan' })).toBeDisabled()
    release()
    const warning = await within(dialog).findByRole('alert')
    expect(warning).toHaveTextContent(downgradeOverLimitTitle('Essential'))
    expect(warning).toHaveTextContent(
      'You have generated 160 PDFs this month; Essential allows 150',
    )
    expect(within(dialog).getByRole('button', { name: CHANGE_PLAN_ANYWAY })).toBeEnabled()
  })

  it('counts only the caller’s own PDFs against a per-user allowance', async () => {
    const premiumNow: Subscription = { ...active, planType: 'premium' }
    serve(
      professional,
      { takesEffect: 'now' },
      {
        business: 600,
        members: [
          { userId: 'someone-else', count: 340 },
          { userId: owner.id, count: 200 },
        ],
      },
    )
    open(professional, { subscription: premiumNow })
    const dialog = screen.getByRole('dialog', { name: 'Change to Professional, billed monthly?' })
    const confirm = await within(dialog).findByRole('button', { name: 'Change plan' })
    await vi.waitFor(() => expect(confirm).toBeEnabled())
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('a per-user allowance the caller already used up is warned about', async () => {
    serve(professional, { takesEffect: 'now' }, { members: [{ userId: owner.id, count: 250 }] })
    open(professional, { subscription: { ...active, planType: 'premium' } })
    const warning = await screen.findByRole('alert')
    expect(warning).toHaveTextContent('You have generated 250 PDFs this month; Professional allows')
  })

  it('a refused change keeps the dialog with the server’s words; Go back closes it', async () => {
    serve(premium, { takesEffect: 'now', cents: 4_032 })
    api.use(
      http.post(CHANGE, () =>
        failure(402, { code: 'PAYMENT_FAILED', message: 'Your card was declined.' }),
      ),
    )
    const { user, onClose } = open(premium)
    const dialog = screen.getByRole('dialog', { name: 'Change to Premium, billed monthly?' })
    const confirm = await within(dialog).findByRole('button', { name: 'Change plan' })
    await vi.waitFor(() => expect(confirm).toBeEnabled())
    await user.click(confirm)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.')
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('shows nothing without a plan to change to', () => {
    renderScreen(
      <PlanChangeDialog target={null} subscription={active} billing={paid} onClose={vi.fn()} />,
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
