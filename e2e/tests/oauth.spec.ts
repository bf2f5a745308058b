/**
 * Connecting Gmail by OAuth in a real browser: Settings → Email → Connect Gmail opens the local
 * authorization server in a popup, the consent comes back through /oauth-success, and the page
 * shows the address connected; a test email goes through the Gmail API fake; then disconnect.
 * See docs/product/email.md#oauth-mailboxes.
 */
import { rmSync } from 'node:fs'
import { test as base, expect as baseExpect } from '@playwright/test'
import { startAppServer } from '../fixtures'
import type { AppServer } from '../fixtures'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'
import { oauthEnv, startTestAuthServer, startTestMailApis } from '../../apps/server/test/test-oauth'
import type { TestAuthServer, TestMailApis } from '../../apps/server/test/test-oauth'

// Each step waits on the app, the authorization server and the API fake, on a shared machine.
const expect = baseExpect.configure({ timeout: 30_000 })

type Rig = { server: AppServer; auth: TestAuthServer; apis: TestMailApis }

const test = base.extend<object, { rig: Rig }>({
  rig: [
    async ({}, use) => {
      const auth = await startTestAuthServer()
      const apis = await startTestMailApis((token) => auth.verify(token))
      // Only Gmail is configured: Outlook and Yahoo Mail are not offered.
      const server = await startAppServer(oauthEnv('gmail', auth, apis))
      await use({ server, auth, apis })
      await server.stop()
      await server.smtp.close()
      await apis.close()
      await auth.close()
      rmSync(server.dataDir, { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ rig }, use) => use(rig.server.url),
})

test('connects Gmail through the popup, sends a test email, disconnects', async ({ page, rig }) => {
  await registerAccount(page, rig.server)
  await acceptLegalDocuments(page.request)

  await page.goto('/app/settings?tab=email')
  // The section's texts and buttons are unique on the page.
  const section = page
  await expect(section.getByText('No account is connected yet.')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Connect Outlook' })).toHaveCount(0)

  const popupOpened = page.waitForEvent('popup')
  await section.getByRole('button', { name: 'Connect Gmail' }).click()
  const popup = await popupOpened
  // The local authorization server consents at once and redirects through the callback.
  await expect(popup.getByRole('heading', { name: 'Gmail connected' })).toBeVisible()

  const account = page.getByTestId('oauth-account')
  await expect(account).toContainText(rig.auth.email ?? '')
  await expect(account.getByText('Connected', { exact: true })).toBeVisible()
  await expect(section.getByRole('button', { name: 'Connect Gmail' })).toHaveCount(0)

  await account.getByRole('button', { name: 'Send test email' }).click()
  await expect(page.getByText(`Test email sent to ${rig.auth.email}.`)).toBeVisible()
  expect(rig.apis.messages.at(-1)?.parsed.subject).toBe('MyoDocs test email')

  await account.getByRole('button', { name: 'Disconnect' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByText('The account was disconnected.')).toBeVisible()
  await expect(account).toHaveCount(0)
  await expect(section.getByRole('button', { name: 'Connect Gmail' })).toBeVisible()
})
