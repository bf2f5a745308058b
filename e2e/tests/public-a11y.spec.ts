/**
 * The accessibility bar (docs/product/limits.md#performance-budgets): axe-core, run inside the browser on every public page at desktop
 * and phone widths, reports no serious or critical violation (WCAG 2.1 A/AA and axe's best
 * practices). Every violation found, of any impact, is printed so the figures are visible.
 */
import type { Page } from '@playwright/test'
import { axeBuilder } from '../axe'
import {
  OAUTH_OPEN_EMAIL_SETTINGS,
  OAUTH_OPENED_DIRECTLY,
  OAUTH_POPUP_CLOSING,
} from '@myodocs/shared/constants/oauth-messages'
import { SAVE_TWO_MONTHS } from '@myodocs/shared/constants/public-site'
import { expect, test } from '../fixtures'

const PAGES: [path: string, heading: string | RegExp][] = [
  ['/', 'More Patients. Less Paperwork.'],
  ['/features', 'Everything between the visit and the inbox'],
  ['/pricing', 'Plans for every practice'],
  ['/contact', 'Contact us'],
  ['/legal/terms-of-service', 'Terms of Service'],
  ['/legal/privacy-policy', 'Privacy Policy'],
  ['/legal/hipaa-compliant-email', 'HIPAA-Compliant Email'],
  ['/login', /./],
  ['/invite-code', /./],
  ['/select-plan', 'Choose your plan'],
  // Guarded: without an invite code held in the session it lands on /invite-code.
  ['/register', /./],
  ['/reset-password', /./],
  ['/waitlist', /./],
  ['/no-such-page', 'Page not found'],
]

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]
/**
 * At phone width, pages that share a template with one audited there are left to the desktop
 * pass (CI time): two legal pages (the Terms page shows the legal template), the reset form (the
 * sign-in card) and /register (it lands on /invite-code).
 */
const PHONE_SHARED_TEMPLATE = new Set([
  '/legal/privacy-policy',
  '/legal/hipaa-compliant-email',
  '/reset-password',
  '/register',
])

async function audit(page: Page) {
  const { violations } = await axeBuilder(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return violations
}

for (const viewport of VIEWPORTS) {
  test(`axe finds no serious or critical violation on any public page (${viewport.name})`, async ({
    page,
  }) => {
    // An axe pass over every public page: minutes, not seconds, on a busy two-core machine.
    test.setTimeout(300_000)
    await page.setViewportSize(viewport)
    const report: string[] = []
    const serious: string[] = []
    for (const [path, heading] of PAGES) {
      if (viewport.name === 'phone' && PHONE_SHARED_TEMPLATE.has(path)) continue
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      if (path === '/register') await expect(page).toHaveURL('/invite-code')
      // The footer's support address arrives from GET /api/config; audit the finished page.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toBeVisible()
      const violations = await audit(page)
      report.push(`${path}: ${violations.length} violation(s)`)
      for (const v of violations) {
        const line = `  ${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`
        report.push(line)
        if (v.impact === 'serious' || v.impact === 'critical') serious.push(`${path} ${line}`)
      }
    }
    console.log(`axe-core, ${viewport.name} ${viewport.width}px\n${report.join('\n')}`)
    expect(serious).toEqual([])
  })
}

test('the mobile menu passes axe when open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.locator('#mobile-nav')).toBeVisible()
  const serious = (await audit(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  expect(serious.map((v) => v.id)).toEqual([])
})

test('the public pages work by keyboard: skip link, visible focus, menu', async ({ page }) => {
  await page.goto('/')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  // The layout renders in the browser: a Tab pressed before it exists focuses nothing of ours.
  await expect(skip).toBeAttached()
  await page.keyboard.press('Tab')
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/#main')

  // Every focused control shows an outline (the :focus-visible style).
  await page.goto('/pricing')
  await page.getByRole('radio', { name: 'Monthly' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Annual' })).toBeChecked()
  await expect(page.getByRole('article', { name: 'Essential' }).getByTestId('price')).toHaveText(
    '$41',
  )
  const button = page.getByRole('button', { name: 'Get Started with Essential Plan' })
  await button.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  const outline = await button.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).not.toBe('none')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/select-plan?tier=essential&billing=annually')
})

test('after choosing Annual the "Save 2 months" badge passes the contrast check', async ({
  page,
}) => {
  for (const path of ['/pricing', '/select-plan']) {
    await page.goto(path)
    await page.locator('fieldset label', { hasText: SAVE_TWO_MONTHS }).click()
    const badge = page.getByText(SAVE_TWO_MONTHS).first()
    await expect(badge).toBeVisible()
    // axe leaves text under the transparent radio "incomplete": measure the badge itself, its
    // translucent background laid over the segment's as the browser paints them.
    const ratio = await badge.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
      const paint = (...colors: string[]) => {
        ctx.clearRect(0, 0, 1, 1)
        for (const color of ['#fff', ...colors]) {
          ctx.fillStyle = color
          ctx.fillRect(0, 0, 1, 1)
        }
        return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)]
      }
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((v) => {
          const c = v / 255
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
        })
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
      }
      const segment = getComputedStyle(el.parentElement!).backgroundColor
      const own = getComputedStyle(el)
      const bg = luminance(paint(segment, own.backgroundColor))
      const fg = luminance(paint(segment, own.backgroundColor, own.color))
      return (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05)
    })
    expect(ratio, path).toBeGreaterThanOrEqual(4.5)
  }
})

test('focus moves to the new page heading after a navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click()
  const heading = page.getByRole('heading', { level: 1, name: 'Plans for every practice' })
  await expect(heading).toBeFocused()
  await page.getByRole('banner').getByRole('link', { name: 'Features' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test('/oauth-success opened on its own: one main, its own title, and it says where to go', async ({
  page,
}) => {
  await page.goto('/oauth-success?oauth=success&provider=gmail')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Gmail/)
  await expect(page.locator('main')).toHaveCount(1)
  await expect(page).toHaveTitle(/Gmail/)
  await expect(page.getByText(OAUTH_OPENED_DIRECTLY)).toBeVisible()
  await expect(page.getByText(OAUTH_POPUP_CLOSING)).toHaveCount(0)
  await expect(page.getByRole('link', { name: OAUTH_OPEN_EMAIL_SETTINGS })).toHaveAttribute(
    'href',
    '/app/settings?tab=email',
  )
  const serious = (await audit(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  expect(serious.map((v) => v.id)).toEqual([])
})
