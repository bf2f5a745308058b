/**
 * Navigation and state as a new visitor meets them (docs/product/routes.md): every new page opens at
 * its top, back and forward return to where the page was left, the pricing choice survives the
 * back button, and on a phone the highlighted plan comes first.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

const PHONE = { width: 390, height: 844 }
const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

  test('Start Your Free Trial at the bottom of home opens /invite-code at its top; back returns there', async ({
    page,
  }) => {
    await page.goto('/')
    const cta = page.getByRole('link', { name: 'Start Your Free Trial' })
    await cta.scrollIntoViewIfNeeded()
    const before = await scrollY(page)
    expect(before).toBeGreaterThan(1000)
    await cta.click()
    await expect(page).toHaveURL('/invite-code')
    const field = page.getByLabel('Invite code')
    await expect(field).toBeInViewport()
    expect(await scrollY(page)).toBe(0)

    await page.goBack()
    await expect(page).toHaveURL('/')
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 50)
  })

  test('the recommended plan comes first, or the one the URL selected', async ({ page }) => {
    const top = async (name: string) => (await page.getByRole('article', { name }).boundingBox())!.y
    await page.goto('/pricing')
    expect(await top('Professional')).toBeLessThan(await top('Essential'))
    await page.goto('/pricing?tier=premium&billing=monthly')
    expect(await top('Premium')).toBeLessThan(await top('Essential'))
    expect(await top('Premium')).toBeLessThan(await top('Professional'))
    await page.goto('/')
    await page.getByRole('heading', { name: 'Professional', exact: true }).scrollIntoViewIfNeeded()
    expect(await top('Professional')).toBeLessThan(await top('Essential'))

    const radioTop = async (name: RegExp) =>
      (await page.getByRole('radio', { name }).boundingBox())!.y
    await page.goto('/select-plan')
    expect(await radioTop(/^Professional/)).toBeLessThan(await radioTop(/^Essential/))
    await page.goto('/select-plan?tier=premium')
    expect(await radioTop(/^Premium/)).toBeLessThan(await radioTop(/^Essential/))
    // A tap selects without moving the cards under the finger: the order stays.
    await page.getByRole('radio', { name: /^Essential/ }).click()
    await expect(page.getByRole('radio', { name: /^Essential/ })).toBeChecked()
    expect(await radioTop(/^Premium/)).toBeLessThan(await radioTop(/^Essential/))
  })
})

test('the pricing choice lives in the URL: back from /select-plan shows Annual and the plan chosen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/pricing')
  await page.getByRole('radio', { name: 'Annual' }).check()
  // The toggle rewrites this page's URL without moving it.
  await expect(page).toHaveURL('/pricing?tier=professional&billing=annually')
  const button = page.getByRole('button', { name: 'Get Started with Essential Plan' })
  await button.scrollIntoViewIfNeeded()
  const before = await scrollY(page)
  expect(before).toBeGreaterThan(100)
  await button.click()

  await expect(page).toHaveURL('/select-plan?tier=essential&billing=annually')
  // The URL changes first; the new page is drawn, at its top, a frame later.
  await expect.poll(() => scrollY(page)).toBe(0)
  await expect(page.getByRole('radio', { name: /^Essential/ })).toBeChecked()
  // Changing the choice here is kept in the URL too.
  await page.getByRole('radio', { name: 'Monthly' }).check()
  await page.getByRole('radio', { name: /^Premium/ }).check()
  await expect(page).toHaveURL('/select-plan?tier=premium&billing=monthly')
  await page.reload()
  await expect(page.getByRole('radio', { name: /^Premium/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked()

  await page.goBack()
  await expect(page).toHaveURL('/pricing?tier=essential&billing=annually')
  await expect(page.getByRole('radio', { name: 'Annual' })).toBeChecked()
  await expect(page.getByRole('article', { name: 'Essential' })).toContainText('Selected')
  await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 50)

  await page.goForward()
  await expect(page).toHaveURL('/select-plan?tier=premium&billing=monthly')
  await expect(page.getByRole('radio', { name: /^Premium/ })).toBeChecked()
})

test('a footer link deep down a page opens the next page at its top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/features')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL('/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
  expect(await scrollY(page)).toBe(0)
})
