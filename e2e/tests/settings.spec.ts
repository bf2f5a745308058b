/**
 * Settings in a real browser: each tab edited and the change still there after a
 * reload; the unsaved-changes marker, the prompt before leaving a tab, and Discard reloading from
 * the server; the logo refused on essential, the plan changed on the plan page with its prorated
 * amount shown, then a logo uploaded with its progress; the account area's referral link, data
 * export and deletion.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { acceptLegalDocuments, apiCall, makePng, PASSWORD, registerAccount } from '../app-helpers'
import { SMTP_ACCOUNTS_TITLE } from '@myodocs/shared/constants/mailbox-messages'

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) })
const save = (page: Page) => page.getByRole('button', { name: 'Save changes' })

test('each tab saves and keeps its changes; unsaved changes are marked, guarded and discarded', async ({
  page,
  server,
}) => {
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  await page.goto('/app/settings')
  await expect(tab(page, 'Profile')).toHaveAttribute('aria-selected', 'true')

  // Profile: the phone is formatted on blur; the sidebar follows the new name.
  await page.getByLabel('First name').fill('Morgana')
  await page.getByLabel('Professional title').fill('RDH, BS')
  await page.getByLabel('License / credential number').fill('ME RDH 4412')
  await page.getByLabel('Phone').fill('555 222 1111')
  await page.getByLabel('Phone').blur()
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 222-1111')
  await expect(page.getByTestId('unsaved-marker')).toBeVisible()
  await save(page).click()
  await expect(page.getByText('Your profile was saved.')).toBeVisible()
  await expect(page.getByTestId('unsaved-marker')).toHaveCount(0)
  await expect(page.getByText('Morgana Ellis, RDH, BS')).toBeVisible()

  // The password: the current one is checked on its field; this session stays signed in.
  await page.getByLabel(/^Current password/).fill('Wrong-Password-1!')
  await page.getByLabel(/^New password/).fill('Kx4!Tm9#Qv2$Lp')
  await page.getByLabel(/^Confirm new password/).fill('Kx4!Tm9#Qv2$Lp')
  await expect(page.getByTestId('strength-label')).toHaveText(/Strong/)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Current password is incorrect')).toBeVisible()
  await page.getByLabel(/^Current password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password was changed.', { exact: false })).toBeVisible()
  await expect(page.getByLabel(/^Current password/)).toHaveValue('')

  // Tabs update the address.
  await tab(page, 'Business').click()
  await expect(page).toHaveURL('/app/settings?tab=business')
  await expect(page.getByText('Incomplete')).toBeVisible()
  await page.getByLabel('Address', { exact: true }).fill('12 Harbor Road\nPortland, ME 04101')
  await page.getByLabel('Phone').fill('2075550123')
  await page.getByLabel('Practice email').fill('office@harbormyo.example')
  await page.getByLabel('Fax').fill('207 555 0124')
  await page.getByLabel('Fax').blur()
  await expect(page.getByLabel('Fax')).toHaveValue('(207) 555-0124')
  await save(page).click()
  await expect(page.getByText('Your business profile was saved.')).toBeVisible()
  await expect(page.getByText('Complete', { exact: true })).toBeVisible()

  await tab(page, 'PDF').click()
  await page.getByRole('switch', { name: 'Add a watermark' }).click()
  await page.getByRole('switch', { name: 'Keep a copy of each PDF on this device' }).click()
  await page.getByLabel('Where to save copies').selectOption('ask')
  await save(page).click()
  await expect(page.getByText('PDF preferences saved.')).toBeVisible()

  await tab(page, 'Notifications').click()
  await page.getByRole('switch', { name: 'Tips and offers' }).click()
  await page.getByRole('switch', { name: 'Product updates' }).click()
  await save(page).click()
  await expect(page.getByText('Notification settings saved.')).toBeVisible()

  await tab(page, 'Email').click()
  // With no mailbox connected yet the defaults can still be set; the provider waits for one.
  await expect(page.getByText(SMTP_ACCOUNTS_TITLE)).toBeVisible()
  await expect(page.getByLabel('Default provider')).toHaveValue('')
  await page.getByLabel('From name').fill('Morgana Ellis, RDH')
  await page.getByLabel('Signature').fill('Morgana Ellis, RDH\nHarbor Myofunctional')
  await page.getByRole('switch', { name: 'Send me a copy' }).click()
  await save(page).click()
  await expect(page.getByText('Email settings saved.')).toBeVisible()

  // Everything is still there after a reload, read back from the server.
  await page.goto('/app/settings?tab=profile')
  await expect(page.getByLabel('First name')).toHaveValue('Morgana')
  await expect(page.getByLabel('Professional title')).toHaveValue('RDH, BS')
  await expect(page.getByLabel('License / credential number')).toHaveValue('ME RDH 4412')
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 222-1111')
  await page.goto('/app/settings?tab=business')
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(
    '12 Harbor Road\nPortland, ME 04101',
  )
  await expect(page.getByLabel('Phone')).toHaveValue('(207) 555-0123')
  await expect(page.getByLabel('Practice email')).toHaveValue('office@harbormyo.example')
  await expect(page.getByLabel('Fax')).toHaveValue('(207) 555-0124')
  await page.goto('/app/settings?tab=pdf')
  await expect(page.getByRole('switch', { name: 'Add a watermark' })).toBeChecked()
  await expect(page.getByLabel('Where to save copies')).toHaveValue('ask')
  await page.goto('/app/settings?tab=notifications')
  await expect(page.getByRole('switch', { name: 'Tips and offers' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Product updates' })).not.toBeChecked()
  await page.goto('/app/settings?tab=email')
  await expect(page.getByLabel('Default provider')).toHaveValue('')
  await expect(page.getByLabel('From name')).toHaveValue('Morgana Ellis, RDH')
  await expect(page.getByLabel('Signature')).toHaveValue('Morgana Ellis, RDH\nHarbor Myofunctional')
  await expect(page.getByRole('switch', { name: 'Send me a copy' })).toBeChecked()

  // Unsaved changes: marked on the section and the tab, and leaving the tab asks first.
  await page.getByLabel('From name').fill('Someone Else')
  await expect(page.getByTestId('unsaved-marker')).toBeVisible()
  await expect(tab(page, 'Email')).toContainText('(unsaved changes)')
  await tab(page, 'PDF').click()
  const prompt = page.getByRole('dialog', { name: 'Discard unsaved changes?' })
  await prompt.getByRole('button', { name: 'Keep editing' }).click()
  await expect(page).toHaveURL('/app/settings?tab=email')
  await expect(page.getByLabel('From name')).toHaveValue('Someone Else')
  await page.getByRole('link', { name: /Exercise Prescription/ }).click()
  await prompt.getByRole('button', { name: 'Keep editing' }).click()
  await expect(page).toHaveURL('/app/settings?tab=email')

  // Discard reloads from the server: a change saved elsewhere meanwhile shows.
  await apiCall(page.request, 'PUT', '/api/settings/email', {
    settings: { defaultFromName: 'Saved Elsewhere' },
  })
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByLabel('From name')).toHaveValue('Saved Elsewhere')
  await expect(page.getByTestId('unsaved-marker')).toHaveCount(0)

  // The exercise demo-video links (the exercises' section) are guarded by the same prompt.
  await tab(page, 'Exercise videos').click()
  await expect(page).toHaveURL('/app/settings?tab=videos')
  await page.getByPlaceholder('https://').first().fill('https://videos.example.com/demo')
  await expect(tab(page, 'Exercise videos')).toContainText('(unsaved changes)')
  await tab(page, 'Email').click()
  await prompt.getByRole('button', { name: 'Discard changes' }).click()
  await expect(page).toHaveURL('/app/settings?tab=email')

  // Leaving with Discard changes drops the edit.
  await page.getByLabel('Signature').fill('Draft signature')
  await tab(page, 'Account').click()
  await prompt.getByRole('button', { name: 'Discard changes' }).click()
  await expect(page).toHaveURL('/app/settings?tab=account')
  await tab(page, 'Email').click()
  await expect(page.getByLabel('Signature')).toHaveValue('Morgana Ellis, RDH\nHarbor Myofunctional')
})

test('the logo: refused on essential, uploaded with progress after changing plan', async ({
  page,
  server,
}) => {
  await registerAccount(page, server, { planType: 'essential' })
  await acceptLegalDocuments(page.request)
  const logo = makePng(600, 200, (x) => (x < 200 ? [15, 118, 110] : [255, 255, 255]))

  // Essential: no upload, the plan message; the server refuses too.
  await page.goto('/app/settings?tab=business')
  await expect(
    page.getByText('Upgrade to Professional or Premium to upload your company logo'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload logo' })).toHaveCount(0)
  const refused = await page.request.post('/api/business/logo', {
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: logo } },
    headers: {
      'x-csrf-token': (
        (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }
      ).csrfToken,
    },
  })
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Upgrade to Professional or Premium to upload your company logo',
  )

  // The plan page: the prorated amount shows before the change (nothing during the trial).
  await page.getByRole('link', { name: 'View plans' }).click()
  await expect(page).toHaveURL('/app/settings?tab=billing')
  await expect(page.getByTestId('current-plan')).toHaveText('Essential')
  await page
    .getByRole('listitem', { name: 'Professional plan' })
    .getByRole('button', { name: 'Switch to Professional' })
    .click()
  const change = page.getByRole('dialog', { name: 'Change to Professional, billed monthly?' })
  await expect(change.getByTestId('prorated-amount')).toHaveText('$0.00')
  await expect(change).toContainText('Nothing is due during your free trial')
  await change.getByRole('button', { name: 'Change plan' }).click()
  await expect(change).toBeHidden()
  await expect(page.getByTestId('current-plan')).toHaveText('Professional')
  await expect(page.getByTestId('account-summary')).toContainText('Professional plan')

  // Professional: the logo checks before sending, then the upload with its progress.
  await page.getByRole('tab', { name: 'Business' }).click()
  const input = page.getByLabel('Logo file')
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') })
  await expect(page.getByText('Please select an image file')).toBeVisible()
  await input.setInputFiles({
    name: 'logo.bmp',
    mimeType: 'image/bmp',
    buffer: Buffer.from('BM'),
  })
  await expect(page.getByText('Supported formats: JPG, PNG, GIF, WebP, SVG')).toBeVisible()
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024),
  })
  await expect(page.getByText('Image must be less than 2MB')).toBeVisible()

  // A large, noisy image through a slow uplink, so the progress is seen on its way.
  const noise = makePng(
    700,
    500,
    () => [(Math.random() * 256) | 0, (Math.random() * 256) | 0, (Math.random() * 256) | 0],
    0,
  )
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  })
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: noise })
  const progress = page.getByRole('progressbar', { name: 'Logo upload progress' })
  await expect(progress).toBeVisible()
  await expect(page.getByText(/Uploading… \d+%/)).toBeVisible()
  const img = page.getByRole('img', { name: 'Your practice logo' })
  await expect(img).toBeVisible({ timeout: 30_000 })
  await expect(progress).toHaveCount(0)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  expect(await img.getAttribute('src')).toMatch(/^\/api\/business\/logo\/[0-9a-f]+$/)
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)

  // It stays after a reload; a smaller logo replaces it; Remove takes it away.
  await page.reload()
  await expect(img).toBeVisible()
  const firstSrc = await img.getAttribute('src')
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await expect(img).not.toHaveAttribute('src', firstSrc!)
  await page.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('button', { name: 'Remove logo' }).click()
  await expect(page.getByText('No logo yet')).toBeVisible()
})

test('the account area: referral link, data export, and deletion after cancelling', async ({
  page,
  server,
  context,
}) => {
  const account = await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/app/settings?tab=account')

  const link = page.getByLabel('Your referral link')
  await expect(link).toHaveValue(/\/invite-code\?ref=[A-Z0-9]+$/)
  await expect(page.getByTestId('referrals-used')).toHaveText('No one has used your link yet.')
  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue())

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^myodocs-export-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
    profile: { email: string }
    business: { name: string }
    legalAcceptances: unknown[]
  }
  expect(exported.profile.email).toBe(account.email)
  expect(exported.business.name).toBe(account.businessName)
  expect(exported.legalAcceptances).toHaveLength(3)

  // The whole practice can be deleted only once the plan is cancelled.
  await expect(
    page.getByText('Cancel your plan before deleting your account.', { exact: false }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete practice account' })).toHaveCount(0)
  await apiCall(page.request, 'POST', '/api/subscription/cancel', {
    confirmBusinessName: account.businessName,
  })
  await page.reload()
  await page.getByRole('button', { name: 'Delete practice account' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete your practice account?' })
  await confirm.getByLabel(/to confirm/).fill('Not my practice')
  await confirm.getByRole('button', { name: 'Delete permanently' }).click()
  await expect(confirm.getByText('The business name does not match')).toBeVisible()
  await confirm.getByLabel(/to confirm/).fill(account.businessName)
  await confirm.getByRole('button', { name: 'Delete permanently' }).click()
  await expect(page).toHaveURL('/login')
  const again = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  })
  expect(again.status()).toBe(401)
})
