/**
 * Sending from the therapist's own mailbox in a real browser: connect an SMTP account with IMAP
 * in Settings → Email, test it, then send the assessment by reader (the report to the referring
 * provider, the summary to the patient, each its own email, a copy to self); read both messages
 * back from the SMTP server and from the Dovecot Sent folder (one copy each), and see both in the
 * history.
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

test('connect an SMTP account with IMAP, test it, send the assessment by reader: the report to the provider, the summary to the patient, each its own email with a copy to self, one copy of each in Sent', async ({
  page,
  rig,
}) => {
  // Sign-up, a connection test, two PDFs and two emails with their Sent copies on a shared machine.
  test.setTimeout(360_000)
  await registerAccount(page, rig.server)
  await acceptLegalDocuments(page.request)
  await connectAccount(page, rig)
  await fillAssessment(page)

  await page.getByRole('button', { name: 'Send', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Send by email' })
  await expect(dialog.getByLabel('Send from')).toContainText('Clinic mailbox')
  // Routed by reader: the report to the referring provider, the summary to the patient.
  await expect(dialog.getByRole('checkbox', { name: /Assessment Report/ })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: /Patient Summary/ })).toBeChecked()
  await expect(dialog.getByLabel('Assessment Report: Send to')).toHaveValue('referringProvider')
  await expect(dialog.getByLabel('Patient Summary: Send to')).toHaveValue('patient')
  const toProvider = dialog.getByTestId('send-email-referringProvider')
  const toPatient = dialog.getByTestId('send-email-patient')
  await expect(toProvider.getByLabel(/^Referring provider · Email address/)).toHaveValue(PROVIDER)
  await expect(toPatient.getByLabel(/^Patient · Email address/)).toHaveValue(PATIENT)
  await expect(dialog.getByText(`A copy goes to you (${rig.dovecot.user.name})`)).toBeVisible()
  // The subject templates name the documents, never the patient.
  await expect(toProvider.getByLabel(/^Subject/)).toHaveValue('Assessment Report')
  await expect(toPatient.getByLabel(/^Subject/)).toHaveValue('Patient Summary')

  // The therapist can change the routing: the summary goes to the provider too, then back.
  await dialog.getByLabel('Patient Summary: Send to').selectOption('referringProvider')
  await expect(toPatient).toBeHidden()
  await expect(toProvider.getByLabel(/^Subject/)).toHaveValue(
    'Assessment Report and Patient Summary',
  )
  await dialog.getByLabel('Patient Summary: Send to').selectOption('patient')
  await expect(toProvider.getByLabel(/^Subject/)).toHaveValue('Assessment Report')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()

  const outcomes = dialog.getByTestId('send-outcome')
  await expect(outcomes).toHaveCount(2, { timeout: 60_000 })
  await expect(outcomes.nth(0)).toContainText('Email to the referring provider')
  await expect(outcomes.nth(0)).toContainText(`${PROVIDER} · Accepted`)
  await expect(outcomes.nth(1)).toContainText('Email to the patient')
  await expect(outcomes.nth(1)).toContainText(`${PATIENT} · Accepted`)
  await expect(dialog.getByText('A copy was saved in your Sent folder.')).toHaveCount(2)

  // Each reader's message: only their address (and the copy to self), only their PDF.
  const forProvider = await rig.mailbox.waitFor((m) => m.subject === 'Assessment Report')
  const forPatient = await rig.mailbox.waitFor((m) => m.subject === 'Patient Summary')
  expect(forProvider.envelopeTo.map((a) => a.toLowerCase()).sort()).toEqual(
    [PROVIDER, rig.dovecot.user.name].sort(),
  )
  expect(forPatient.envelopeTo.map((a) => a.toLowerCase()).sort()).toEqual(
    [PATIENT, rig.dovecot.user.name].sort(),
  )
  expect(forPatient.raw.toString('latin1')).not.toContain(PROVIDER)
  expect(forProvider.raw.toString('latin1')).not.toContain(PATIENT)
  const pdfsOf = (m: typeof forProvider) =>
    m.attachments.filter((a) => a.contentType === 'application/pdf')
  expect(pdfsOf(forProvider).map((a) => a.filename)).toEqual([
    expect.stringMatching(/^Assessment-Report_Lindqvist-Avery_/),
  ])
  expect(pdfsOf(forPatient).map((a) => a.filename)).toEqual([
    expect.stringMatching(/^Patient-Summary_Lindqvist-Avery_/),
  ])
  for (const pdf of [...pdfsOf(forProvider), ...pdfsOf(forPatient)])
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-')
  expect(forProvider.from?.value[0]?.address).toBe(rig.dovecot.user.name)
  expect(rig.mailbox.messages).toHaveLength(2)

  // Exactly one copy of each in the Sent folder, the same messages.
  const sent = await rig.dovecot.messages()
  expect(sent).toHaveLength(2)
  const copies = await Promise.all(sent.map((m) => simpleParser(m.raw)))
  expect(copies.map((c) => c.messageId).sort()).toEqual(
    [forProvider.messageId, forPatient.messageId].sort(),
  )
  for (const m of sent) expect(m.flags).toContain('\\Seen')

  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()

  // The history lists one row per email, each with its Sent-copy result.
  await page.goto('/app/settings?tab=email')
  const entries = page.getByTestId('email-log-entry')
  await expect(entries).toHaveCount(2)
  for (const subject of ['Assessment Report', 'Patient Summary']) {
    const entry = entries.filter({ hasText: subject })
    await expect(entry).toContainText('Sent')
    await expect(entry).toContainText('A copy was saved in your Sent folder.')
  }
})
