/**
 * The prerendered public pages (docs/decisions/025-prerendered-public-pages.md): their HTML holds
 * the page before any JavaScript runs, compressed and with no inline script, and the browser's
 * React hydrates it without an error or a warning, keeping the server's elements.
 */
import type { Page } from '@playwright/test'
import { PLANS, annualMonthlyEquivalent } from '@myodocs/shared/constants/plans'
import { expect, test } from '../fixtures'

const PAGES = [
  ['/', 'More Patients. Less Paperwork.'],
  ['/features', 'Everything between the visit and the inbox'],
  ['/pricing', 'Plans for every practice'],
  ['/legal/terms-of-service', 'Terms of Service'],
  ['/legal/privacy-policy', 'Privacy Policy'],
  ['/legal/hipaa-compliant-email', 'HIPAA-Compliant Email'],
] as const

/** Whether React has taken over this element (hydration attaches its fiber to the server's node). */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const el = document.querySelector(s)
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'))
  }, selector)

test('each page arrives as HTML: heading, content and links show with JavaScript off', async ({
  browser,
  request,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false })
  const page = await context.newPage()
  for (const [path, heading] of PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('© 2025 MyoDocs')
  }
  // Each page's own head, as its script would set it: a link preview reads it without one.
  const heads = new Set<string>()
  for (const [path] of PAGES) {
    await page.goto(path)
    const description = page.locator('meta[name="description"]')
    await expect(description, path).toHaveCount(1)
    heads.add(`${await page.title()} / ${await description.getAttribute('content')}`)
  }
  expect(heads.size).toBe(PAGES.length)
  await page.goto('/')
  // The plans are a lazy section of the home page: prerendered too, not its placeholder.
  for (const plan of Object.values(PLANS))
    await expect(page.getByRole('article', { name: plan.name })).toBeVisible()
  await page.goto('/pricing')
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Get Started with Premium Plan' })).toBeVisible()
  await context.close()

  for (const [path, heading] of PAGES) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'br' } })
    expect(res.headers()['content-encoding'], path).toBe('br')
    expect(res.headers()['cache-control'], path).toBe('no-cache')
    const html = await res.text()
    // The home page's heading is two lines, each a span.
    expect(html, path).toContain(heading.split('. ')[0])
    // The CSP allows no inline script: the only one is the entry, from a file.
    expect(html.match(/<script[^>]*>/g), path).toEqual([
      expect.stringMatching(
        /^<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">$/,
      ),
    ])
  }
  // Every other path keeps the empty shell the browser renders into.
  const shell = await (await request.get('/login')).text()
  expect(shell).toContain('<div id="root"></div>')
})

test('hydration keeps the prerendered page and reports nothing; the page then works', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(e.message))
  for (const [path, heading] of PAGES) {
    await page.goto(path)
    // A server node React adopts, rather than one it rendered anew after a mismatch.
    await page.evaluate(() => {
      ;(document.querySelector('main h1') as unknown as { prerendered: boolean }).prerendered = true
    })
    await hydrated(page, 'main h1')
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading)
    expect(
      await page.evaluate(
        () =>
          (document.querySelector('main h1') as unknown as { prerendered?: boolean }).prerendered,
      ),
      `${path}: the heading is the prerendered element`,
    ).toBe(true)
  }

  await page.goto('/pricing')
  await hydrated(page, 'input[type="radio"]')
  await page.getByRole('radio', { name: 'Annual' }).check()
  await expect(page.getByRole('article', { name: 'Premium' }).getByTestId('price')).toHaveText(
    `$${annualMonthlyEquivalent(PLANS.premium)}`,
  )
  expect(problems, 'console errors and warnings').toEqual([])
})
