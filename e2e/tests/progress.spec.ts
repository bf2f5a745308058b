/**
 * Progress across visits in a real browser (docs/product/documents.md#progress-across-visits):
 * a prescription is generated and downloaded; the therapist brings it back on the exercise page,
 * where the browser reads its session file, checks it with the server and prefills the next
 * session (what the next prescription then prints is tested at the API). A PDF whose data was
 * edited is refused. An initial assessment of the pediatric reference case (made through the API)
 * starts a re-evaluation that survives a reload and prints the progress on its page 1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { attachSessionFile, readSessionFile } from '@myodocs/documents/session-attachment'
import { SESSION_FILE_EDITED } from '@myodocs/shared/constants/session-file-messages'
import {
  IMPRESSION_MISSING,
  IMPRESSION_MISSING_ACTIONS,
} from '@myodocs/shared/constants/document-messages'
import { fullAssessmentInput } from '@myodocs/documents/fixtures/assessment'
import { acceptLegalDocuments, pdfText, registerAccount } from '../app-helpers'
import { expect, test } from '../fixtures'

test('start the next exercise session from a downloaded prescription; an edited one is refused', async ({
  page,
  server,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-e2e-progress-'))
  try {
    await registerAccount(page, server)
    await acceptLegalDocuments(page.request)
    await page.goto('/app/exercises')
    await page.getByLabel(/^Patient First Name/).fill('Avery')
    await page.getByLabel(/^Patient Last Name/).fill('Lindqvist')
    await page.getByLabel(/^Session Date/).fill('2026-03-05')
    await page.getByRole('heading', { name: 'Exercise Prescription' }).click()
    await page.keyboard.press('/')
    await page.keyboard.type('spot taps')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Prescription' }).click(),
    ])
    const first = path.join(dir, download.suggestedFilename())
    await download.saveAs(first)

    // A new visit, started from the downloaded PDF.
    await page.getByLabel(/^Patient First Name/).fill('')
    const chooser = page.getByLabel(/Start from a previous document: choose/)
    await chooser.setInputFiles(first)
    await expect(
      page.getByText('Started from 1 earlier document of Avery Lindqvist.'),
    ).toBeVisible()
    await expect(page.getByLabel(/^Patient First Name/)).toHaveValue('Avery')
    await expect(page.getByLabel(/^Patient Last Name/)).toHaveValue('Lindqvist')
    await expect(page.getByLabel(/^Session Number/)).toHaveValue('2')
    await expect(page.getByLabel('Spot taps', { exact: true })).toBeChecked()

    // The same data with the patient's name edited, under the original MAC: refused.
    const json = JSON.parse((await readSessionFile(readFileSync(first)))!) as { payload: string }
    json.payload = json.payload.replace('Lindqvist', 'Lindqvust')
    const blank = await PDFDocument.create()
    blank.addPage()
    const edited = path.join(dir, 'edited.pdf')
    const bytes = await attachSessionFile(await blank.save(), JSON.stringify(json), new Date())
    writeFileSync(edited, bytes)
    await chooser.setInputFiles(edited)
    await expect(page.getByText(SESSION_FILE_EDITED)).toBeVisible()
    await expect(page.getByLabel(/^Patient Last Name/)).toHaveValue('Lindqvist')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a re-evaluation started from the initial report shows last time’s values, survives a reload and prints the progress', async ({
  page,
  server,
}, testInfo) => {
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  // The initial assessment: the pediatric reference case (Kotlow 10 mm on February 5, 2026), without
  // its photos, which the session file never carries.
  const initial = fullAssessmentInput()
  for (const section of initial.sections) section.images = []
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as {
    csrfToken: string
  }
  const res = await page.request.post('/api/documents/assessment', {
    data: initial,
    headers: { 'x-csrf-token': csrfToken },
  })
  expect(res.status()).toBe(200)
  const first = testInfo.outputPath('initial.pdf')
  writeFileSync(first, await res.body())

  await page.goto('/app/assessment')
  await page.getByLabel(/Start from a previous document: choose/).setInputFiles(first)
  await expect(
    page.getByText('Started from 1 earlier document of Avery Lindqvist-Moreno.'),
  ).toBeVisible()
  const kotlow = page.getByLabel(/^Free-tongue length/)
  await kotlow.fill('16')
  // The draft and what was brought in both survive a reload of the tab, once the draft says it
  // is saved (an edit is written after the autosave delay, as the page shows).
  await expect(page.getByText('Last time (2026-02-05):').first()).toBeVisible()
  await expect(page.getByText(/Draft saved on this device at/)).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Patient Last Name')).toHaveValue('Lindqvist-Moreno')
  // Who referred the patient and why came over from the initial report, not retyped.
  await expect(page.getByLabel('Referring Party')).toHaveValue(initial.patientData.referringParty)
  await expect(page.getByLabel('Reason for Referral')).toHaveValue(
    initial.patientData.reasonForReferral,
  )
  await expect(page.getByLabel('Chief Complaint')).toHaveValue(
    initial.patientData.patientChiefComplaint,
  )
  await expect(kotlow).toHaveValue('16')
  await expect(page.getByText('Last time (2026-02-05):').first()).toBeVisible()

  // No Impression written: the page asks before a report goes out without one.
  await page.getByRole('button', { name: 'Generate Report' }).first().click()
  await expect(
    page.getByRole('alert').filter({ hasText: IMPRESSION_MISSING }).first(),
  ).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: IMPRESSION_MISSING_ACTIONS.skip }).first().click(),
  ])
  const report = testInfo.outputPath('re-evaluation.pdf')
  await download.saveAs(report)
  const page1 = pdfText(report).pages[0]!.replace(/\s+/g, ' ')
  expect(page1).toContain('Progress since earlier visits')
  expect(page1).toContain('February 5, 2026: 10 mm · today: 16 mm')
  expect(page1).toContain('improved')
})
