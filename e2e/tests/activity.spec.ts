/**
 * Settings → Activity in a real browser: a generated document shows in the account holder's
 * activity log, with its type and no patient data, and the log exports as CSV.
 */
import { readFileSync } from 'node:fs'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { toggleExercise } from '@myodocs/shared/domain/exercise-rules'
import { expect, test } from '../fixtures'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'

test('a generated document appears in Settings → Activity and in its CSV export', async ({
  page,
  server,
}) => {
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  await page.goto('/app/settings')

  const session = emptyExerciseSession(new Date())
  session.sessionData.patientFirstName = 'Zqx'
  session.sessionData.patientLastName = 'Canarypatient'
  session.exercises[0] = toggleExercise(session.exercises[0]!, true)
  const status = await page.evaluate(async (body) => {
    const { csrfToken } = (await (await fetch('/api/csrf-token')).json()) as { csrfToken: string }
    const res = await fetch('/api/documents/exercise', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: JSON.stringify(body),
    })
    return res.status
  }, session)
  expect(status).toBe(200)

  await page.goto('/app/settings?tab=activity')
  const table = page.getByRole('table', { name: 'Activity' })
  await expect(table.getByRole('row', { name: /Document generated/ })).toContainText(
    'Document type: Exercise',
  )
  await expect(table).not.toContainText('Canarypatient')

  // Filter to the document events only, then export what the filter selects.
  await page.getByLabel('Event').selectOption({ label: 'Document generated' })
  await expect(table.getByRole('row', { name: /Sign-in/ })).toHaveCount(0)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = readFileSync(await (await download).path(), 'utf8')
  expect(csv.split('\n')[0]).toBe(
    'Time (UTC),Event,Label,Outcome,Member,Member ID,Details,IP address',
  )
  expect(csv).toContain('document.generated,Document generated,success')
  // The address the Activity screen shows for the row ends the CSV's row too.
  const shownIp = (await table
    .getByRole('row', { name: /Document generated/ })
    .first()
    .locator('td')
    .last()
    .textContent())!.trim()
  expect(shownIp).not.toBe('')
  expect(csv.split('\n').find((l) => l.includes('document.generated'))).toMatch(
    new RegExp(`,${shownIp.replace(/[.:]/g, '\\$&')}\\r?$`),
  )
  expect(csv).not.toContain('auth.login')
  expect(csv).not.toContain('Canarypatient')
})
