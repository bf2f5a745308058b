/**
 * The exercise prescription journey in a real browser: a therapist signed up and past
 * the legal gate (through the API) with a demo-video link for one exercise builds a home program
 * across three categories from the keyboard, with a variation and a note; the total shows; the
 * prescription prints every exercise, the total, the follow-up date and a QR code that scans to
 * the link and each exercise's how-to; the after-visit summary prints what the therapist entered
 * about the visit; a reload keeps the draft.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import jsQR from 'jsqr'
import type { Download, Page } from '@playwright/test'
import { AT_LEAST_ONE_EXERCISE } from '@myodocs/shared/constants/document-messages'
import { acceptLegalDocuments, apiCall, pdfText, registerAccount } from '../app-helpers'
import { expect, test } from '../fixtures'
import type { AppServer } from '../fixtures'

const DEMO_LINK = 'https://videos.example.com/bright-airway/button-pull'
/** A new account (invite code from the operator API) past the legal gate, signed in on `page`. */
async function signUpTherapist(page: Page, server: AppServer) {
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
}

/** Saves a download, returns its text (pdftotext, whitespace collapsed) and its file path. */
async function readDownload(download: Download, dir: string) {
  const file = path.join(dir, download.suggestedFilename())
  await download.saveAs(file)
  return { file, ...pdfText(file) }
}

/** The QR code printed on one page of a PDF, decoded (the page rasterised by pdftoppm). */
/** Every QR code on a page of the PDF: each one found is painted white so the next can be read. */
function qrsOnPage(file: string, page: number): string[] {
  // A greyscale PGM (P5) is simple enough to read without an image library.
  const pgm = execFileSync(
    'pdftoppm',
    ['-gray', '-r', '150', '-f', `${page}`, '-l', `${page}`, file],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!
  const [width, height] = [Number(header[1]), Number(header[2])]
  const grey = pgm.subarray(header[0].length)
  const rgba = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    rgba.fill(grey[i]!, i * 4, i * 4 + 3)
    rgba[i * 4 + 3] = 255
  }
  const found: string[] = []
  for (let code = jsQR(rgba, width, height); code; code = jsQR(rgba, width, height)) {
    found.push(code.data)
    const corners = Object.values(code.location).filter((v) => typeof v === 'object')
    const xs = corners.map((c) => c.x)
    const ys = corners.map((c) => c.y)
    // The quiet zone around the code goes too, so no finder pattern is left half painted.
    const margin = 12
    for (
      let y = Math.max(0, Math.floor(Math.min(...ys)) - margin);
      y < Math.min(height, Math.ceil(Math.max(...ys)) + margin);
      y++
    )
      for (
        let x = Math.max(0, Math.floor(Math.min(...xs)) - margin);
        x < Math.min(width, Math.ceil(Math.max(...xs)) + margin);
        x++
      )
        rgba.fill(255, (y * width + x) * 4, (y * width + x) * 4 + 3)
  }
  return found
}

test('build a home program, print the prescription with a QR code and the after-visit summary', async ({
  page,
  server,
}) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-e2e-exercises-'))
  try {
    await signUpTherapist(page, server)
    // The therapist's own demo video for one exercise (the settings section saves this call).
    const saved = await apiCall(page.request, 'PUT', '/api/settings/exercise-videos', {
      links: { button_pull: DEMO_LINK },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    await page.goto('/app/exercises')
    await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible()

    // Nothing selected → the product's message, and no document.
    await page.getByRole('button', { name: 'Generate Prescription' }).click()
    await expect(page.getByText(AT_LEAST_ONE_EXERCISE)).toBeVisible()

    await page.getByLabel(/^Patient First Name/).fill('Avery')
    await page.getByLabel(/^Patient Last Name/).fill('Lindqvist')
    await page.getByLabel(/^Session Date/).fill('2026-03-05')
    await page.getByLabel(/^Session Number/).fill('3')
    await page.getByLabel(/^Follow-up Date/).fill('2026-03-19')
    await page.getByLabel(/^Additional Notes/).fill('Great progress on lip seal this week.')
    await page.getByLabel(/^Date of Birth/).fill('2016-07-19')
    await page.getByLabel(/^What We Worked On/).fill('Lip seal at rest.')

    // Three categories from the keyboard: "/" focuses the search, Enter adds the best match.
    await page.getByRole('heading', { name: 'Exercise Prescription' }).click()
    await page.keyboard.press('/')
    await expect(page.getByLabel('Search exercises')).toBeFocused()
    for (const query of ['button pull', 'spot taps', 'gargle']) {
      await page.keyboard.type(query)
      await page.keyboard.press('Enter')
    }
    await page.keyboard.press('Escape')
    await expect(page.getByLabel('Button pull', { exact: true })).toBeChecked()
    await expect(page.getByLabel('Spot taps', { exact: true })).toBeChecked()
    await expect(page.getByLabel('Gargle', { exact: true })).toBeChecked()
    // Switched on at the default minutes.
    await expect(page.locator('#exercise-button_pull-minutes')).toHaveValue('2')
    // The therapist sees which exercise will print a QR code.
    const buttonPullRow = page
      .getByRole('listitem')
      .filter({ has: page.getByLabel('Button pull', { exact: true }) })
    await expect(buttonPullRow.getByText('Demo video')).toBeVisible()

    await page.locator('#exercise-button_pull-variation').selectOption('bigger button')
    await page.locator('#exercise-button_pull-note').fill('Use the blue button from today.')
    await page.locator('#exercise-spot_taps-minutes').fill('3')

    // The running total: 2 + 3 + 1 minutes.
    const total = page.getByTestId('total-exercise-time')
    await expect(total).toContainText('6 min')
    await expect(total).toContainText('per session')
    const program = page.locator('#program-summary')
    await expect(program.getByText('3 exercises')).toBeVisible()
    await expect(program.getByText('2 min · 2× daily · bigger button')).toBeVisible()

    // The prescription (PDF preferences autoDownload is on by default: it downloads).
    const [prescription] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Prescription' }).click(),
    ])
    const rx = await readDownload(prescription, dir)
    for (const name of ['Button pull', 'Spot taps', 'Gargle']) expect(rx.text).toContain(name)
    expect(rx.text).toContain('Lips and cheeks')
    // Each exercise says how, and the chosen variation reads on its own.
    expect(rx.text).toContain('How many: Hold 10 seconds, 5 times')
    expect(rx.text).toContain('Your version: Use a bigger button, which is harder to hold.')
    expect(rx.text).toContain('Note from your therapist: Use the blue button from today.')
    expect(rx.text).toContain('Total exercise time: 6 minutes per practice session')
    expect(rx.text).toContain('March 19, 2026')
    expect(rx.text).toContain('Practice log: until your visit on March 19, 2026')
    // The QR code beside Button pull scans to the therapist's own video.
    const buttonPullPage = rx.pages.findIndex((p) => p.includes('Button pull')) + 1
    expect(rx.pages[buttonPullPage - 1]).toContain('Scan to watch')
    expect(qrsOnPage(rx.file, buttonPullPage)).toContain(DEMO_LINK)

    // The after-visit summary of the same session.
    const [summary] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate After-Visit Summary' }).click(),
    ])
    const avs = await readDownload(summary, dir)
    expect(avs.text).toContain('After-Visit Summary')
    expect(avs.text).toContain('Today was session 3 of Avery’s myofunctional therapy.')
    expect(avs.text).toContain('Great progress on lip seal this week.')
    expect(avs.text).toContain('What we worked on Lip seal at rest.')
    for (const name of ['Button pull', 'Spot taps', 'Gargle']) expect(avs.text).toContain(name)
    expect(avs.text).toContain('Thursday, March 19, 2026')

    // The draft survives a reload (encrypted in this browser, never on the server).
    await page.reload()
    await expect(page.getByLabel('Button pull', { exact: true })).toBeChecked()
    await expect(page.locator('#exercise-button_pull-note')).toHaveValue(
      'Use the blue button from today.',
    )
    await expect(page.getByTestId('total-exercise-time')).toContainText('6 min')
    await expect(page.getByLabel(/^What We Worked On/)).toHaveValue('Lip seal at rest.')
    expect(problems).toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a post-release program from the catalog and a practice exercise, printed with its steps and in the log', async ({
  page,
  server,
}, testInfo) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-e2e-custom-'))
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false })
  try {
    await signUpTherapist(page, server)

    // The practice library, as a therapist fills it in Settings.
    await page.goto('/app/settings?tab=practice-exercises')
    await page.getByRole('button', { name: 'Add exercise' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(/^Name/).fill('Floor-of-mouth massage')
    await dialog.getByLabel('Listed under').selectOption('tongue_function_posture')
    await dialog.getByLabel('Step 1', { exact: true }).fill('Wash your hands.')
    await dialog.getByRole('button', { name: 'Add step' }).click()
    await dialog
      .getByLabel('Step 2', { exact: true })
      .fill('With one finger, rub gently in small circles under the tongue, beside the wound.')
    await dialog.getByLabel('How many').fill('1 minute of circles, then 3 lifts')
    await dialog.getByLabel('Minutes').fill('2')
    await dialog.getByLabel('Done right when').fill('The area under the tongue feels soft.')
    await dialog
      .getByLabel('Demo video link')
      .fill('https://videos.example.com/bright-airway/floor-massage')
    await shot('library-form-desktop')
    await dialog.getByRole('button', { name: 'Save exercise' }).click()
    await expect(page.getByText('The exercise was saved to the practice library.')).toBeVisible()
    await expect(
      page.getByText('Tongue function posture · 2 min · 2× daily · 2 steps'),
    ).toBeVisible()
    await shot('library-desktop')
    await page.setViewportSize({ width: 390, height: 844 })
    await shot('library-phone')
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.goto('/app/exercises')
    await page.getByLabel(/^Patient First Name/).fill('Mila')
    await page.getByLabel(/^Patient Last Name/).fill('Soto')
    await page.getByLabel(/^Date of Birth/).fill('2021-09-30')
    await page.getByLabel(/^Session Date/).fill('2026-03-05')
    await page.getByLabel(/^Follow-up Date/).fill('2026-03-19')
    await page.getByLabel(/^Tie Release Date/).fill('2026-02-12')

    // The catalog's wound care from the search, the practice's own exercise from its list.
    await page.getByRole('heading', { name: 'Exercise Prescription' }).click()
    await page.keyboard.press('/')
    for (const query of ['tongue wound stretch', 'active wound management']) {
      await page.keyboard.type(query)
      await page.keyboard.press('Enter')
    }
    await page.keyboard.press('Escape')
    await page.getByLabel('Floor-of-mouth massage', { exact: true }).check()
    await expect(page.getByLabel('Floor-of-mouth massage', { exact: true })).toBeChecked()
    const program = page.locator('#program-summary')
    await expect(program.getByText('3 exercises')).toBeVisible()
    await expect(page.getByTestId('total-exercise-time')).toContainText('5 min')
    await expect(page.getByTestId('safety-post_release')).toContainText(
      'A tie release 3 weeks before this session',
    )
    await page.getByRole('heading', { name: 'Exercise Prescription' }).scrollIntoViewIfNeeded()
    await page.locator('#category-practice').scrollIntoViewIfNeeded()
    await shot('builder-desktop')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.locator('#category-practice').scrollIntoViewIfNeeded()
    await shot('builder-phone')
    await page.setViewportSize({ width: 1280, height: 800 })

    const [prescription] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Prescription' }).click(),
    ])
    const rx = await readDownload(prescription, dir)
    // Kept beside the screenshots, to look at its pages.
    copyFileSync(rx.file, testInfo.outputPath('rx.pdf'))
    expect(rx.text).toContain('Tongue wound stretch (after release)')
    expect(rx.text).toContain('Active wound management')
    expect(rx.text).toContain('Floor-of-mouth massage')
    expect(rx.text).toContain('1 Wash your hands.')
    expect(rx.text).toContain(
      '2 With one finger, rub gently in small circles under the tongue, beside the wound.',
    )
    expect(rx.text).toContain('How many: 1 minute of circles, then 3 lifts')
    expect(rx.text).toContain('Done right when: The area under the tongue feels soft.')
    expect(rx.text).toContain('After the release')
    const massagePage = rx.pages.findIndex((p) => p.includes('Floor-of-mouth massage')) + 1
    expect(qrsOnPage(rx.file, massagePage)).toContain(
      'https://videos.example.com/bright-airway/floor-massage',
    )
    const log = rx.pages.find((p) => p.includes('Practice log'))!
    expect(log).toContain('5 minutes per practice session')

    // The library changes; the program keeps the words it was printed with.
    await page.goto('/app/settings?tab=practice-exercises')
    await page.getByRole('button', { name: 'Delete Floor-of-mouth massage' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(
      page.getByText('The exercise was removed from the practice library.'),
    ).toBeVisible()
    await page.goto('/app/exercises')
    await expect(page.getByLabel('Floor-of-mouth massage', { exact: true })).toBeChecked()
    await expect(page.getByText('Practice (copy)')).toBeVisible()
    expect(problems).toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
