/**
 * Connecting mailboxes by OAuth in a real browser: Settings → Email → Connect Gmail (Outlook,
 * Yahoo Mail) opens the local authorization server in a popup, the consent comes back through
 * /oauth-success, and the page shows the address connected. Gmail sends a test email through the
 * Gmail API fake and disconnects; Yahoo Mail sends the assessment documents (SMTP with XOAUTH2, the
 * copy with its PDFs in Dovecot's Sent over IMAP XOAUTH2); Outlook sends through the Graph fake; a
 * grant revoked at the provider raises OAuth Authentication Failed, and Reconnect mends it.
 * See docs/product/email.md#oauth-mailboxes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base, expect as baseExpect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { startAppServer } from '../fixtures'
import type { AppServer } from '../fixtures'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'
import { oauthEnv, startTestAuthServer, startTestMailApis } from '../../apps/server/test/test-oauth'
import type { TestAuthServer, TestMailApis } from '../../apps/server/test/test-oauth'
import { startTestDovecot } from '../../apps/server/test/test-dovecot'
import type { TestDovecot } from '../../apps/server/test/test-dovecot'
import { startTestSmtp } from '../../apps/server/test/test-smtp'
import type { TestSmtp } from '../../apps/server/test/test-smtp'
import { testCertificates } from '../../apps/server/test/test-tls'

// Each step waits on the app, the authorization server and the API fake, on a shared machine.
const expect = baseExpect.configure({ timeout: 30_000 })

type Rig = {
  server: AppServer
  auth: TestAuthServer
  apis: TestMailApis
  yahooSmtp: TestSmtp
  yahooImap: TestDovecot
}

const test = base.extend<object, { rig: Rig }>({
  rig: [
    async ({}, use) => {
      const auth = await startTestAuthServer()
      const address = auth.email!
      const apis = await startTestMailApis((token) => auth.verify(token))
      const certificates = await testCertificates()
      // Yahoo's SMTP and IMAP accept only tokens the authorization server issued.
      const yahooSmtp = await startTestSmtp({
        tls: 'tls',
        certificate: certificates.server,
        authMethods: ['XOAUTH2'],
        oauth: async (user, token) => user === address && (await auth.verify(token)),
      })
      const yahooImap = await startTestDovecot({
        userName: address,
        oauth2: { verify: async (token) => ((await auth.verify(token)) ? address : null) },
      })
      // The app reaches them by IP on loopback and trusts the test CA like a system one.
      const caDir = mkdtempSync(path.join(tmpdir(), 'myodocs-e2e-ca-'))
      writeFileSync(path.join(caDir, 'ca.pem'), certificates.ca)
      const server = await startAppServer({
        ...oauthEnv('gmail', auth, apis),
        ...oauthEnv('outlook', auth, apis),
        ...oauthEnv('yahoo', auth),
        OAUTH_YAHOO_SMTP_HOST: '127.0.0.1',
        OAUTH_YAHOO_SMTP_PORT: String(yahooSmtp.port),
        OAUTH_YAHOO_IMAP_HOST: '127.0.0.1',
        OAUTH_YAHOO_IMAP_PORT: String(yahooImap.tlsPort),
        NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem'),
      })
      await use({ server, auth, apis, yahooSmtp, yahooImap })
      await server.stop()
      await server.smtp.close()
      await Promise.all([apis.close(), yahooSmtp.close(), yahooImap.close()])
      await auth.close()
      rmSync(server.dataDir, { recursive: true, force: true })
      rmSync(caDir, { recursive: true, force: true })
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

const PATIENT = 'parent.okafor@family.test'

/** Connect Outlook / Connect Yahoo Mail (or Reconnect) and wait for the popup's success page. */
async function connectInPopup(page: Page, button: ReturnType<Page['getByRole']>, title: string) {
  const popupOpened = page.waitForEvent('popup')
  await button.click()
  const popup = await popupOpened
  await expect(popup.getByRole('heading', { name: title })).toBeVisible()
}

/** Sends the assessment documents from the Send dialog through the chosen mailbox. */
async function sendAssessment(page: Page, from: string, chiefComplaint: string) {
  await page.goto('/app/assessment')
  await page.getByLabel('Patient First Name').fill('Nia')
  await page.getByLabel('Patient Last Name').fill('Okafor')
  await page.getByLabel('Date of Birth').fill('2015-03-02')
  await page.getByLabel('Patient Email').fill(PATIENT)
  await page.getByLabel('Chief Complaint').fill(chiefComplaint)
  await page.getByRole('button', { name: 'Send', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Send by email' })
  await dialog.getByLabel('Send from').selectOption({ label: from })
  // No referring provider on this form: the report goes to the patient too, in one email.
  await dialog.getByLabel('Assessment Report: Send to').selectOption('patient')
  const subject = await dialog.getByLabel(/^Subject/).inputValue()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 })
  return { dialog, subject }
}

test('Outlook and Yahoo Mail: connect, send (Yahoo: documents with PDFs into Sent), reconnect after a revoked grant', async ({
  page,
  rig,
}) => {
  const address = rig.auth.email!
  await registerAccount(page, rig.server)
  await acceptLegalDocuments(page.request)
  await page.goto('/app/settings?tab=email')
  await connectInPopup(
    page,
    page.getByRole('button', { name: 'Connect Outlook' }),
    'Outlook connected',
  )
  await connectInPopup(
    page,
    page.getByRole('button', { name: 'Connect Yahoo Mail' }),
    'Yahoo Mail connected',
  )
  await expect(page.getByTestId('oauth-account')).toHaveCount(2)

  // Yahoo Mail: SMTP with XOAUTH2, then the copy appended to Sent over IMAP with XOAUTH2.
  const yahoo = await sendAssessment(page, `Yahoo Mail · ${address}`, 'Snoring.')
  await expect(yahoo.dialog.getByText('A copy was saved in your Sent folder.')).toBeVisible()
  const received = await rig.yahooSmtp.waitFor((m) => m.subject === yahoo.subject)
  const sent = (await rig.yahooImap.messages()).map((m) => m.raw)
  expect(sent).toHaveLength(1)
  const copy = await simpleParser(sent[0]!)
  expect(copy.messageId).toBe(received.messageId)
  const pdfs = copy.attachments.filter((a) => a.contentType === 'application/pdf')
  expect(pdfs.length).toBeGreaterThan(0)
  for (const pdf of pdfs) expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-')

  // Outlook sends through Graph sendMail (its document sends are proven in the API tests).
  await page.goto('/app/settings?tab=email')
  const outlookRow = page.locator('[data-testid="oauth-account"][data-provider="outlook"]')
  await outlookRow.getByRole('button', { name: 'Send test email' }).click()
  await expect(page.getByText(`Test email sent to ${address}.`)).toBeVisible()
  expect(rig.apis.messages.at(-1)?.api).toBe('graph')

  // The user revokes the app at the provider: every token it holds stops working.
  rig.auth.revoked.push(...rig.auth.issued)
  rig.auth.refuseNext('invalid_grant', 'Token has been revoked.')
  await outlookRow.getByRole('button', { name: 'Send test email' }).click()
  await expect(
    page.getByText('Reconnect your Outlook account in Settings → Email.').first(),
  ).toBeVisible()
  await expect(outlookRow.getByText('Needs reconnecting')).toBeVisible()
  const notice = page.getByRole('status').filter({ hasText: 'OAuth Authentication Failed' })
  await expect(notice).toContainText('Reconnect your Outlook account in Settings → Email.')
  await expect(notice.getByRole('link', { name: 'Reconnect' })).toBeVisible()

  await connectInPopup(
    page,
    outlookRow.getByRole('button', { name: 'Reconnect' }),
    'Outlook connected',
  )
  await expect(outlookRow.getByText('Connected', { exact: true })).toBeVisible()
  await expect(notice).toHaveCount(0)
  const sentBefore = rig.apis.messages.length
  await outlookRow.getByRole('button', { name: 'Send test email' }).click()
  await expect.poll(() => rig.apis.messages.length).toBe(sentBefore + 1)
})
