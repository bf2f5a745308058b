/**
 * Referral letters from one finished assessment, in a real browser: two selected referrals (ENT,
 * orthodontist), a letter to each provider written on the assessment page, one previewed, both
 * sent through the Send dialog from the therapist's own mailbox. Each provider receives one
 * message with one To, only their own letter (read back with pdftotext), the orthodontist the
 * report beside it; each message has its own copy in the Dovecot Sent folder, and the month's
 * count grows by one PDF per letter (and one for the report).
 * See docs/product/routes.md#referral-letters.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import type { AddressObject } from 'mailparser'
import type { Page } from '@playwright/test'
import { test as base, expect as baseExpect } from '@playwright/test'
import { startAppServer } from '../fixtures'
import type { AppServer } from '../fixtures'
import { acceptLegalDocuments, apiCall, pdfText, registerAccount } from '../app-helpers'
import { startTestSmtp } from '../../apps/server/test/test-smtp'
import type { ReceivedMail, TestSmtp } from '../../apps/server/test/test-smtp'
import { startTestDovecot } from '../../apps/server/test/test-dovecot'
import type { TestDovecot } from '../../apps/server/test/test-dovecot'
import { testCertificates } from '../../apps/server/test/test-tls'

// Each step waits on real mail servers and PDF rendering, on a machine the other suites share.
const expect = baseExpect.configure({ timeout: 30_000 })

type Rig = { server: AppServer; mailbox: TestSmtp; dovecot: TestDovecot }

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

const ENT = { name: 'Dr. Ana Ruiz', email: 'ruiz@ent-clinic.test', practice: 'Coastal ENT' }
const ORTHO = {
  name: 'Dr. Bo Kim',
  email: 'kim@bright-ortho.test',
  practice: 'Bright Orthodontics',
}

/** The therapist's mailbox, with its Sent folder on the test Dovecot (Settings → Email has its own journey). */
async function connectMailbox(page: Page, { mailbox, dovecot }: Rig) {
  const added = await apiCall(page.request, 'POST', '/api/email/smtp-config', {
    name: 'Clinic mailbox',
    smtpHost: '127.0.0.1',
    smtpPort: mailbox.port,
    smtpSecurity: 'starttls',
    smtpUser: dovecot.user.name,
    smtpPassword: dovecot.user.password,
    fromAddress: dovecot.user.name,
    imapHost: '127.0.0.1',
    imapPort: dovecot.starttlsPort,
    imapSecurity: 'starttls',
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
}

async function monthlyPdfs(page: Page) {
  const res = await page.request.get('/api/subscription')
  return ((await res.json()) as { data: { monthlyPdfGenerated: number } }).data.monthlyPdfGenerated
}

/** A letter's provider, typed in the letter (the address book is empty). */
async function fillProvider(draft: ReturnType<Page['getByTestId']>, provider: typeof ENT) {
  await draft.getByLabel(/^Name/).fill(provider.name)
  await draft.getByLabel(/^Practice/).fill(provider.practice)
  await draft.getByLabel(/^Email/).fill(provider.email)
}

const pdfsOf = (m: ReceivedMail) => m.attachments.filter((a) => a.contentType === 'application/pdf')
const toAddresses = (m: ReceivedMail) =>
  ([] as AddressObject[])
    .concat(m.to ?? [])
    .flatMap((a) => a.value.map((v) => v.address?.toLowerCase()))

test('two letters from one assessment to two providers: each provider receives only their own letter, each once in Sent', async ({
  page,
  rig,
}) => {
  // Sign-up, three PDFs and two emails with their Sent copies on a shared machine.
  test.setTimeout(360_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await registerAccount(page, rig.server)
  await acceptLegalDocuments(page.request)
  await connectMailbox(page, rig)
  const before = await monthlyPdfs(page)

  await page.goto('/app/assessment')
  await page.getByLabel('Patient First Name').fill('Avery')
  await page.getByLabel('Patient Last Name').fill('Lindqvist')
  await page.getByLabel('Date of Birth').fill('2016-07-19')
  await page.getByLabel('Chief Complaint').fill('Mouth breathing at night.')

  const letters = page.locator('#section-letters')
  await expect(letters.getByText(/Select a referral in Recommendations/)).toBeVisible()
  await page.getByRole('checkbox', { name: /Consult with an ENT doctor/ }).check()
  await page.getByRole('checkbox', { name: /Consult with an orthodontist/ }).check()

  // Keyboard: Write letter is a button in the tab order; the new letter takes the focus.
  const writeEnt = letters.getByRole('button', { name: 'Write letter: Consult with an ENT doctor' })
  await writeEnt.focus()
  await page.keyboard.press('Enter')
  const drafts = letters.getByTestId('letter-draft')
  await expect(drafts).toHaveCount(1)
  await expect(drafts.nth(0).getByRole('heading', { level: 3 })).toBeFocused()
  await fillProvider(drafts.nth(0), ENT)
  await drafts
    .nth(0)
    .getByLabel(/question/)
    .fill('Please evaluate the adenoids and let me know whether nasal breathing can be restored.')

  await letters.getByRole('button', { name: 'Write letter: Consult with an orthodontist' }).click()
  await expect(drafts).toHaveCount(2)
  await fillProvider(drafts.nth(1), ORTHO)
  await drafts
    .nth(1)
    .getByRole('checkbox', { name: /assessment report/ })
    .check()
  await expect(drafts.nth(0).getByRole('heading', { level: 3 })).toHaveText(
    /Letter to Dr\. Ana Ruiz/,
  )

  // A third letter, removed: the list is the therapist's to shape.
  await writeEnt.click()
  await expect(drafts).toHaveCount(3)
  await drafts
    .nth(2)
    .getByRole('button', { name: /^Remove letter/ })
    .click()
  await expect(drafts).toHaveCount(2)

  await letters.scrollIntoViewIfNeeded()
  await letters.screenshot({ path: test.info().outputPath('letters-1280.png') })

  // Preview the ENT letter: the letter's own PDF, in the page's preview.
  await drafts
    .nth(0)
    .getByRole('button', { name: /^Preview/ })
    .click()
  const preview = page.getByRole('dialog', { name: 'Document preview' })
  await expect(preview).toBeVisible({ timeout: 60_000 })
  await expect(preview).toContainText(/Referral-Letter_Lindqvist-Avery_/)
  await preview.getByRole('button', { name: 'Close' }).first().click()
  await expect(preview).toBeHidden()

  await page.setViewportSize({ width: 390, height: 844 })
  await drafts.nth(1).scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('letters-390.png') })
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)

  await letters.getByRole('button', { name: 'Send letters' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send by email' })
  await expect(dialog.getByLabel('Send from')).toContainText('Clinic mailbox')
  const first = dialog.getByTestId('send-email-letter-1')
  const second = dialog.getByTestId('send-email-letter-2')
  await expect(first).toContainText(`Letter to ${ENT.name}`)
  await expect(second).toContainText(`Letter to ${ORTHO.name}`)
  await expect(first.getByLabel(/Email address/)).toHaveValue(ENT.email)
  await expect(second.getByLabel(/Email address/)).toHaveValue(ORTHO.email)
  await expect(second).toContainText('Referral Letter, Assessment Report')
  await page.screenshot({ path: test.info().outputPath('send-390.png'), fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })
  await dialog.screenshot({ path: test.info().outputPath('send-1280.png') })
  await dialog.getByRole('button', { name: 'Send 2 letters' }).click()

  const outcomes = dialog.getByTestId('send-outcome')
  await expect(outcomes).toHaveCount(2, { timeout: 120_000 })
  await expect(outcomes.nth(0)).toContainText(`${ENT.email} · Accepted`)
  await expect(outcomes.nth(1)).toContainText(`${ORTHO.email} · Accepted`)
  await expect(dialog.getByText('A copy was saved in your Sent folder.')).toHaveCount(2)

  // Each provider: one message, one To, only their own letter.
  const forEnt = await rig.mailbox.waitFor((m) => m.envelopeTo.includes(ENT.email))
  const forOrtho = await rig.mailbox.waitFor((m) => m.envelopeTo.includes(ORTHO.email))
  expect(rig.mailbox.messages).toHaveLength(2)
  expect(forEnt.envelopeTo).toEqual([ENT.email])
  expect(forOrtho.envelopeTo).toEqual([ORTHO.email])
  expect(toAddresses(forEnt)).toEqual([ENT.email])
  expect(toAddresses(forOrtho)).toEqual([ORTHO.email])
  expect(forEnt.raw.toString('latin1')).not.toContain(ORTHO.email)
  expect(forOrtho.raw.toString('latin1')).not.toContain(ENT.email)
  expect(pdfsOf(forEnt).map((a) => a.filename)).toEqual([
    expect.stringMatching(/^Referral-Letter_Lindqvist-Avery_.*\.pdf$/),
  ])
  expect(pdfsOf(forOrtho).map((a) => a.filename)).toEqual([
    expect.stringMatching(/^Referral-Letter_Lindqvist-Avery_.*\.pdf$/),
    expect.stringMatching(/^Assessment-Report_Lindqvist-Avery_.*\.pdf$/),
  ])

  const dir = mkdtempSync(path.join(tmpdir(), 'letters-'))
  try {
    const read = (m: ReceivedMail, i = 0) => {
      const file = path.join(dir, `${m.envelopeTo[0]}-${i}.pdf`)
      writeFileSync(file, pdfsOf(m)[i]!.content)
      return pdfText(file).text
    }
    const entLetter = read(forEnt)
    expect(entLetter).toContain(ENT.name)
    expect(entLetter).toContain('Avery')
    expect(entLetter).toContain('Please evaluate the adenoids')
    expect(entLetter).not.toContain(ORTHO.name)
    const orthoLetter = read(forOrtho)
    expect(orthoLetter).toContain(ORTHO.name)
    expect(orthoLetter).not.toContain(ENT.name)
    expect(read(forOrtho, 1)).toContain('Lindqvist')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  // One copy of each in Sent, the same messages.
  const sent = await rig.dovecot.messages()
  expect(sent).toHaveLength(2)
  const copies = await Promise.all(sent.map((m) => simpleParser(m.raw)))
  expect(copies.map((c) => c.messageId).sort()).toEqual(
    [forEnt.messageId, forOrtho.messageId].sort(),
  )

  // The preview (one letter), then one PDF per letter sent and the report beside the second.
  expect(await monthlyPdfs(page)).toBe(before + 4)
})

const BOOK_CSV = (sleepEmail: string) =>
  [
    'Name,Credentials,Practice,Specialty,E-mail,Phone,Fax,Address',
    `Dr. Amara Osei,MD,Northwest Sleep Center,sleep medicine,${sleepEmail},(503) 555-0190,,"40 Pine St`,
    'Portland, OR 97204"',
    'Dr. Lena Park,DDS,Jaw Pain Clinic,TMJ,park@jaw.test,,,',
    'Jordan Park,CCC-SLP,Talk Together,speech therapist,,503-555-0130,,',
  ].join('\n')

test('the address book: a CSV imported in Settings, its errors per row, and an imported provider picked in a letter that survives a reload', async ({
  page,
  rig,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await registerAccount(page, rig.server)
  await acceptLegalDocuments(page.request)

  await page.goto('/app/settings?tab=providers')
  const book = page.getByRole('tabpanel', { name: 'Address book' })
  await expect(book.getByText(/No providers yet/)).toBeVisible()

  // A file with a bad email: nothing is added, the row says why in the server's words.
  await book.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import providers from a CSV file' })
  await expect(dialog.getByRole('link', { name: 'Download an example CSV' })).toBeVisible()
  const picker = dialog.getByLabel('CSV file')
  await picker.setInputFiles({
    name: 'providers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(BOOK_CSV('osei@sleep')),
  })
  const rows = dialog.getByTestId('import-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('Row 2')
  await expect(rows.nth(0)).toContainText('Sleep physician')
  await expect(rows.nth(1)).toContainText('Row 3')
  await expect(rows.nth(1)).toContainText('Orofacial pain / TMD specialist')
  await dialog.getByRole('button', { name: 'Import 3 providers' }).click()
  await expect(dialog.getByText(/Nothing was imported: 1 row has errors/)).toBeVisible()
  await expect(rows.nth(0)).toContainText('Email is invalid')
  await page.screenshot({ path: test.info().outputPath('import-errors-1280.png') })

  // The corrected file: all three are added, and the summary says who.
  await picker.setInputFiles({
    name: 'providers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(BOOK_CSV('osei@sleep.test')),
  })
  await dialog.getByRole('button', { name: 'Import 3 providers' }).click()
  const summary = dialog.getByTestId('import-summary')
  await expect(summary.getByRole('status')).toHaveText('3 providers added.')
  await expect(summary).toContainText('Dr. Amara Osei, MD · Sleep physician')
  await page.screenshot({ path: test.info().outputPath('import-summary-1280.png') })
  await summary.getByRole('button', { name: 'Done' }).click()
  await expect(book.getByTestId('provider')).toHaveCount(3)

  // Search, and the screen at phone size with nothing wider than the screen.
  await book.getByRole('searchbox', { name: 'Search providers' }).fill('sleep')
  await expect(book.getByTestId('provider')).toHaveCount(1)
  await book.getByRole('searchbox', { name: 'Search providers' }).fill('')
  await expect(book.getByTestId('provider')).toHaveCount(3)
  await page.screenshot({ path: test.info().outputPath('address-book-1280.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath('address-book-390.png'), fullPage: true })
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await book.getByRole('button', { name: 'Add provider' }).click()
  const form = page.getByRole('form', { name: 'Add provider' })
  // By keyboard: leaving the empty name shows its message, Enter on the button checks the rest.
  await form.getByRole('button', { name: 'Add provider' }).focus()
  await page.keyboard.press('Enter')
  await expect(form.getByText('Provider name is required')).toBeVisible()
  await expect(form.getByText('Choose the kind of provider')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('add-provider-390.png') })
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 1280, height: 900 })

  // The letter picks the imported sleep physician from the book.
  await page.goto('/app/assessment')
  await page.getByLabel('Patient First Name').fill('Avery')
  await page.getByLabel('Patient Last Name').fill('Lindqvist')
  await page.getByLabel('Date of Birth').fill('2016-07-19')
  await page.getByRole('checkbox', { name: /^Sleep study/ }).check()
  const letters = page.locator('#section-letters')
  await letters.getByRole('button', { name: 'Write letter: Sleep study' }).click()
  const draft = letters.getByTestId('letter-draft')
  await draft
    .getByLabel('From your address book')
    .selectOption({ label: 'Dr. Amara Osei, MD, Northwest Sleep Center' })
  await expect(draft.getByLabel(/^Name/)).toHaveValue('Dr. Amara Osei')
  await expect(draft.getByLabel(/^Email/)).toHaveValue('osei@sleep.test')
  await expect(draft.getByText('In your address book')).toBeVisible()
  await expect(draft.getByRole('heading', { level: 3 })).toHaveText(/Letter to Dr\. Amara Osei/)

  // A reload keeps the letter, as it keeps the form.
  await page.waitForTimeout(1_000)
  await page.reload()
  await expect(page.locator('#section-letters').getByTestId('letter-draft')).toHaveCount(1)
  await expect(
    page.locator('#section-letters').getByTestId('letter-draft').getByLabel(/^Name/),
  ).toHaveValue('Dr. Amara Osei')
})
