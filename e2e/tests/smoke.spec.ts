import { expect, test } from '../fixtures'

test('the home page renders with the header, the footer and no console errors', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('More Patients. Less Paperwork.')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/invite-code',
  )
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText('© 2025')
  await expect(footer.getByRole('link', { name: 'support@myodocs.test' })).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'target',
    '_blank',
  )
  expect(problems, 'console errors (e.g. CSP violations)').toEqual([])
})

test('an unknown page shows the 404 page, an unknown API path answers JSON', async ({
  page,
  request,
}) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  const res = await request.get('/api/no-such-call')
  expect(res.status()).toBe(404)
  expect(await res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' })
})

test('index.html is not cached and hashed assets are', async ({ request, page }) => {
  const html = await request.get('/')
  expect(html.headers()['cache-control']).toBe('no-cache')
  const assets: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/assets/')) assets.push(r.headers()['cache-control'] ?? '')
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(assets.length).toBeGreaterThan(0)
  for (const c of assets) expect(c).toBe('public, max-age=31536000, immutable')
})
