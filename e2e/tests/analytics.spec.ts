/**
 * The Analytics page (docs/product/analytics.md): a therapist past the legal gate generates two
 * exercise prescriptions (through the API), opens Analytics from the navigation at phone width,
 * and sees the two PDFs in the totals, the summaries and the table alternative.
 */
import type { Page } from '@playwright/test'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { toggleExercise } from '@myodocs/shared/domain/exercise-rules'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'
import { expect, test } from '../fixtures'

/** A small prescription: two exercises, no photos. */
function prescription() {
  const session = emptyExerciseSession(new Date(2026, 2, 5))
  Object.assign(session.sessionData, {
    patientFirstName: 'Avery',
    patientLastName: 'Lindqvist',
    sessionDate: '2026-03-05',
    sessionNumber: 1,
  })
  let picked = 0
  session.exercises = session.exercises.map((choice) =>
    picked < 2 && ++picked ? toggleExercise(choice, true) : choice,
  )
  return session
}

/** One prescription through the API, as the page's Download button sends it. */
async function generate(page: Page) {
  const token = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }
  const res = await page.request.post('/api/documents/exercise', {
    data: prescription(),
    headers: { 'x-csrf-token': token.csrfToken },
  })
  expect(res.status(), res.headers()['content-type']).toBe(200)
}

test('two documents generated show on the Analytics page, at phone width', async ({
  page,
  server,
}) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  await page.setViewportSize({ width: 390, height: 844 })
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  await generate(page)
  await generate(page)

  await page.goto('/app/assessment')
  await page.getByRole('button', { name: 'Open navigation' }).click()
  await page.getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect(page.getByTestId('total-pdfs')).toHaveText('2')
  const byKind = page.getByRole('region', { name: 'PDFs by document type' })
  await expect(byKind).toContainText('Exercise Prescription: 2.')
  await byKind.getByRole('button', { name: 'Show as table' }).click()
  await expect(byKind.getByRole('row', { name: 'Exercise Prescription 2' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'PDFs per month' })).toContainText(
    '2 PDFs generated',
  )
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(problems).toEqual([])
})
