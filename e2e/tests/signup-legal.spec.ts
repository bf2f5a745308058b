/**
 * Legal consent is asked once (docs/product/legal.md#registration-confirmations): the Terms ticked on
 * the register form count, the form says plainly that the BAA is signed next, and the app asks only
 * for what is left.
 */
import type { Page } from '@playwright/test'
import { BAA_SIGNED_NEXT } from '@myodocs/shared/constants/messages'
import { expect, test } from '../fixtures'
import { mailedRegistrationLink } from '../../apps/server/test/mailed-links'
import { apiCall, PASSWORD, stamp } from '../app-helpers'

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`))

test('the Terms accepted at registration count; the app asks only for the BAA and the attestation', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const invite = await apiCall<{ code: string }>(
    page.request,
    'POST',
    '/api/admin/invite-codes',
    {},
    { authorization: `Bearer ${server.adminToken}` },
  )
  await page.goto('/invite-code?tier=professional&billing=monthly')
  await field(page, 'Invite code').fill(invite.body.data.code)
  await page.getByRole('button', { name: 'Continue to Registration' }).click()
  await expect(page).toHaveURL('/register?tier=professional&billing=monthly')

  const email = `consent-${stamp()}@clinic.test`
  await field(page, 'First name').fill('Casey')
  await field(page, 'Last name').fill('Nguyen')
  await field(page, 'Email').fill(email)
  await field(page, 'Business name').fill(`Nguyen Myo ${stamp()}`)
  await field(page, 'Professional title').fill('SLP')
  await field(page, 'Phone').fill('5554443333')
  await field(page, 'Password').fill(PASSWORD)
  await field(page, 'Confirm password').fill(PASSWORD)
  await page.getByLabel('I confirm that I am at least 18 years old.').check()

  // On a phone the confirmations are 24 px tap targets at least, Create Account 44 px tall.
  await page.setViewportSize({ width: 390, height: 844 })
  for (const box of [
    await page.getByLabel('I confirm that I am at least 18 years old.').boundingBox(),
    await page.getByLabel(/I accept the Terms of Service/).boundingBox(),
  ]) {
    expect(box!.width).toBeGreaterThanOrEqual(24)
    expect(box!.height).toBeGreaterThanOrEqual(24)
  }
  const create = await page.getByRole('button', { name: 'Create Account' }).boundingBox()
  expect(create!.height).toBeGreaterThanOrEqual(44)
  await page.setViewportSize({ width: 1280, height: 800 })

  // The box covers the Terms only, and the form says where the BAA is signed.
  const terms = page.getByLabel(/I accept the Terms of Service/)
  await expect(terms).not.toHaveAccessibleName(/Business Associate/)
  await expect(page.getByText(BAA_SIGNED_NEXT)).toBeVisible()
  const submit = page.getByRole('button', { name: 'Create Account' })
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(page.getByText('Please accept the Terms of Service', { exact: true })).toBeVisible()
  await terms.check()

  // The request is the documented register payload (docs/product/accounts.md) (acceptBAA always true) plus the form's fields.
  const request = page.waitForRequest('**/api/auth/register')
  const since = server.smtp.messages.length
  await submit.click()
  expect((await request).postDataJSON()).toMatchObject({
    email,
    firstName: 'Casey',
    lastName: 'Nguyen',
    therapistTitle: 'SLP',
    planType: 'professional',
    billingFrequency: 'monthly',
    acceptBAA: true,
    acceptTerms: true,
    ageConfirmed: true,
  })

  // The emailed link creates the account; the Terms ticked on the form count.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await page.goto((await mailedRegistrationLink(server.smtp, email, since)).link)
  await page.getByRole('button', { name: 'Create my account' }).click()
  await expect(page).toHaveURL('/app/assessment')
  const requirements = page.getByRole('list', { name: 'Legal requirements' })
  await expect(requirements.getByRole('listitem')).toHaveText([
    /Business Associate Agreement: missing/,
    /Terms of Service: accepted/,
    /Email Provider Attestation: missing/,
  ])
  await page.goto('/app/settings?tab=legal')
  await expect(page.getByTestId('compliance-summary')).toContainText('33% compliant')
})
