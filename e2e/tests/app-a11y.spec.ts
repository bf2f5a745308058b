/**
 * The accessibility bar inside the app (docs/product/limits.md#performance-budgets): axe-core finds
 * no serious or critical violation on the signed-in pages (the legal gate, two-step enrolment, the
 * whole assessment form with a letter drafted, every Settings tab) and in their dialogs (Send, a
 * letter's Send, a plan change, a seat) at desktop and phone widths, every control and every link
 * (inside a sentence too) is a 24 px target at least at both widths, and on a phone the primary
 * actions are 44 px. Each test has its own account and page, so the pass runs on both workers and
 * no single test holds the whole audit.
 */
import type { Page } from '@playwright/test'
import { axeBuilder } from '../axe'
import { expect, test } from '../fixtures'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'

const PAGES: [path: string, heading: string][] = [
  ['/app/assessment', 'Myofunctional Assessment'],
  ['/app/exercises', 'Exercise Prescription'],
  ['/app/analytics', 'Analytics'],
]

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

async function seriousViolations(page: Page, label: string, only?: string) {
  const axe = axeBuilder(page).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ])
  const { violations } = await (only ? axe.include(only) : axe).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Every control on a phone, every link at any width. */
const TARGETS = {
  phone: 'button, input[type=checkbox], input[type=radio], select, [role=tab], a[href]',
  desktop: 'a[href]',
}
/** The same targets inside an open dialog only. */
const inDialog = (selector: string) =>
  selector
    .split(', ')
    .map((s) => `[role=dialog] ${s}`)
    .join(', ')

/** A mailbox as Settings → Email lists it, so the Send dialogs show their compose forms. */
const MAILBOX = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Clinic mail',
  smtpHost: 'smtp.clinic.test',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: 'morgan@clinic.test',
  fromAddress: 'morgan@clinic.test',
  imapHost: null,
  imapPort: null,
  imapSecurity: null,
  imapUser: null,
  sentFolder: null,
  isActive: true,
  isDefault: true,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
}

/** Visible targets smaller than 24×24 CSS px (docs/product/limits.md), links inside sentences included. */
function smallTargets(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const small: string[] = []
    const controls = document.querySelectorAll<HTMLElement>(selector)
    for (const el of Array.from(controls)) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue
      if (el.closest('.sr-only')) continue
      if (r.width < 24 || r.height < 24) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.id
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        )
      }
    }
    return small
  }, selector)
}

/** Opens a dialog with `open`, audits it and its targets, and closes it with Escape. */
async function auditDialog(
  page: Page,
  label: string,
  viewport: (typeof VIEWPORTS)[number]['name'],
  open: () => Promise<void>,
) {
  await open()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  const problems = [
    ...(await seriousViolations(page, `${label} ${viewport}`, '[role=dialog]')),
    ...(await smallTargets(page, inDialog(TARGETS[viewport]))).map(
      (t) => `${label} ${viewport} small target ${t}`,
    ),
  ]
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  return problems
}

type Viewport = (typeof VIEWPORTS)[number]

// Each test has its own account: the file's tests may share both workers.
test.describe.configure({ mode: 'parallel' })

/** Every target of the page (or only `within`) smaller than 24 px, labelled for the report. */
async function targetProblems(page: Page, label: string, viewport: Viewport) {
  return (await smallTargets(page, TARGETS[viewport.name])).map(
    (t) => `${label} ${viewport.name} small target ${t}`,
  )
}

async function signedIn(
  page: Page,
  server: Parameters<typeof registerAccount>[1],
  viewport: Viewport,
) {
  await page.setViewportSize(viewport)
  await registerAccount(page, server)
  await acceptLegalDocuments(page.request)
}

test('axe finds no serious or critical violation on the legal gate at both widths', async ({
  page,
  server,
}) => {
  await registerAccount(page, server)
  const problems: string[] = []
  // The legal gate is the first thing a new account sees.
  await page.goto('/app/assessment')
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await expect(page.getByRole('list', { name: 'Legal requirements' })).toBeVisible({
      timeout: 30_000,
    })
    problems.push(...(await seriousViolations(page, `gate ${viewport.name}`)))
  }
  expect(problems).toEqual([])
})

for (const viewport of VIEWPORTS) {
  test(`axe finds no serious or critical violation on the signed-in pages, two-step enrolment and every Settings tab at ${viewport.name} width; 24 px targets`, async ({
    page,
    server,
  }) => {
    test.setTimeout(300_000)
    await signedIn(page, server, viewport)
    const problems: string[] = []

    // The same pages at both widths: the sidebar layout and the phone's differ.
    for (const [path, heading] of PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
        timeout: 30_000,
      })
      problems.push(...(await seriousViolations(page, `${path} ${viewport.name}`)))
      problems.push(...(await targetProblems(page, path, viewport)))
    }

    // Two-step enrolment, before and after asking for an authenticator app's key.
    await page.goto('/app/two-step')
    await page.getByRole('button', { name: 'Set up authenticator app' }).waitFor()
    problems.push(...(await seriousViolations(page, `two-step ${viewport.name}`)))
    await page.getByRole('button', { name: 'Set up authenticator app' }).click()
    await page.waitForLoadState('networkidle')
    problems.push(...(await seriousViolations(page, `two-step key ${viewport.name}`)))
    problems.push(...(await targetProblems(page, 'two-step', viewport)))

    // Every tab of Settings, read from the page so a new tab is audited too (a new account is
    // its practice's account holder: it sees them all).
    await page.goto('/app/settings')
    await expect(page.getByRole('tab').first()).toBeVisible({ timeout: 30_000 })
    const tabs = await page.getByRole('tab').allTextContents()
    expect(tabs.length).toBeGreaterThan(10)
    for (const name of tabs) {
      await page.getByRole('tab', { name, exact: true }).click()
      await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      // A tab loads its data (a heavier one its code too) after it opens.
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('tabpanel').getByText(/^Loading/)).toHaveCount(0)
      const label = `settings ${name}`
      problems.push(...(await seriousViolations(page, `${label} ${viewport.name}`)))
      problems.push(...(await targetProblems(page, label, viewport)))
    }
    expect(problems).toEqual([])

    if (viewport.name === 'phone') {
      // The primary actions of the clinical pages are 44 px tall on a phone.
      await page.goto('/app/assessment')
      for (const name of ['Generate Report', 'Send']) {
        const box = await page.getByRole('button', { name, exact: true }).first().boundingBox()
        expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44)
      }
    }
  })

  test(`axe finds no serious or critical violation in the Send, letter Send, plan change and seat dialogs at ${viewport.name} width; 24 px targets`, async ({
    page,
    server,
  }) => {
    test.setTimeout(300_000)
    await signedIn(page, server, viewport)
    const problems: string[] = []

    // An assessment with a referral letter drafted, each Send dialog with a mailbox to send from.
    await page.route('**/api/email/smtp-configs', (route) =>
      route.fulfill({ json: { success: true, data: { configurations: [MAILBOX] } } }),
    )
    await page.goto('/app/assessment')
    await page.getByLabel('Patient First Name').fill('Avery')
    await page.getByLabel('Patient Last Name').fill('Lindqvist')
    await page.getByLabel('Date of Birth').fill('2016-07-19')
    await page.getByRole('checkbox', { name: /Consult with an ENT doctor/ }).check()
    await page.getByRole('button', { name: 'Write letter: Consult with an ENT doctor' }).click()
    const letter = page.getByTestId('letter-draft')
    await letter.getByLabel(/^Name/).fill('Dr. Ana Ruiz')
    await letter.getByLabel(/^Email/).fill('ruiz@ent.test')
    problems.push(
      ...(await auditDialog(page, 'send', viewport.name, () =>
        page.getByRole('button', { name: 'Send', exact: true }).first().click(),
      )),
      ...(await auditDialog(page, 'letter send', viewport.name, () =>
        letter.getByRole('button', { name: /^Send: / }).click(),
      )),
    )

    // The plan change, and a seat: Stripe is not set up here, so Plan & Billing is answered as a
    // subscribed practice with one extra seat, which offers the seat buttons.
    await page.goto('/app/settings?tab=billing')
    problems.push(
      ...(await auditDialog(page, 'plan change', viewport.name, () =>
        page.getByRole('button', { name: 'Switch to Essential' }).click(),
      )),
    )
    await page.route('**/api/billing', async (route) => {
      const response = await route.fetch()
      const json = (await response.json()) as {
        data: { paymentsConfigured: boolean; subscribed: boolean; seats: { extra: number } }
      }
      Object.assign(json.data, { paymentsConfigured: true, subscribed: true })
      json.data.seats.extra = 1
      await route.fulfill({ response, json })
    })
    await page.goto('/app/settings?tab=team')
    problems.push(
      ...(await auditDialog(page, 'add seat', viewport.name, () =>
        page.getByRole('button', { name: /^Add a seat/ }).click(),
      )),
    )
    expect(problems).toEqual([])
  })
}
