/**
 * Sending from the therapist's own mailbox in a real browser: connect an SMTP account with IMAP
 * in Settings → Email, test it, then send the assessment report and the patient summary to the
 * patient and the referring provider with a copy to self; read the message back from the SMTP
 * server and from the Dovecot Sent folder (exactly one copy), and see it in the history.
 * See docs/product/routes.md#send-dialog.
 */
import { rmSync } from 'node:fs'
import { simpleParser } from 'mailparser'
import type { Page } from '@playwright/test'
import { test as base, expect as baseExpect } from '@playwright/test'
import { startAppServer } from '../fixtures'
import type { AppServer } from '../fixtures'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'
import { startTestSmtp } from '../../apps/server/test/test-smtp'
import type { TestSmtp } from '../../apps/server/test/test-smtp'
import { startTestDovecot } from '../../apps/server/test/test-dovecot'
import type { TestDovecot } from '../../apps/server/test/test-dovecot'
import { testCertificates } from '../../apps/server/test/test-tls'

// Each step waits on real mail servers and PDF rendering, on a machine the other suites share.
const expect = baseExpect.configure({ timeout: 30_000 })

type Rig = { server: AppServer; mailbox: TestSmtp; dovecot: TestDovecot }

// The app reaches the therapist's "provider" on loopback, on free ports, with the test CA's
// certificate: the variables meant for local testing allow exactly that.
const test = base.extend<object, { rig: Rig }>({
  rig: [
    async ({}, use) => {
      const certificates = await testCertificates()
      const dovecot = await startTestDovecot()
      const mailbox = await startTestSmtp({
        auth: { user: dovecot.user.name, password: dovecot.user.password },
        tls: 'starttls',
        certificate: certificates.server,
      })
      const server = await startAppServer({
        SMTP_ALLOW_INSECURE: 'true',
        SMTP_ALLOW_PRIVATE_HOSTS: 'true',
        SMTP_EXTRA_PORTS: `${mailbox.port},${dovecot.starttlsPort}`,
      })
      await use({ server, mailbox, dovecot })
      await server.stop()
      await server.smtp.close()
      await mailbox.close()
      await dovecot.close()
      rmSync(server.dataDir, { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ rig }, use) => use(rig.server.url),
})

const PATIENT = 'parent.lindqvist@family.test'
const PROVIDER = 'dr.raman@pediatric-dental.test'

async function connectAccount(page: Page, { mailbox, dovecot }: Rig) {
  await page.goto('/app/settings?tab=email')
  await expect(page.getByText('No email account yet.', { exact: false })).toBeVisible()

  // Copy to self, in the email defaults.
  await page.getByRole('switch', { name: 'Send me a copy' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Email settings saved.')).toBeVisible()

  await page.getByRole('button', { name: 'Add account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add account' })
  await dialog.getByLabel('Account name').fill('Clinic mailbox')
  await dialog.getByLabel('From address').fill(dovecot.user.name)
  await dialog.getByLabel('SMTP server').fill('127.0.0.1')
  await dialog.getByLabel('Port', { exact: true }).fill(String(mailbox.port))
  await dialog.getByLabel('Security', { exact: true }).selectOption('starttls')
  // The username was filled from the From address.
  await expect(dialog.getByLabel('Username', { exact: true })).toHaveValue(dovecot.user.name)
  await dialog.getByLabel('Password', { exact: true }).fill(dovecot.user.password)
  // IMAP with the SMTP login (left empty: it defaults to it).
  await dialog.getByLabel('IMAP server').fill('127.0.0.1')
  await dialog.getByLabel('IMAP port').fill(String(dovecot.starttlsPort))
  await dialog.getByLabel('IMAP security').selectOption('starttls')
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByText('Email account added.')).toBeVisible()
  await expect(dialog).toBeHidden()

  const account = page.getByTestId('smtp-account')
  await expect(account).toContainText('Clinic mailbox')
  await expect(account).toContainText(dovecot.user.name)
  // The only account is the default one.
  await expect(account.getByText('Default', { exact: true })).toBeVisible()

  await account.getByRole('button', { name: 'Test' }).click()
  const result = account.getByTestId('connection-test')
  await expect(result).toContainText('Sending (SMTP): Connected', { timeout: 30_000 })
  await expect(result).toContainText('Mailbox (IMAP): Connected')
  await expect(result).toContainText(`Sent folder: `)
  await expect(result).not.toContainText('failed', { ignoreCase: true })
}

async function fillAssessment(page: Page) {
  await page.goto('/app/assessment')
  const firstName = page.getByLabel('Patient First Name')
  await firstName.fill('Avery')
  await page.getByLabel('Patient Last Name').fill('Lindqvist')
  await page.getByLabel('Date of Birth').fill('2016-07-19')
  await page.getByLabel('Patient Email').fill(PATIENT)
  await page.getByLabel('Referring Party').fill('Dr. Priya Raman, Pediatric Dentistry')
  await page.getByLabel('Referring Provider Email').fill(PROVIDER)
  await page.getByLabel('Chief Complaint').fill('Mouth breathing at night.')
}

test('connect an SMTP account with IMAP, test it, send the report and summary to the patient and the provider with a copy to self, one copy in Sent', async ({
  page,
  rig,
}) => {
  await registerAccount(page, rig.server)
  await acceptLegalDocuments(page.request)
  await connectAccount(page, rig)
  await fillAssessment(page)

  await page.getByRole('button', { name: 'Send', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Send by email' })
  await expect(dialog.getByLabel('Send from')).toContainText('Clinic mailbox')
  // Prefilled: the patient and the referring provider; both documents attached.
  await expect(dialog.getByLabel(/^Patient · Email address/)).toHaveValue(PATIENT)
  await expect(dialog.getByLabel(/^Referring provider · Email address/)).toHaveValue(PROVIDER)
  await expect(dialog.getByRole('checkbox', { name: /Assessment Report/ })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: /Patient Summary/ })).toBeChecked()
  await expect(dialog.getByText(`A copy goes to you (${rig.dovecot.user.name})`)).toBeVisible()
  // The subject template carries no patient name.
  const subject = await dialog.getByLabel('Subject').inputValue()
  expect(subject).toBe('Assessment Report and Patient Summary')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()

  await expect(dialog.getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 })
  await expect(dialog.getByText('A copy was saved in your Sent folder.')).toBeVisible()
  const outcome = dialog.getByTestId('send-outcome')
  await expect(outcome).toContainText(`${PATIENT} · Accepted`)
  await expect(outcome).toContainText(`${PROVIDER} · Accepted`)

  // The SMTP server took one message for all three, with both PDFs intact.
  const received = await rig.mailbox.waitFor((m) => m.subject === subject)
  expect(received.envelopeTo.map((a) => a.toLowerCase()).sort()).toEqual(
    [PATIENT, PROVIDER, rig.dovecot.user.name].sort(),
  )
  expect(received.from?.value[0]?.address).toBe(rig.dovecot.user.name)
  const pdfs = received.attachments.filter((a) => a.contentType === 'application/pdf')
  expect(pdfs).toHaveLength(2)
  for (const pdf of pdfs) expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-')
  expect(rig.mailbox.messages.filter((m) => m.subject === subject)).toHaveLength(1)

  // Exactly one copy in the Sent folder, the same message.
  const sent = await rig.dovecot.messages()
  expect(sent).toHaveLength(1)
  const copy = await simpleParser(sent[0]!.raw)
  expect(copy.messageId).toBe(received.messageId)
  expect(copy.attachments.filter((a) => a.contentType === 'application/pdf')).toHaveLength(2)
  expect(sent[0]!.flags).toContain('\\Seen')

  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()

  // The history lists the send with its Sent-copy result.
  await page.goto('/app/settings?tab=email')
  const entry = page.getByTestId('email-log-entry').first()
  await expect(entry).toContainText(subject)
  await expect(entry).toContainText('Sent')
  await expect(entry).toContainText('A copy was saved in your Sent folder.')
})
