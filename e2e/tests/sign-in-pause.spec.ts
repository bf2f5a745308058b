/**
 * Strangers pause an account's sign-in on new browsers; the owner unlocks the browser they use
 * with the emailed link (docs/product/limits.md#sign-in-throttling). The server trusts
 * X-Forwarded-For here so the strangers can come from many addresses, as a botnet's would.
 */
import type { Page } from '@playwright/test'
import { expect, testWithServer } from '../fixtures'
import { registerAccount } from '../app-helpers'
import { mailedUnlockLink } from '../../apps/server/test/mailed-links'

const test = testWithServer({ TRUST_PROXY: 'true' })

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`))

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('a paused sign-in: a stranger is refused, the unlock link lets the owner in', async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  const account = await registerAccount(page, server)
  await page.context().clearCookies()

  // 20 wrong passwords from 20 addresses pause sign-in from new browsers.
  for (let i = 0; i < 20; i++) {
    const res = await page.request.post('/api/auth/login', {
      data: { email: account.email, password: `Not-the-password-${i}!` },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    })
    expect(res.status()).toBe(401)
  }

  // A new browser is refused, even with the right password.
  await signIn(page, account.email, account.password)
  await expect(page.getByText('Too many failed sign-in attempts')).toBeVisible()

  // The owner opens the emailed link in that browser: the token leaves the address bar.
  const { link } = await mailedUnlockLink(server.smtp, account.email)
  expect(link.startsWith(`${baseURL}/unlock?token=`)).toBe(true)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Unlock sign-in on this browser' })).toBeVisible()
  await expect(page).toHaveURL('/unlock')
  for (const [width, name] of [
    [1280, 'desktop'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 844 })
    await page.screenshot({ path: test.info().outputPath(`unlock-${name}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  // Keyboard: the button is reachable and works with Enter.
  const unlock = page.getByRole('button', { name: 'Unlock this browser' })
  await unlock.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Sign-in unlocked' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('unlocked.png') })
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click()
  await field(page, 'Email').fill(account.email)
  await field(page, 'Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/app\//)

  // Another new browser is still paused.
  const stranger = await browser.newContext({ baseURL })
  const strangerPage = await stranger.newPage()
  await signIn(strangerPage, account.email, account.password)
  await expect(strangerPage.getByText('Too many failed sign-in attempts')).toBeVisible()
  await stranger.close()

  // A link used after it was changed is refused with a way out.
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  await otherPage.goto(`${link}x`)
  await otherPage.getByRole('button', { name: 'Unlock this browser' }).click()
  await expect(otherPage.getByText('This unlock link is invalid or has expired.')).toBeVisible()
  await expect(otherPage.getByRole('link', { name: 'Reset your password' })).toBeVisible()
  await other.close()
  expect(problems).toEqual([])
})
