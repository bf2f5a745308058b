/**
 * Two-step sign-in in Chromium (docs/product/accounts.md#two-step-sign-in): a passkey registered in
 * Settings → Security on Chromium's virtual authenticator (CDP WebAuthn) signs in alone; an
 * authenticator app set up from the key the page shows (its codes computed here as the app would)
 * completes a password sign-in, and a recovery code too, saying how many remain; a practice that
 * requires it sends a member without it to enrol and lets them do nothing else until they have, and
 * the account holder's reset from the Team tab sends them back to enrol, in the Activity log.
 * The server runs on `localhost`: WebAuthn refuses an IP address as the relying party.
 */
import type { Page } from '@playwright/test'
import {
  BACK_TO_SIGN_IN,
  PASSKEY_NAME_LABEL,
  RECOVERY_CODES_SAVED,
  REQUIRE_TWO_STEP_LABEL,
  SECOND_STEP_CODE_LABEL,
  SECOND_STEP_RECOVERY_LABEL,
  SECOND_STEP_TITLE,
  SET_UP_AUTHENTICATOR,
  TWO_STEP_ENROLMENT_REQUIRED,
  USE_PASSKEY,
  USE_RECOVERY_CODE,
  recoveryCodesLeft,
  recoveryCodesRemaining,
} from '@myodocs/shared/constants/two-step-messages'
import {
  MEMBER_TWO_STEP_RESET,
  RESET_TWO_STEP,
  twoStepState,
} from '@myodocs/shared/constants/team-messages'
import { expect, testWithServer } from '../fixtures'
import { mailedInvitationLink } from '../../apps/server/test/mailed-links'
import { totpCode } from '../../apps/server/test/totp'
import { acceptLegalDocuments, apiCall, PASSWORD, registerAccount, stamp } from '../app-helpers'

const test = testWithServer({}, { host: 'localhost' })

const WIDE = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

/** Both screen sizes of the page as it is now, kept beside the test's results. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['1280', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(WIDE)
}

/** A platform authenticator with a PIN or biometric that always says yes, as a laptop has. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/login')
}

async function passwordStep(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

const security = (page: Page) => page.goto('/app/settings?tab=security')

/** Ten recovery codes shown once; answers them after "I have saved these codes". */
async function savedRecoveryCodes(page: Page) {
  const list = page.getByTestId('recovery-codes')
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const codes = await list.getByRole('listitem').allTextContents()
  await page.getByRole('button', { name: RECOVERY_CODES_SAVED }).click()
  await expect(list).toHaveCount(0)
  return codes
}

/** Sets up the authenticator app from the key on the page; answers the key and the codes. */
async function setUpAuthenticator(page: Page, shots?: string) {
  await page.getByRole('button', { name: SET_UP_AUTHENTICATOR }).click()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '')
  expect(key).toMatch(/^[A-Z2-7]{32}$/)
  if (shots) await shoot(page, shots)
  await page.getByLabel(SECOND_STEP_CODE_LABEL).fill(totpCode(key, new Date()))
  await page.getByRole('button', { name: 'Confirm' }).click()
  return { key, codes: await savedRecoveryCodes(page) }
}

test('a passkey registered in Settings → Security signs in on its own', async ({
  page,
  server,
}) => {
  const device = await virtualAuthenticator(page)
  const account = await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  await security(page)
  await expect(page.getByText('No passkeys yet.')).toBeVisible()

  await page.getByLabel(PASSKEY_NAME_LABEL).fill('Work laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await savedRecoveryCodes(page)
  const key = page.getByRole('listitem').filter({ hasText: 'Work laptop' })
  await expect(key).toContainText('Never used')
  // Discoverable, on this device, for this site only.
  const [credential] = await device.credentials()
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })

  await signOut(page)
  await page.getByRole('button', { name: USE_PASSKEY }).click()
  await expect(page).toHaveURL(/\/app\/assessment/)
  await expect(page.getByText(account.email)).toBeVisible()
  await security(page)
  await expect(key).toContainText('Last used')
  await shoot(page, 'security-tab')
})

test('an authenticator app completes a password sign-in; a recovery code too, saying how many remain', async ({
  page,
  server,
}) => {
  const account = await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  await security(page)
  const { key, codes } = await setUpAuthenticator(page, 'enrol-qr')
  await expect(page.getByText(recoveryCodesRemaining(10))).toBeVisible()

  // The password alone opens nothing: the second step asks for the code.
  await signOut(page)
  await passwordStep(page, account.email)
  await expect(page.getByRole('heading', { name: SECOND_STEP_TITLE })).toBeVisible()
  expect((await page.request.get('/api/auth/me')).status()).toBe(401)
  await shoot(page, 'second-step')
  // The way back to the password, for the wrong account or no phone at hand.
  await page.getByRole('button', { name: BACK_TO_SIGN_IN }).click()
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await passwordStep(page, account.email)
  await page.getByLabel(SECOND_STEP_CODE_LABEL).fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code did not work. Check it and try again.')).toBeVisible()
  // The confirming code's step is spent: the next step's code (one step ahead is accepted).
  await page.getByLabel(SECOND_STEP_CODE_LABEL).fill(totpCode(key, new Date(Date.now() + 30_000)))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\/assessment/)

  // A recovery code signs in once and the page says how many are left.
  await signOut(page)
  await passwordStep(page, account.email)
  await page.getByRole('button', { name: USE_RECOVERY_CODE }).click()
  await page.getByLabel(SECOND_STEP_RECOVERY_LABEL).fill(codes[0]!.toLowerCase())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\/assessment/)
  await expect(page.getByText(recoveryCodesLeft(9))).toBeVisible()
  await security(page)
  await expect(page.getByText(recoveryCodesRemaining(9))).toBeVisible()

  // The same code does not work twice.
  await signOut(page)
  await passwordStep(page, account.email)
  await page.getByRole('button', { name: USE_RECOVERY_CODE }).click()
  await page.getByLabel(SECOND_STEP_RECOVERY_LABEL).fill(codes[0]!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code did not work. Check it and try again.')).toBeVisible()
})

test('a practice that requires it sends a member to enrol, and the account holder resets it', async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  await registerAccount(page, server, { planType: 'professional' })
  await acceptLegalDocuments(page.request)
  await security(page)
  const requirement = page.getByRole('switch', { name: REQUIRE_TWO_STEP_LABEL })
  await expect(requirement).toBeEnabled()
  await requirement.click()
  await expect(requirement).toBeChecked()

  // A member joins by invitation: their first sign-in goes to enrolment.
  const email = `jordan-${stamp()}@clinic.test`
  const since = server.smtp.messages.length
  const invited = await apiCall(page.request, 'POST', '/api/team/invite', {
    email,
    firstName: 'Jordan',
    lastName: 'Park',
  })
  expect(invited.status, JSON.stringify(invited.body)).toBe(200)
  const { link } = await mailedInvitationLink(server.smtp, email, since)
  const context = await browser.newContext({ baseURL })
  const member = await context.newPage()
  await member.goto(link)
  await member.getByLabel('Professional title').fill('SLP')
  await member.getByLabel(/^Password/).fill(PASSWORD)
  await member.getByLabel('Confirm password').fill(PASSWORD)
  await member.getByRole('button', { name: 'Create Account' }).click()
  await expect(member).toHaveURL('/app/two-step')
  await expect(member.getByText(TWO_STEP_ENROLMENT_REQUIRED)).toBeVisible()
  await shoot(member, 'enrol-page')

  // Nothing else works until they enrol: the app sends them back, the API refuses.
  await member.goto('/app/settings?tab=profile')
  await expect(member).toHaveURL('/app/two-step')
  const refused = await member.request.get('/api/settings')
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { code: string }).code).toBe('TWO_STEP_REQUIRED')

  await setUpAuthenticator(member)
  await expect(member).toHaveURL(/\/app\/assessment/)
  expect((await member.request.get('/api/settings')).status()).toBe(200)

  // The account holder resets it (a lost phone), after a question; the member is signed out.
  await page.goto('/app/settings?tab=team')
  const row = page.getByTestId('member-row').filter({ hasText: email })
  await expect(row).toContainText(twoStepState(true))
  await row.getByRole('button', { name: RESET_TWO_STEP }).click()
  const dialog = page.getByRole('dialog', { name: RESET_TWO_STEP })
  await expect(dialog).toContainText('Jordan Park')
  await dialog.getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByText(MEMBER_TWO_STEP_RESET)).toBeVisible()
  await expect(row).toContainText(twoStepState(false))
  await expect(row.getByRole('button', { name: RESET_TWO_STEP })).toHaveCount(0)

  await page.goto('/app/settings?tab=activity')
  await expect(
    page
      .getByRole('table', { name: 'Activity' })
      .getByRole('row', { name: /Member two-step sign-in reset/ }),
  ).toContainText('Member: Jordan Park')

  // Their next sign-in asks for the password only, then sends them to enrol again.
  await member.reload()
  await expect(member).toHaveURL('/login')
  await passwordStep(member, email)
  await expect(member).toHaveURL('/app/two-step')
  // Without their phone they can leave: Sign Out ends the held-back session.
  await member.getByRole('button', { name: 'Sign Out' }).click()
  await expect(member).toHaveURL('/login')
  expect((await member.request.get('/api/auth/me')).status()).toBe(401)
  await context.close()
})
