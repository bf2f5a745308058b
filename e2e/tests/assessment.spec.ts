/**
 * The assessment journey in a real browser: a therapist signed up and through the
 * legal gate (by the API) fills a realistic assessment, a HEIC photo included; a reload half-way
 * loses nothing; Generate downloads the report and the patient summary, whose text (pdftotext)
 * carries the practice, the patient, the computed TRMR grade and the chosen recommendations; the
 * report's first page is rendered (pdftoppm) and attached. Sign Out wipes the encrypted draft.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Download, Page } from '@playwright/test'
import { DOCUMENT_FORM_EMPTY, NO_ACTIVE_SESSION } from '@myodocs/shared/constants/document-messages'
import { acceptLegalDocuments, apiCall, PASSWORD, pdfText, registerAccount } from '../app-helpers'
import { axeBuilder } from '../axe'
import { expect, test } from '../fixtures'
import type { AppServer } from '../fixtures'

const heicPhoto = fileURLToPath(new URL('../fixtures/oral-photo.heic', import.meta.url))
const PRACTICE = 'Harbor Myofunctional Therapy'

/** Signs up through the API in the page's own cookie jar, accepts the three documents and
 * completes the business profile. */
async function signUpTherapist(page: Page, server: AppServer) {
  const account = await registerAccount(page, server, { businessName: PRACTICE })
  await acceptLegalDocuments(page.request)
  const profile = await apiCall(page.request, 'PUT', '/api/business', {
    name: PRACTICE,
    address: '12 Harbor Way, Portland, ME 04101',
    phone: '5551234567',
  })
  expect(profile.status).toBe(200)
  return account.email
}

/** The text of a downloaded PDF, and its first page as a PNG. */
function readDownload(file: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-e2e-pdf-'))
  try {
    const { text } = pdfText(file)
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      file,
      path.join(dir, 'page'),
    ])
    const png = readFileSync(path.join(dir, 'page-1.png'))
    return { text, png }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function generate(page: Page, button: string): Promise<Download> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: button }).first().click()
  return download
}

/** Encrypted drafts in this browser's IndexedDB (never their content: it is ciphertext). */
const draftCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('myodocs-drafts', 1)
        open.onerror = () => reject(new Error(String(open.error)))
        open.onupgradeneeded = () => open.result.createObjectStore('drafts', { keyPath: 'slot' })
        open.onsuccess = () => {
          const count = open.result.transaction('drafts').objectStore('drafts').count()
          count.onsuccess = () => {
            open.result.close()
            resolve(count.result)
          }
        }
      }),
  )

const savedOnDevice = (page: Page) =>
  expect(page.getByText(/Draft saved on this device at|Draft restored/)).toBeVisible()

test('fill an assessment with a HEIC photo, reload mid-way, generate both PDFs, sign out wipes the draft', async ({
  page,
  server,
}, testInfo) => {
  test.setTimeout(300_000)
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  const email = await signUpTherapist(page, server)

  await page.goto('/app/assessment')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Myofunctional Assessment' }),
  ).toBeVisible()
  await expect(page.getByText('No active assessment')).toBeVisible()
  // The profile is complete (name, address, phone): no notice.
  await expect(page.getByText('Complete your business profile')).toHaveCount(0)

  // Generate on the untouched form says what is missing, not "no active session"; the first
  // edit starts the session and keeps the other highlights.
  await page.getByRole('button', { name: 'Generate Report' }).first().click()
  await expect(page.locator('#assessment-errors').getByText(DOCUMENT_FORM_EMPTY)).toBeVisible()
  await expect(page.getByText(NO_ACTIVE_SESSION)).toHaveCount(0)
  await expect(page.getByText('Patient Last Name is required')).toBeVisible()
  await page.getByLabel('Patient Last Name').fill('Doe')
  await expect(page.getByText('No active assessment')).toHaveCount(0)
  await expect(page.getByText('Patient First Name is required')).toBeVisible()

  // Patient data: the spec's message when a required field is left empty.
  const firstName = page.getByLabel('Patient First Name')
  await firstName.focus()
  await firstName.blur()
  await expect(page.getByText('Patient First Name is required')).toBeVisible()
  await firstName.fill('Jane')
  await page.getByLabel('Patient Last Name').fill('Doe')
  await page.getByLabel('Date of Birth').fill('2016-04-12')
  await page.getByLabel('Referring Party').fill('Dr. Rivera, Bright Smiles Orthodontics')
  await page.getByLabel('Chief Complaint').fill('Mouth breathing at night, picky eater.')
  // Nothing is highlighted any more: the summary at the top went with the highlights.
  await expect(page.getByText(DOCUMENT_FORM_EMPTY)).toHaveCount(0)

  // Tongue and lips: the TRMR pair scores live beside its inputs.
  await page.getByLabel('Tongue rest posture').selectOption({ label: 'Low, on floor of mouth' })
  await page.getByLabel(/^Max interincisal opening \(MIO\)/).fill('45')
  await page.getByLabel(/^Opening with tongue tip held to incisive papilla/).fill('20')
  const trmr = page.locator('output#item-trmr_grade')
  await expect(trmr).toContainText('44%')
  await expect(trmr).toContainText('Grade 3 (under 50% of MIO)')
  await page.getByLabel(/^Free-tongue length/).fill('10')
  await expect(page.locator('output#item-kotlow_class')).toContainText('Class II')
  await page.getByLabel('Scalloped edges').check()
  await page.getByLabel('Jaw moves/slides').check()

  // A HEIC photo, converted and compressed in the browser.
  const tongueSection = page.locator('#section-tongue_lips')
  await tongueSection.locator('input[type=file]').setInputFiles(heicPhoto)
  const thumbnail = tongueSection.getByRole('img', { name: 'oral-photo.heic' })
  await expect(thumbnail).toBeVisible({ timeout: 30_000 })
  await expect(thumbnail).toHaveAttribute('src', /^data:image\/jpeg;base64,/)
  await expect(tongueSection.getByText(/\d+ KB → \d+ KB/)).toBeVisible()
  await tongueSection
    .getByLabel('Caption of photo 1 in Tongue and lips')
    .fill('Tongue at rest, frontal')

  // Reload half-way: everything comes back from the encrypted draft.
  await savedOnDevice(page)
  expect(await draftCount(page)).toBe(1)
  await page.reload()
  await expect(page.getByText(/Draft restored/)).toBeVisible()
  await expect(page.getByLabel('Patient First Name')).toHaveValue('Jane')
  await expect(page.getByLabel('Date of Birth')).toHaveValue('2016-04-12')
  await expect(page.getByLabel('Tongue rest posture')).toHaveValue('low_floor')
  await expect(page.getByLabel(/^Opening with tongue tip held/)).toHaveValue('20')
  await expect(page.locator('output#item-trmr_grade')).toContainText('Grade 3')
  await expect(page.getByLabel('Scalloped edges')).toBeChecked()
  await expect(
    page.locator('#section-tongue_lips').getByRole('img', { name: 'Tongue at rest, frontal' }),
  ).toBeVisible()

  // Breathing and sleep: the NOSE questionnaire by keyboard-friendly answer buttons.
  for (const [question, answer] of [
    ['Nasal congestion or stuffiness', '3 Fairly bad problem'],
    ['Nasal blockage or obstruction', '2 Moderate problem'],
    ['Trouble breathing through nose', '3 Fairly bad problem'],
    ['Trouble sleeping', '2 Moderate problem'],
    ['Not enough air through nose during exertion', '2 Moderate problem'],
  ] as const) {
    // By keyboard, as the buttons are made for: a click aims at coordinates, which moved under it
    // once as cards above came into view and took their real height.
    const radio = page
      .getByRole('radiogroup', { name: question })
      .getByRole('radio', { name: answer })
    await radio.focus()
    await page.keyboard.press('Space')
    await expect(radio).toBeChecked()
  }
  await expect(page.locator('output#item-nose_score')).toContainText('60 / 100')
  await page.getByLabel('Snoring', { exact: true }).selectOption({ label: 'Most nights' })

  // Recommendations: a default with its provider sub-list, one with a detail, our own.
  const recommendations = page.locator('#section-recommendations')
  await recommendations.getByLabel('Additional providers').check()
  await recommendations.getByLabel('Chiropractor').check()
  await recommendations.getByLabel('Sleep study').check()
  await recommendations.getByLabel('Type', { exact: true }).selectOption({ label: 'In-lab PSG' })
  await recommendations.getByRole('button', { name: 'Add a recommendation' }).click()
  await recommendations
    .getByLabel('Your recommendation 1')
    .fill('Daily chewing practice with a myo device')
  await page.getByLabel('Optimal Sequencing').fill('Myofunctional therapy first, then ENT review.')

  // The Impression starts from the suggested draft, which the therapist edits.
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await expect(page.getByTestId('impression-draft')).toContainText(
    'referred by Dr. Rivera, Bright Smiles Orthodontics',
  )
  await page.getByRole('button', { name: 'Use the suggested draft' }).click()
  await expect(impression).toHaveValue(/^Jane \(\d+ years\) was assessed, referred by Dr\. Rivera/)
  await impression.press('End')
  await impression.pressSequentially(' Please evaluate the adenoids.')

  // Accessibility of the whole filled form.
  const axe = await axeBuilder(page).include('main').analyze()
  const serious = axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([])

  // The report: downloaded (auto-download is the default), read back, first page rendered.
  await savedOnDevice(page)
  const report = await generate(page, 'Generate Report')
  expect(report.suggestedFilename()).toMatch(/^Assessment-Report_Doe-Jane_\d{4}-\d{2}-\d{2}\.pdf$/)
  const reportFile = testInfo.outputPath('report.pdf')
  await report.saveAs(reportFile)
  const { text: reportText, png } = readDownload(reportFile)
  await testInfo.attach('report-page-1.png', { body: png, contentType: 'image/png' })
  expect(reportText).toContain(PRACTICE)
  expect(reportText).toContain('Jane Doe')
  expect(reportText).toContain('Grade 3 (under 50% of MIO)')
  expect(reportText).toContain('Sleep study')
  expect(reportText).toContain('In-lab PSG')
  expect(reportText).toContain('Chiropractor')
  expect(reportText).toContain('Daily chewing practice with a myo device')
  expect(reportText).toContain('Figure 1. Tongue at rest, frontal')
  expect(reportText).toContain('Please evaluate the adenoids.')
  expect(reportText).toContain('WHO SHOULD ACT')

  const summary = await generate(page, 'Generate Patient Summary')
  const summaryFile = testInfo.outputPath('summary.pdf')
  await summary.saveAs(summaryFile)
  const { text: summaryText } = readDownload(summaryFile)
  // The summary answers the family's question first: why they came, in the child's name.
  expect(summaryText).toContain('What brought Jane here: Mouth breathing at night')
  expect(summaryText).toContain('Daily chewing practice with a myo device')

  // Sign Out wipes every draft; signing in again opens an empty form.
  expect(await draftCount(page)).toBe(1)
  // The "Downloaded …" toasts sit over the header's top-right corner until they time out.
  await page.mouse.move(0, 400)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(await draftCount(page)).toBe(0)
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/app\/assessment$/)
  await expect(page.getByText('No active assessment')).toBeVisible()
  await expect(page.getByLabel('Patient First Name')).toHaveValue('')

  expect(problems).toEqual([])
})
