/**
 * The team journey in a real browser (docs/product/team.md), the invitation read from the loopback
 * SMTP server: the account holder invites → the invitee accepts in a second browser and lands in
 * /app without the account holder's tabs → the account holder deactivates them → their open page
 * is signed out on its next call → reactivate → deactivated and invited again, the link offers
 * Reactivate Your Account → the seats run out.
 */
import type { Browser, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import type { AppServer } from '../fixtures'
import { mailedInvitationLink } from '../../apps/server/test/mailed-links'
import { acceptLegalDocuments, PASSWORD, registerAccount, stamp } from '../app-helpers'

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) })

async function inviteFromTeamTab(page: Page, email: string, first: string) {
  await page.getByLabel('First name').fill(first)
  await page.getByLabel('Last name').fill('Park')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(page.getByText('Invitation sent.')).toBeVisible()
}

async function invitationPath(server: AppServer, email: string, after = 0) {
  return (await mailedInvitationLink(server.smtp, email, after)).link
}

async function openInvitation(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto(path)
  return { context, page }
}

async function acceptAs(page: Page) {
  await page.getByLabel('Professional title').fill('SLP')
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
}

test('the account holder invites, deactivates and reactivates a member; seats run out', async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  const owner = await registerAccount(page, server, { planType: 'professional' })
  await acceptLegalDocuments(page.request)
  await page.goto('/app/settings?tab=team')
  await expect(page.getByTestId('seats')).toHaveText('1 of 3 seats used')

  // 1. Invite: the invitation is listed and its email arrives.
  const email = `jordan-${stamp()}@clinic.test`
  await inviteFromTeamTab(page, email, 'Jordan')
  await expect(page.getByTestId('invitation-row')).toContainText(email)
  await expect(page.getByTestId('seats')).toHaveText('2 of 3 seats used')
  const path = await invitationPath(server, email)

  // 2. The invitee accepts in another browser and lands in /app.
  const member = await openInvitation(browser, baseURL!, path)
  await expect(member.page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible()
  await expect(member.page.getByText(owner.businessName).first()).toBeVisible()
  await expect(member.page.getByLabel('Email')).toHaveValue(email)
  await expect(member.page.getByLabel('Email')).toHaveAttribute('readonly', '')
  await member.page.getByLabel(/^Password/).fill('short')
  await member.page.getByLabel('Confirm password').fill('other')
  await member.page.getByRole('button', { name: 'Create Account' }).click()
  await expect(member.page.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(member.page.getByText('Passwords do not match')).toBeVisible()
  await acceptAs(member.page)
  await member.page.getByRole('button', { name: 'Create Account' }).click()
  await expect(member.page).toHaveURL(/\/app/)

  // The member sees neither the Team nor the Business tab.
  await member.page.goto('/app/settings')
  await expect(tab(member.page, 'Profile')).toBeVisible()
  await expect(tab(member.page, 'Team')).toHaveCount(0)
  await expect(tab(member.page, 'Business')).toHaveCount(0)
  const refused = await member.page.request.get('/api/team')
  expect(refused.status()).toBe(403)

  // The used link is dead.
  await member.page.goto(path)
  await expect(member.page.getByText('Invalid invitation link')).toBeVisible()
  await expect(member.page.getByRole('link', { name: 'Go to Login' })).toBeVisible()

  // 3. The account holder deactivates the member (after confirming).
  await page.reload()
  const row = page.getByTestId('member-row').filter({ hasText: email })
  await expect(row).toContainText('Active')
  await row.getByRole('button', { name: 'Deactivate' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByText('Member deactivated.', { exact: false })).toBeVisible()
  await expect(row).toContainText('Inactive')

  // 4. The member's open page is signed out on its next call.
  await member.page.goto('/app/settings')
  await expect(member.page).toHaveURL(/\/login/)

  // 5. Reactivate: the member can sign in again.
  await row.getByRole('button', { name: 'Reactivate' }).click()
  await expect(page.getByText('Member reactivated.')).toBeVisible()
  await expect(row).toContainText('Active')
  const login = await member.page.request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
  })
  expect(login.status()).toBe(200)
  await member.context.close()

  // 6. Deactivated and invited again: the link offers Reactivate Your Account.
  await row.getByRole('button', { name: 'Deactivate' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click()
  await expect(row).toContainText('Inactive')
  const before = server.smtp.messages.length
  await inviteFromTeamTab(page, email, 'Jordan')
  const again = await openInvitation(browser, baseURL!, await invitationPath(server, email, before))
  await expect(again.page.getByRole('heading', { name: 'Reactivate Your Account' })).toBeVisible()
  await acceptAs(again.page)
  await again.page.getByRole('button', { name: 'Reactivate Account' }).click()
  await expect(again.page).toHaveURL(/\/app/)
  await again.context.close()

  // 7. Seats: a third person fills the plan; the form gives way to the limit.
  await page.reload()
  await inviteFromTeamTab(page, `riley-${stamp()}@clinic.test`, 'Riley')
  await expect(page.getByTestId('seats')).toHaveText('3 of 3 seats used')
  await expect(
    page.getByText('Your plan includes up to 3 team members', { exact: false }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0)
})
