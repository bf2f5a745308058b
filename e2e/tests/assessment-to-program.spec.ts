/**
 * The assessment → program bridge in a real browser: a therapist opens an assessment (name, date
 * of birth, control pause, asthma, a history of stroke, hypertension and SLP-managed dysphagia),
 * switches to the exercise page, and "Use the open assessment" brings that patient's values over;
 * for another patient it says there is none. The builder then warns about the swallow and
 * breath-hold exercises those values call for, before anything is printed.
 */
import type { Page } from '@playwright/test'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'
import { expect, test } from '../fixtures'

async function fillPatient(page: Page, first: string, last: string) {
  await page.getByLabel(/^Patient First Name/).fill(first)
  await page.getByLabel(/^Patient Last Name/).fill(last)
}

test('the exercise page takes over the open assessment of the same patient', async ({
  page,
  server,
}) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)

  await page.goto('/app/assessment')
  await fillPatient(page, 'Ruth', 'Okafor')
  await page.getByLabel('Date of Birth').fill('1958-10-21')
  await page
    .getByLabel('Relevant Medical History')
    .fill('Stroke in 2025. Hypertension. Dysphagia managed by his SLP.')
  await page.getByLabel(/^Control pause \/ BOLT/).fill('8')
  await page.locator('#section-breathing_sleep').getByLabel('Asthma', { exact: true }).check()
  await expect(page.getByText(/Draft saved on this device at/)).toBeVisible()

  // Switch pages inside the app, as a therapist does.
  await page.getByRole('link', { name: 'Exercise Prescription' }).first().click()
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible()
  const takeOver = page.getByRole('button', { name: 'Use the open assessment' })

  // Another patient: nothing is taken over.
  await fillPatient(page, 'Ruth', 'Okonkwo')
  await takeOver.click()
  await expect(page.getByText('No open assessment for this patient on this device.')).toBeVisible()
  await expect(page.getByLabel(/^Control Pause \(s\)/)).toHaveValue('')

  // The same patient (case and spaces do not matter): the assessment's values arrive.
  await fillPatient(page, 'ruth', 'Okafor ')
  await page.getByLabel(/^Session Date/).fill('2026-03-05')
  await takeOver.click()
  await expect(page.getByText('Taken over from the open assessment.')).toBeVisible()
  await expect(page.getByLabel(/^Control Pause \(s\)/)).toHaveValue('8')
  await expect(page.getByLabel('Asthma', { exact: true })).toBeChecked()
  await expect(page.getByLabel(/^Date of Birth/)).toHaveValue('1958-10-21')
  for (const label of [
    'High Blood Pressure',
    'Stroke',
    'Dysphagia',
    'Swallowing Managed by an SLP',
  ])
    await expect(page.getByLabel(label, { exact: true })).toBeChecked()

  // The builder warns before printing: swallow precautions, and breath holds with high blood pressure.
  await page.getByLabel('Search exercises').fill('effortful swallow')
  await page.getByLabel('Search exercises').press('Enter')
  await page.getByLabel('Search exercises').fill('control pause check')
  await page.getByLabel('Search exercises').press('Enter')
  await expect(page.getByTestId('safety-swallow')).toContainText(
    'Swallow exercise (Effortful swallow) selected for dysphagia, a stroke and swallowing managed by a speech-language pathologist',
  )
  await expect(page.getByTestId('safety-breath_hold')).toContainText(
    'high blood pressure and an older adult (65 or over)',
  )
  expect(problems).toEqual([])
})
