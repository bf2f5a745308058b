/**
 * The accessibility bar inside the app (docs/product/limits.md#performance-budgets): axe-core finds
 * no serious or critical violation on the signed-in pages at desktop and phone widths, every control and every link (inside a sentence too) is a 24 px target at
 * least at both widths, and on a phone the primary actions are 44 px.
 */
import type { Page } from '@playwright/test'
import { axeBuilder } from '../axe'
import { expect, test } from '../fixtures'
import { acceptLegalDocuments, registerAccount } from '../app-helpers'

// The assessment form is thousands of controls (axe takes minutes on it): its header and actions
// are audited here, its fields share the components of the pages audited whole.
const PAGES: [path: string, heading: string, only?: string][] = [
  ['/app/assessment', 'Myofunctional Assessment', '#main header'],
  ['/app/exercises', 'Exercise Prescription'],
  ['/app/analytics', 'Analytics'],
]

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

test('axe finds no serious or critical violation on the signed-in pages; phone tap targets', async ({
  page,
  server,
}) => {
  test.setTimeout(300_000)
  await registerAccount(page, server)
  const problems: string[] = []

  // The legal gate is the first thing a new account sees.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/assessment')
  await expect(page.getByRole('list', { name: 'Legal requirements' })).toBeVisible({
    timeout: 30_000,
  })
  problems.push(...(await seriousViolations(page, 'gate phone')))
  await acceptLegalDocuments(page.request)

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ] as const) {
    await page.setViewportSize(viewport)
    // The same pages at both widths: the sidebar layout and the phone's differ.
    for (const [path, heading, only] of PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
        timeout: 30_000,
      })
      problems.push(...(await seriousViolations(page, `${path} ${viewport.name}`, only)))
      problems.push(
        ...(await smallTargets(page, TARGETS[viewport.name])).map(
          (t) => `${path} ${viewport.name} small target ${t}`,
        ),
      )
    }
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
      const label = `settings ${name} ${viewport.name}`
      problems.push(...(await seriousViolations(page, label)))
      problems.push(
        ...(await smallTargets(page, TARGETS[viewport.name])).map(
          (t) => `${label} small target ${t}`,
        ),
      )
    }
  }

  expect(problems).toEqual([])

  // The primary actions of the clinical pages are 44 px tall on a phone.
  await page.goto('/app/assessment')
  for (const name of ['Generate Report', 'Send']) {
    const box = await page.getByRole('button', { name, exact: true }).first().boundingBox()
    expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44)
  }
})
