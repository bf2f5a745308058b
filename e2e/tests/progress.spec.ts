/**
 * Progress across visits in a real browser (docs/product/documents.md#progress-across-visits):
 * a prescription is generated and downloaded; the therapist brings it back on the exercise page,
 * where the browser reads its session file, checks it with the server and prefills the next
 * session (what the next prescription then prints is tested at the API). A PDF whose data was
 * edited is refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { attachSessionFile, readSessionFile } from '@myodocs/documents/session-attachment'
import { SESSION_FILE_EDITED } from '@myodocs/shared/constants/session-file-messages'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'
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
