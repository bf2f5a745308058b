/**
 * On a phone the clinical pages keep their actions in reach: the assessment (tens of thousands of
 * pixels tall there) and the exercise page show a bar at the bottom of the screen with Generate
 * and Send while the page's own buttons are scrolled away, and hide it while those are in view.
 */
import type { Page } from '@playwright/test'
import { DOCUMENT_FORM_EMPTY } from '@myodocs/shared/constants/document-messages'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'
import { expect, test } from '../fixtures'

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`)
  await page.screenshot({ path })
  await test.info().attach(name, { path, contentType: 'image/png' })
}

async function scrollToMiddle(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
}

test('the assessment and exercise pages keep Generate and Send on screen mid-page', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000)
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)

  await page.goto('/app/assessment')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Myofunctional Assessment' }),
  ).toBeVisible({
    timeout: 30_000,
  })
  const bar = page.getByRole('region', { name: 'Assessment actions' })
  // At the top the header's own buttons are in view: no second set.
  await expect(bar).toBeHidden()
  await scrollToMiddle(page)
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(5_000)
  await expect(bar).toBeInViewport({ ratio: 1 })
  await shot(page, 'assessment-phone-mid-page')
  for (const name of ['Report', 'Summary', 'Send']) {
    const button = bar.getByRole('button', { name, exact: true })
    await expect(button).toBeInViewport({ ratio: 1 })
    expect((await button.boundingBox())!.height, name).toBeGreaterThanOrEqual(44)
  }
  // Nothing is filled in: the bar's Send checks the form as the page's own buttons do.
  await bar.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText(DOCUMENT_FORM_EMPTY).first()).toBeInViewport()
  // Near the end the Documents section's buttons are in view: the bar steps aside.
  await page.getByRole('heading', { name: 'Documents', exact: true }).scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(bar).toBeHidden()

  await page.goto('/app/exercises')
  await expect(page.getByRole('heading', { level: 1, name: 'Exercise Prescription' })).toBeVisible({
    timeout: 30_000,
  })
  const programBar = page.getByRole('region', { name: 'Program actions' })
  await page.getByRole('checkbox').first().scrollIntoViewIfNeeded()
  await scrollToMiddle(page)
  await expect(programBar).toBeInViewport({ ratio: 1 })
  await shot(page, 'exercises-phone-mid-page')
  await expect(programBar.getByRole('button', { name: 'Send', exact: true })).toBeInViewport()
  await programBar.getByRole('link', { name: 'Review & generate' }).click()
  await expect(page.getByRole('button', { name: 'Generate Prescription' })).toBeInViewport()
  await expect(programBar).toBeHidden()

  // From the tablet width up the page header's own buttons stay in view: no bar.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/app/assessment')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Myofunctional Assessment' }),
  ).toBeVisible({
    timeout: 30_000,
  })
  await scrollToMiddle(page)
  await expect(page.getByRole('button', { name: 'Generate Report' }).first()).toBeInViewport()
  await expect(bar).toBeHidden()
  await shot(page, 'assessment-desktop-mid-page')
})
