/**
 * Whether the therapist can trust what the browser says about the session
 * (docs/product/accounts.md#sign-out, #signed-in-on-the-public-site): the public site knows a
 * signed-in user, Sign Out always leaves the browser signed out, and the session survives
 * closing the browser (its cookies carry a lifetime).
 */
import type { Page } from '@playwright/test'
import { SIGNED_OUT } from '@myodocs/shared/constants/messages'
import { expect, test } from '../fixtures'
import { registerAccount } from '../app-helpers'

/** Signed in through the API, then /app once, as after a sign-in in this browser. */
async function signedIn(page: Page, server: Parameters<typeof registerAccount>[1]) {
  const account = await registerAccount(page, server)
  await page.goto('/app')
  // The workspace loads several things first; a busy machine can take a while.
  await expect(page.getByText(account.email)).toBeVisible({ timeout: 30_000 })
  return account
}

test('signed in, the public header offers Open MyoDocs and the sign-in pages go to /app', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signedIn(page, server)
  await page.goto('/pricing')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Open MyoDocs' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0)
  await header.getByRole('link', { name: 'Open MyoDocs' }).click()
  await expect(page).toHaveURL(/\/app\/assessment$/)

  for (const path of ['/login', '/invite-code', '/register']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/app\/assessment$/)
  }

  // On a phone the menu offers the app too.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.locator('#mobile-nav')
  await expect(menu.getByRole('link', { name: 'Open MyoDocs' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0)

  // Signed out, the header is the visitor's again.
  await page.goto('/app')
  await page.getByRole('button', { name: 'Open navigation' }).click()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.locator('#mobile-nav').getByRole('link', { name: 'Sign In' })).toBeVisible()
})

test('Sign Out clears the cache and storage by Clear-Site-Data, keeps the device cookie, and the other tab follows', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signedIn(page, server)
  const other = await page.context().newPage()
  await other.goto('/app/exercises')
  await expect(other.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible({
    timeout: 30_000,
  })
  // Something of this origin in every storage the header covers.
  await page.evaluate(async () => {
    localStorage.setItem('e2e-left-behind', '1')
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('e2e-left-behind', 1)
      open.onupgradeneeded = () => open.result.createObjectStore('s')
      open.onsuccess = () => (open.result.close(), resolve(undefined))
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'))
    })
  })
  const deviceCookie = async () =>
    (await page.context().cookies()).find((c) => c.name.endsWith('myodocs_device'))
  expect(await deviceCookie()).toBeTruthy()

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'))
  await page.getByRole('button', { name: 'Sign Out' }).click()
  const logout = await answer
  expect(logout.status()).toBe(200)
  expect(await logout.headerValue('clear-site-data')).toBe('"cache", "storage"')
  expect(await logout.json()).toEqual({ success: true, data: { signedOut: true } })
  await expect(page).toHaveURL('/login')
  await expect(page.getByText(SIGNED_OUT)).toBeVisible()
  // The other tab is signed out too; the storages are empty; the browser stays a known one.
  await expect(other).toHaveURL(/\/login/, { timeout: 15_000 })
  expect(await page.evaluate(() => localStorage.getItem('e2e-left-behind'))).toBeNull()
  const databases = await page.evaluate(async () =>
    (await indexedDB.databases()).map((d) => d.name),
  )
  expect(databases).not.toContain('e2e-left-behind')
  expect(await deviceCookie()).toBeTruthy()
})

test('Sign Out that cannot reach the server signs out in the browser anyway, and the next visit ends the session', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signedIn(page, server)
  await page.evaluate(() => sessionStorage.setItem('left-behind', 'patient data'))

  // The server cannot be reached at all: the browser forgets the user and goes to /login.
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'))
  await page.route('**/api/auth/me', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByText(SIGNED_OUT)).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('left-behind'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('myodocs.auth'))).toBeNull()

  // The network is back: opening /app ends the session the httpOnly cookies still held.
  await page.unrouteAll()
  let logouts = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/logout')) logouts += 1
  })
  await page.goto('/app')
  await expect(page).toHaveURL('/login')
  expect(logouts).toBe(1)
  const cookies = await page.context().cookies()
  expect(cookies.map((c) => c.name)).not.toContain('myodocs_session')
  await page.goto('/app')
  await expect(page).toHaveURL('/login')
})

test('Sign Out on a server error signs out too; a retry that gets through ends the session', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signedIn(page, server)
  // A proxy in front answers 502 and the session check cannot get through either.
  await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 502, body: '' }))
  await page.route('**/api/auth/me', (route) => route.fulfill({ status: 502, body: '' }))
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByText(SIGNED_OUT)).toBeVisible()
  await page.unrouteAll()

  // Signed in again, the first call fails and the retry gets through: signed out for real.
  await page.goto('/app')
  await expect(page).toHaveURL('/login')
  await signedIn(page, server)
  let calls = 0
  await page.route('**/api/auth/logout', async (route) => {
    calls += 1
    if (calls === 1) return route.abort('internetdisconnected')
    return route.continue()
  })
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/login')
  expect(calls).toBe(2)
  await page.goto('/app')
  await expect(page).toHaveURL('/login')
  const cookies = await page.context().cookies()
  expect(cookies.map((c) => c.name)).not.toContain('myodocs_session')
})

test('the session outlives closing the browser: its cookies carry a lifetime', async ({
  page,
  server,
}) => {
  await signedIn(page, server)
  const cookies = await page.context().cookies()
  const now = Date.now() / 1000
  for (const name of ['myodocs_session', 'myodocs_refresh']) {
    const cookie = cookies.find((c) => c.name === name)
    expect(cookie, name).toBeDefined()
    expect(cookie!.httpOnly).toBe(true)
    expect(cookie!.sameSite).toBe('Lax')
    // A session cookie has expires -1; these last the idle limit (4 h) and a little more.
    expect(cookie!.expires - now).toBeGreaterThan(4 * 3600)
    expect(cookie!.expires - now).toBeLessThan(4.5 * 3600)
  }

  // "Closing the browser": a new context with only the persistent cookies is still signed in.
  const state = await page.context().storageState()
  const reopened = await page
    .context()
    .browser()!
    .newContext({
      baseURL: server.url,
      storageState: { cookies: state.cookies.filter((c) => c.expires > 0), origins: [] },
    })
  const again = await reopened.newPage()
  await again.goto('/app')
  await expect(again.getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 })
  await expect(again).toHaveURL(/\/app\/assessment$/)
  await reopened.close()
})
