/**
 * The signed-in app in a real browser: a new practice meets the legal gate, signs the
 * BAA, accepts the Terms and the attestation, and the gate lifts; the signed BAA downloads as a
 * PDF whose text extracts; Check Status Again sees an acceptance made elsewhere; the app refuses
 * to open when compliance cannot be read; a document call refused by the plan opens the limit
 * modal, whose Upgrade Now leads to the plan page.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { toggleExercise } from '@myodocs/shared/domain/exercise-rules'
import { SETTINGS_LOAD_FALLBACK } from '@myodocs/shared/constants/settings-messages'
import { expect, test } from '../fixtures'
import { acceptLegalDocuments, apiCall, registerAccount, serveUsageAlert } from '../app-helpers'

const GATE = 'Complete your legal requirements'

/** Opens a legal document from the legal tab and scrolls its text to the end. */
async function openAndRead(page: Page, button: string, title: string) {
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .getByRole('button', { name: button })
    .click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByRole('heading', { name: /^1\./ }).first()).toBeVisible()
  await dialog.getByTestId('legal-document-end').scrollIntoViewIfNeeded()
  return dialog
}

test('a new practice meets the gate, accepts the three documents, and the gate lifts', async ({
  page,
  server,
}) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  const account = await registerAccount(page, server)

  // /app opens the first template; the gate stands in its place and lists all three.
  await page.goto('/app')
  await expect(page).toHaveURL('/app/assessment')
  await expect(page.getByRole('heading', { name: 'Myofunctional Assessment' })).toBeVisible()
  const gate = page.getByRole('region', { name: GATE })
  await expect(gate).toBeVisible()
  const requirements = gate.getByRole('list', { name: 'Legal requirements' })
  // The Terms accepted at registration count; only what is left is asked for.
  await expect(requirements.getByRole('listitem')).toHaveText([
    /Business Associate Agreement: missing.*Please accept the Business Associate Agreement to continue/,
    /Terms of Service: accepted/,
    /Email Provider Attestation: missing/,
  ])
  // The shell shows who is signed in, the plan and the trial.
  await expect(page.getByText(account.email)).toBeVisible()
  await expect(page.getByTestId('account-summary')).toContainText('Professional plan')
  await expect(page.getByTestId('account-summary')).toContainText('30 days left in your trial')
  await expect(page.getByTestId('account-summary')).toContainText('0 / 250')

  // Every template but settings is gated.
  await page.getByRole('link', { name: /Exercise Prescription/ }).click()
  await expect(page).toHaveURL('/app/exercises')
  await expect(page.getByRole('region', { name: GATE })).toBeVisible()

  // Go to Legal & Compliance: settings' legal tab, 0 %.
  await page.getByRole('link', { name: 'Go to Legal & Compliance' }).click()
  await expect(page).toHaveURL('/app/settings?tab=legal')
  await expect(page.getByTestId('compliance-summary')).toContainText('33% compliant')

  // The BAA: signing is offered once the text has been read to its end.
  let dialog = page.getByRole('dialog', { name: 'Business Associate Agreement' })
  await page.getByRole('button', { name: 'Review and sign' }).click()
  await expect(dialog.getByLabel('Full name (your signature)')).toBeDisabled()
  await dialog.getByTestId('legal-document-end').scrollIntoViewIfNeeded()
  await expect(dialog.getByLabel('Full name (your signature)')).toBeEnabled()
  await dialog.getByRole('button', { name: 'Sign Agreement' }).click()
  await expect(dialog.getByText('Your full name is required to sign')).toBeVisible()
  await dialog.getByLabel('Full name (your signature)').fill('Morgan Ellis')
  await dialog.getByLabel('Title', { exact: true }).fill('Owner, RDH')
  await dialog.getByLabel(/sign it on behalf of/).check()
  await dialog.getByRole('button', { name: 'Sign Agreement' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('legal-status-baa')).toContainText(
    'Signed by Morgan Ellis, Owner, RDH',
  )
  await expect(page.getByTestId('compliance-summary')).toContainText('67% compliant')

  // The attestation.
  dialog = await openAndRead(page, 'Review and accept', 'Email Provider Attestation')
  await dialog.getByRole('button', { name: 'Confirm Attestation' }).click()
  await expect(dialog.getByText('Please confirm to continue')).toBeVisible()
  await dialog.getByLabel(/I confirm that every email account/).check()
  await dialog.getByRole('button', { name: 'Confirm Attestation' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('compliance-summary')).toContainText('100% compliant')

  // The gate lifts everywhere at once (no reload): the template itself shows.
  await page.getByRole('link', { name: /Myofunctional Assessment/ }).click()
  await expect(page.getByRole('heading', { name: 'Myofunctional Assessment' })).toBeVisible()
  await expect(page.getByRole('region', { name: GATE })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Myofunctional Assessment' })).toBeVisible()
  await expect(page.getByRole('region', { name: GATE })).toHaveCount(0)

  // The signed BAA downloads as a PDF whose text carries the signature.
  await page.goto('/app/settings?tab=legal')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download signed BAA' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('business-associate-agreement-v1.0.pdf')
  const path = await file.path()
  const { stdout: text } = await promisify(execFile)('pdftotext', ['-layout', path, '-'])
  expect(text).toContain('Business Associate Agreement')
  expect(text).toContain('Morgan Ellis')
  expect(text).toContain('Owner, RDH')
  expect(text).toContain(account.businessName)
  expect(problems).toEqual([])
})

test('Check Status Again sees an acceptance made elsewhere', async ({ page, server }) => {
  await registerAccount(page, server)
  await apiCall(page.request, 'POST', '/api/legal/baa/accept', {
    accept: true,
    signatureData: { name: 'Morgan Ellis', title: 'Owner' },
  })
  await apiCall(page.request, 'POST', '/api/legal/terms/accept', { accept: true })
  await page.goto('/app/exercises')
  const gate = page.getByRole('region', { name: GATE })
  await expect(gate.getByRole('listitem')).toHaveText([
    /Business Associate Agreement: accepted/,
    /Terms of Service: accepted/,
    /Email Provider Attestation: missing/,
  ])
  // Accepted in another tab: the statuses here are cached until asked again.
  await apiCall(page.request, 'POST', '/api/legal/email-provider-attestation/accept', {
    accept: true,
  })
  await gate.getByRole('button', { name: 'Check Status Again' }).click()
  await expect(gate).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible()
})

test('the app does not open when compliance cannot be read; a plan failure is tolerated', async ({
  page,
  server,
}) => {
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)

  await page.route('**/api/subscription', (route) =>
    route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR', message: 'x' } }),
  )
  await page.goto('/app/exercises')
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible()
  // The plan summary falls back to the user's own figures.
  await expect(page.getByTestId('account-summary')).toContainText('0 / 250')

  // Settings that never come: the app opens on the defaults within seconds, and says so.
  await page.route('**/api/settings', () => undefined)
  await page.reload()
  const fallback = page.getByRole('status').filter({ hasText: SETTINGS_LOAD_FALLBACK })
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible({
    timeout: 8_000,
  })
  await expect(fallback).toBeVisible()
  await page.unroute('**/api/settings')
  await fallback.getByRole('button', { name: 'Retry' }).click()
  await expect(fallback).toHaveCount(0)

  await page.route('**/api/legal/baa/status', (route) =>
    route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR', message: 'x' } }),
  )
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Failed to Load Application' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toHaveCount(0)
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Reload Page' }).click()
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible()
})

test('a document refused by the plan opens the limit modal; Upgrade Now leads to the plan page', async ({
  page,
  server,
}) => {
  const account = await registerAccount(page, server)
  await acceptLegalDocuments(page.request)

  // Cancel the plan on the plan page (confirmed by typing the business name).
  await page.goto('/app/settings?tab=billing')
  await page.getByRole('button', { name: 'Cancel plan' }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancel your plan?' })
  await confirm.getByLabel(/to confirm/).fill('Someone else')
  await confirm.getByRole('button', { name: 'Cancel plan' }).click()
  await expect(confirm.getByText('The business name does not match')).toBeVisible()
  await confirm.getByLabel(/to confirm/).fill(account.businessName.toUpperCase())
  await confirm.getByRole('button', { name: 'Cancel plan' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('Your plan is cancelled', { exact: true }).first()).toBeVisible()
  await expect(page.getByTestId('account-summary')).toContainText('Cancelled')

  // A clinical page's document call meets the guard's 403 and announces it, as the pages do.
  await page.goto('/app/exercises')
  // The app's layout listens for the announcement: it must be on screen before the call.
  await expect(page.getByRole('heading', { level: 1, name: 'Exercise Prescription' })).toBeVisible()
  const session = emptyExerciseSession(new Date())
  session.sessionData.patientFirstName = 'Test'
  session.sessionData.patientLastName = 'Patient'
  session.exercises[0] = toggleExercise(session.exercises[0]!, true)
  const answer = await page.evaluate(async (body) => {
    const { csrfToken } = (await (await fetch('/api/csrf-token')).json()) as { csrfToken: string }
    const res = await fetch('/api/documents/exercise', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: JSON.stringify(body),
    })
    const failure = (await res.json()) as { code: string; message: string }
    window.dispatchEvent(new CustomEvent('myodocs:subscription-limit', { detail: failure }))
    return { status: res.status, code: failure.code }
  }, session)
  expect(answer).toEqual({ status: 403, code: 'TRIAL_EXPIRED' })
  const modal = page.getByRole('dialog', { name: 'Subscription Required' })
  await expect(modal).toContainText('Upgrade your plan to keep generating documents.')
  await modal.getByRole('button', { name: 'Upgrade Now' }).click()
  await expect(page).toHaveURL('/app/settings?tab=billing')
  await page.getByRole('button', { name: 'Reactivate plan' }).click()
  await expect(page.getByText('Your plan is active again.')).toBeVisible()

  // Usage Limit Reached: while the server still says the month's PDFs are used up, the modal
  // stays; Refresh Status asks the server again, and the plan allows PDFs again.
  let limitReached = true
  await page.route('**/api/subscription', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { data: Record<string, unknown> }
    if (limitReached) body.data = { ...body.data, canGeneratePdf: false }
    await route.fulfill({ response, json: body })
  })
  // The announcement refetches the plan; the flag flips only after that answer, or it would close
  // the modal before Refresh Status is pressed.
  const announced = page.waitForResponse('**/api/subscription')
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent('myodocs:subscription-limit', {
        detail: { code: 'USAGE_LIMIT_EXCEEDED', message: '' },
      }),
    ),
  )
  await announced
  const limit = page.getByRole('dialog', { name: 'Usage Limit Reached' })
  await expect(limit).toContainText('You have reached your monthly PDF limit.')
  await expect(limit.getByRole('button', { name: 'Upgrade Now' })).toBeVisible()
  limitReached = false
  await limit.getByRole('button', { name: 'Refresh Status' }).click()
  await expect(limit).toBeHidden()
  await expect(page.getByText('You can generate PDFs again.')).toBeVisible()
})

test('persistent notifications: trial ending and usage at 80 %, dismissed for the session', async ({
  page,
  server,
  context,
}) => {
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
  // The plan as it will be in 27 days, 205 PDFs into the month.
  await context.route('**/api/subscription', async (route) => {
    const response = await route.fetch()
    const json = (await response.json()) as { data: Record<string, unknown> }
    Object.assign(json.data, {
      daysRemaining: 3,
      trialEnd: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      monthlyPdfGenerated: 205,
      usagePercentage: 82,
    })
    await route.fulfill({ response, json })
  })
  await serveUsageAlert(context)
  await page.goto('/app/exercises')
  const stack = page.getByRole('region', { name: 'Notices' })
  await expect(stack.getByRole('status')).toHaveCount(2)
  await expect(stack).toContainText('Your free trial ends in 3 days')
  await expect(stack).toContainText('You have used 82% of this month’s PDFs')
  await expect(stack).toContainText('205 of 250 PDFs generated.')

  // Dismissed: gone for this tab's session, also after a reload…
  await stack
    .getByRole('button', { name: 'Dismiss notification: Your free trial ends in 3 days' })
    .click()
  await expect(stack.getByRole('status')).toHaveCount(1)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible()
  await expect(stack.getByRole('status')).toHaveCount(1)
  await expect(stack).not.toContainText('Your free trial ends')

  // …but a new tab is a new session.
  const other = await context.newPage()
  await other.goto('/app/exercises')
  await expect(other.getByRole('region', { name: 'Notices' }).getByRole('status')).toHaveCount(2)
  await other.close()

  // The action leads to the plan page.
  await stack.getByRole('link', { name: 'View plans' }).click()
  await expect(page).toHaveURL('/app/settings?tab=billing')
})
