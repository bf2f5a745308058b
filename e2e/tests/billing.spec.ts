/**
 * Paying for MyoDocs in a real browser (docs/product/plans.md#billing), against the local Stripe
 * (apps/server/test/test-stripe.ts) named to the server by its STRIPE_* configuration, its events
 * delivered to the webhook signed as Stripe signs them: a practice on its free trial subscribes
 * through the local Checkout page, its trial ends and Stripe charges it, it upgrades with Stripe's
 * prorated amount shown first, adds a seat when the team is full, invites a member into it, and
 * cancels at the end of the period it paid for. Screenshots at 1280×900 and 390×844.
 */
import type { Page } from '@playwright/test'
import { testWithStripe as test, expect } from '../fixtures'
import { acceptLegalDocuments, apiCall, registerAccount, stamp } from '../app-helpers'

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

/** The billing page at both sizes, full length, for a person to look at. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    // From the top: a full-page shot of a scrolled page paints the sticky phone header where the
    // page was scrolled to, a white band across whatever notice is there.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(DESKTOP)
}

const shortDate = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

test('a practice subscribes through Checkout, upgrades, adds a seat, invites and cancels', async ({
  page,
  server,
  billing: { stripe },
}) => {
  await page.setViewportSize(DESKTOP)
  const account = await registerAccount(page, server, { planType: 'essential' })
  await acceptLegalDocuments(page.request)

  // 1. The trial: nothing to pay yet, Subscribe offered.
  await page.goto('/app/settings?tab=billing')
  await expect(page.getByTestId('current-plan')).toHaveText('Essential')
  await expect(page.getByTestId('next-charge')).toHaveText('None during your free trial')
  await expect(page.getByTestId('card')).toHaveText('No card on file')
  await shoot(page, 'billing-1-trial')

  // 2. Checkout: the card is typed on Stripe's page; the trial's days carry over.
  await page.getByRole('button', { name: 'Subscribe to Essential' }).first().click()
  const subscribe = page.getByRole('dialog', { name: 'Subscribe to Essential, billed monthly?' })
  await expect(subscribe).toContainText('Your free trial continues until')
  await expect(subscribe.getByTestId('prorated-amount')).toHaveText('$49 per month')
  await subscribe.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/checkout/cs_`))
  await expect(page.getByRole('heading', { name: 'Subscribe' })).toBeVisible()
  await expect(page.getByText('Essential monthly: $49.00 / month')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('billing-2-checkout-1280.png') })
  await page.getByRole('button', { name: 'Subscribe' }).click()

  await expect(page).toHaveURL('/app/settings?tab=billing&checkout=success')
  await expect(page.getByText('Thank you. Your subscription is set up.')).toBeVisible()
  await expect(page.getByTestId('card')).toHaveText('Visa •••• 4242')
  const trialEnd = (await (await page.request.get('/api/subscription')).json()) as {
    data: { trialEnd: string }
  }
  await expect(page.getByTestId('next-charge')).toHaveText(
    `$49.00 on ${shortDate(new Date(trialEnd.data.trialEnd))}`,
  )
  await shoot(page, 'billing-3-subscribed')

  // 3. The trial ends in Stripe: it charges $49 and the practice is active.
  const sub = stripe.state.all('sub').at(-1)!
  stripe.state.endTrialNow(String(sub.id))
  stripe.state.advance()
  await stripe.flush()
  await page.goto('/app/settings?tab=billing')
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible()
  const invoices = page.getByTestId('invoices')
  await expect(invoices.getByRole('row').nth(1)).toContainText('$49.00')
  await expect(invoices.getByRole('row').nth(1)).toContainText('Paid')

  // 4. Upgrade to Professional: Stripe's prorated amount shows before, and is what is charged.
  await page.getByRole('button', { name: 'Switch to Professional' }).click()
  const upgrade = page.getByRole('dialog', { name: 'Change to Professional, billed monthly?' })
  const due = upgrade.getByTestId('prorated-amount')
  await expect(due).toHaveText(/^\$(29\.\d\d|30\.00)$/)
  const amount = (await due.textContent())!
  await expect(upgrade).toContainText('Charged now to your card on file')
  await page.screenshot({ path: test.info().outputPath('billing-4-upgrade-1280.png') })
  await upgrade.getByRole('button', { name: 'Change plan' }).click()
  await expect(
    page.getByText(`You are now on Professional. ${amount} (prorated) was charged to your card.`),
  ).toBeVisible()
  await expect(page.getByTestId('current-plan')).toHaveText('Professional')
  // Both invoices are dated today, in either order: the proration's is listed with its amount.
  await expect(invoices.getByRole('row').filter({ hasText: amount })).toHaveCount(1)
  await expect(page.getByTestId('account-summary')).toContainText('Professional plan')

  // 5. The team fills Professional's 3 seats; a fourth is bought, not an upgrade.
  for (const name of ['Jordan', 'Riley']) {
    const sent = await apiCall(page.request, 'POST', '/api/team/invite', {
      email: `${name.toLowerCase()}-${stamp()}@clinic.test`,
      firstName: name,
      lastName: 'Park',
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  }
  await page.goto('/app/settings?tab=team')
  await expect(page.getByTestId('seats')).toHaveText('3 of 3 seats used')
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0)
  const addSeat = page.getByRole('button', { name: 'Add a seat ($30/month)' })
  await expect(addSeat).toBeVisible()
  await shoot(page, 'billing-5-team-full')
  await addSeat.click()
  const confirmSeat = page.getByRole('dialog', { name: 'Add a seat ($30/month)' })
  await expect(confirmSeat).toContainText('Stripe charges the prorated amount')
  await confirmSeat.getByRole('button', { name: 'Add a seat' }).click()
  await expect(page.getByText('A seat was added. You can invite another member.')).toBeVisible()
  await expect(page.getByTestId('seats')).toHaveText('3 of 4 seats used')

  // 6. The new seat takes an invitation.
  const email = `sam-${stamp()}@clinic.test`
  await page.getByLabel('First name').fill('Sam')
  await page.getByLabel('Last name').fill('Lee')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(page.getByText('Invitation sent.')).toBeVisible()
  await expect(page.getByTestId('seats')).toHaveText('4 of 4 seats used')
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toBeVisible()
  // Every seat is held now: giving the extra one back is refused, saying what to change.
  await page.getByRole('button', { name: 'Remove a seat' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '4 seats are in use' })).toContainText(
    'Remove a member or an invitation first.',
  )
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.goto('/app/settings?tab=billing')
  await expect(page.getByTestId('billing-seats')).toHaveText('4 of 4 used (1 extra seat)')
  // The seat's prorated charge is on its own invoice, in dollars.
  await expect(invoices.getByRole('row').nth(1)).toContainText(/\$(29\.\d\d|30\.00)/)

  // 7. Cancel: documents keep working until the period ends, then 30 days read-only.
  const billing = (await (await page.request.get('/api/billing')).json()) as {
    data: { currentPeriodEnd: string }
  }
  const end = shortDate(new Date(billing.data.currentPeriodEnd))
  await page.getByRole('button', { name: 'Cancel plan' }).click()
  const cancel = page.getByRole('dialog', { name: 'Cancel your plan?' })
  await expect(cancel).toContainText(`Documents keep working until ${end}`)
  await expect(cancel).toContainText('30 days of read-only access')
  await cancel.getByLabel(/to confirm/).fill(account.businessName)
  await cancel.getByRole('button', { name: 'Cancel plan' }).click()
  await expect(cancel).toBeHidden()
  await expect(page.getByText(`Your plan ends on ${end}`)).toBeVisible()
  await expect(page.getByTestId('next-charge')).toHaveText('None: the plan ends')
  await expect(page.getByRole('button', { name: 'Reactivate plan' })).toBeVisible()
  // A smaller plan would start after the end: not offered until the plan is reactivated.
  const essential = page.getByRole('listitem', { name: 'Essential plan' })
  await expect(essential).toContainText('Reactivate your plan first')
  await expect(essential.getByRole('button')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Switch to Premium' })).toBeEnabled()
  const after = (await (await page.request.get('/api/subscription')).json()) as {
    data: { canGeneratePdf: boolean }
  }
  expect(after.data.canGeneratePdf).toBe(true)
  await shoot(page, 'billing-6-cancelled')
})
