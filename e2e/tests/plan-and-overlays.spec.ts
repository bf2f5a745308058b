/**
 * What covers what, and what the plan allows (docs/product/routes.md#toasts,
 * docs/product/plans.md#plan-changes, docs/product/plans.md#plan-table): toasts and notices never
 * cover the field or text they are about and their close buttons are real targets; a downgrade
 * past this month's PDFs is warned about before it is confirmed; a logo kept on Essential is
 * said not to print. State is set through the API, not through journeys.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import {
  acceptLegalDocuments,
  apiCall,
  makePng,
  registerAccount,
  serveUsageAlert,
} from '../app-helpers'

const DESKTOP = { width: 1280, height: 800 }

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  expect(b, 'the element is laid out').not.toBeNull()
  return b!
}

/** At least 24×24 CSS px (WCAG 2.2 2.5.8). */
async function expectTarget(locator: Locator) {
  const b = await box(locator)
  expect(b.width, 'close button width').toBeGreaterThanOrEqual(24)
  expect(b.height, 'close button height').toBeGreaterThanOrEqual(24)
}

/** Whether the two boxes share any point, after scrolling: only their columns are compared. */
const sameColumn = (a: { x: number; width: number }, b: { x: number; width: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width

const changePlan = async (page: Page, planType: string) =>
  expect(
    (
      await apiCall(page.request, 'POST', '/api/subscription/change-plan', {
        planType,
        billingFrequency: 'monthly',
      })
    ).status,
  ).toBe(200)

test('the contact error toast stays clear of every field at 1280 px; its close button is a target', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: {} }))
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Send us a message' })
  await form.getByLabel('Name').fill('Morgan Ellis')
  await form.getByLabel('Email').fill('morgan@clinic.test')
  await form.getByLabel('Subject').fill('Plans')
  await form.getByLabel('Message').fill('Which plan fits a practice of two?')
  await form.getByRole('button', { name: 'Send Message' }).click()
  // Measured in one step as the toast appears: it leaves after 5 s, and a busy machine is slow.
  const measured = await page.waitForFunction(() => {
    const toast = document.querySelector('[data-sonner-toast]')
    if (!toast?.textContent?.includes('Failed to send message')) return null
    const rect = (el: Element | null) => {
      const r = el!.getBoundingClientRect()
      return { x: r.x, width: r.width, height: r.height }
    }
    return {
      toast: rect(toast),
      close: rect(toast.querySelector('button[aria-label="Close toast"]')),
      fields: ['name', 'email', 'subject', 'message'].map((name) => ({
        name,
        ...rect(document.querySelector(`form [name="${name}"]`)),
      })),
    }
  })
  const { toast, close, fields } = (await measured.jsonValue())!
  // The toast is fixed: whichever way the page scrolls, a field in its column would pass under it.
  for (const field of fields) {
    expect(sameColumn(field, toast), `${field.name} under the toast`).toBe(false)
  }
  expect(close.width, 'close button width').toBeGreaterThanOrEqual(24)
  expect(close.height, 'close button height').toBeGreaterThanOrEqual(24)
})

test('signed in: a notice leaves the subtitle readable; a downgrade past this month’s PDFs is warned about; a kept logo is said not to print on Essential', async ({
  page,
  server,
}) => {
  await page.setViewportSize(DESKTOP)
  await registerAccount(page, server, { planType: 'professional' })
  await acceptLegalDocuments(page.request)
  const logo = await page.request.post('/api/business/logo', {
    multipart: {
      logo: {
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: makePng(300, 90, () => [29, 78, 216]),
      },
    },
    headers: {
      'x-csrf-token': (
        (await (await page.request.get('/api/csrf-token')).json()) as {
          csrfToken: string
        }
      ).csrfToken,
    },
  })
  expect(logo.status(), await logo.text()).toBe(200)

  // 205 PDFs this month: a usage notice (80 % of Professional's 250), and over Essential's 150.
  const month = new Date().toISOString().slice(0, 7)
  await page.route('**/api/subscription', async (route) => {
    const response = await route.fetch()
    const json = (await response.json()) as { data: Record<string, unknown> }
    Object.assign(json.data, { monthlyPdfGenerated: 205, usagePercentage: 82 })
    await route.fulfill({ response, json })
  })
  await page.route('**/api/analytics/usage?*', async (route) => {
    const response = await route.fetch()
    const json = (await response.json()) as { data: Record<string, unknown> }
    Object.assign(json.data, { pdfsByMonth: [{ month, count: 205 }] })
    await route.fulfill({ response, json })
  })

  await serveUsageAlert(page)
  await page.goto('/app/settings?tab=billing')
  const notice = page.getByRole('region', { name: 'Notices' }).getByRole('status')
  await expect(notice).toContainText('You have used 82% of this month’s PDFs')
  const subtitle = page.getByText('Your profile, practice, documents, legal requirements and plan.')
  const [n, s] = [await box(notice), await box(subtitle)]
  const overlaps = sameColumn(n, s) && n.y < s.y + s.height && s.y < n.y + n.height
  expect(overlaps, 'the notice covers the page subtitle').toBe(false)
  await expectTarget(notice.getByRole('button', { name: /^Dismiss notification/ }))

  // Choosing Essential: the dialog says, before confirming, that PDFs stop until the month turns.
  await page.getByRole('button', { name: 'Switch to Essential' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change to Essential, billed monthly?' })
  await expect(dialog.getByRole('alert')).toContainText(
    'You have generated 205 PDFs this month; Essential allows 150.',
  )
  const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1))
  const resume = next.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
  await expect(dialog.getByRole('alert')).toContainText(`new PDFs resume on ${resume}`)
  await expect(dialog.getByRole('button', { name: 'Change plan anyway' })).toBeEnabled()
  await expectTarget(dialog.getByRole('button', { name: 'Close' }))
  await dialog.getByRole('button', { name: 'Go back' }).click()

  // On Essential the logo is kept, shown, and said not to print; after an upgrade it prints again.
  await changePlan(page, 'essential')
  await page.goto('/app/settings?tab=business')
  const kept = page.getByRole('status').filter({ hasText: 'Not printed on your documents' })
  await expect(kept).toContainText('Your logo is kept, but it is not printed on your documents')
  await expect(page.getByRole('img', { name: /Your practice logo/ })).toBeVisible()
  await changePlan(page, 'professional')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Replace logo' })).toBeVisible()
  await expect(kept).toHaveCount(0)
})
