/**
 * The public site in a real browser: every header and footer link (the last two legal
 * links in a new tab), the mobile menu, the calls to action, the pricing toggle and prices, both
 * plan-card behaviours, the contact form through to the message the SMTP server receives (and the
 * failure toast when the mail server is down), the legal pages, titles and descriptions, the 404.
 */
import type { Page } from '@playwright/test'
import {
  CONTACT_FAILED,
  FORGOT_PASSWORD_FAILED,
  NETWORK_UNREACHABLE,
} from '@myodocs/shared/constants/messages'
import { PLANS, annualMonthlyEquivalent } from '@myodocs/shared/constants/plans'
import { HIPAA_COMPLIANT_EMAIL } from '@myodocs/shared/legal/hipaa-compliant-email'
import { PRIVACY_POLICY } from '@myodocs/shared/legal/privacy-policy'
import { TERMS_OF_SERVICE } from '@myodocs/shared/legal/terms'
import { expect, startAppServer, test } from '../fixtures'

const h1 = (page: Page) => page.getByRole('heading', { level: 1 })

test('the header and footer links lead to their pages; privacy and terms open in a new tab', async ({
  page,
}) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  for (const [name, url, heading] of [
    ['Features', '/features', 'Everything between the visit and the inbox'],
    ['Pricing', '/pricing', 'Plans for every practice'],
    ['Home', '/', 'More Patients. Less Paperwork.'],
  ] as const) {
    await header.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(url)
    await expect(h1(page)).toHaveText(heading)
  }
  await header.getByRole('link', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/login')
  await header.getByRole('link', { name: 'Get Started' }).click()
  await expect(page).toHaveURL('/invite-code')

  const footer = page.getByRole('contentinfo')
  for (const [name, url, heading] of [
    ['Features', '/features', 'Everything between the visit and the inbox'],
    ['Pricing', '/pricing', 'Plans for every practice'],
    ['Contact', '/contact', 'Contact us'],
    ['HIPAA-Compliant Email', '/legal/hipaa-compliant-email', 'HIPAA-Compliant Email'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(url)
    await expect(h1(page)).toHaveText(heading)
  }
  await expect(footer).toContainText('© 2025 MyoDocs')
  // The support address is the server's SUPPORT_EMAIL (fixtures), not a constant of the app.
  await expect(footer.getByRole('link', { name: 'support@myodocs.test' })).toHaveAttribute(
    'href',
    'mailto:support@myodocs.test',
  )

  for (const [name, url, title] of [
    ['Privacy Policy', '/legal/privacy-policy', 'Privacy Policy'],
    ['Terms of Service', '/legal/terms-of-service', 'Terms of Service'],
  ] as const) {
    const link = footer.getByRole('link', { name })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener')
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()])
    await tab.waitForLoadState()
    await expect(tab).toHaveURL(url)
    await expect(h1(tab)).toHaveText(title)
    await tab.close()
  }
  // The page the visitor was on stays where it was.
  await expect(page).toHaveURL('/legal/hipaa-compliant-email')
})

test('on a phone the menu button opens the navigation and closes it after a choice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Pricing' })).toBeHidden()
  const menu = header.getByRole('button', { name: 'Open menu' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await menu.click()
  const close = header.getByRole('button', { name: 'Close menu' })
  await expect(close).toHaveAttribute('aria-expanded', 'true')
  const mobileNav = page.locator('#mobile-nav')
  for (const name of ['Home', 'Features', 'Pricing', 'Sign In', 'Get Started'])
    await expect(mobileNav.getByRole('link', { name, exact: true })).toBeVisible()
  await mobileNav.getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL('/pricing')
  await expect(mobileNav).toBeHidden()
  await header.getByRole('button', { name: 'Open menu' }).click()
  await mobileNav.getByRole('link', { name: 'Get Started' }).click()
  await expect(page).toHaveURL('/invite-code')
})

test('the calls to action of home and features', async ({ page }) => {
  await page.goto('/')
  const hero = page.locator('main section').first()
  await hero.getByRole('link', { name: 'Start Free Trial' }).click()
  await expect(page).toHaveURL('/invite-code')
  await page.goto('/')
  await hero.getByRole('link', { name: 'Learn More' }).click()
  await expect(page).toHaveURL('/features')
  await page.goto('/')
  await expect(page.locator('main').getByRole('heading', { level: 3 })).toContainText([
    'Assessment Reports',
    'Exercise Prescriptions',
    'Email Integration',
    'Team Management',
    'Professional Templates',
    'HIPAA Compliant',
  ])
  await page.getByRole('link', { name: 'Start Your Free Trial' }).click()
  await expect(page).toHaveURL('/invite-code')

  await page.goto('/features')
  await expect(page.locator('main').getByRole('heading', { level: 2 })).toContainText([
    'Assessment Reports',
    'Exercise Prescriptions',
    'Email Integration',
    'Team Collaboration',
    'Image Handling',
    'Security and Compliance',
  ])
  await page.locator('main').getByRole('link', { name: 'Start Free Trial' }).click()
  await expect(page).toHaveURL('/invite-code')
  await page.goto('/features')
  await page.locator('main').getByRole('link', { name: 'View Pricing' }).first().click()
  await expect(page).toHaveURL('/pricing')
})

test('pricing: the toggle switches every price; a card button goes to /select-plan with the choice', async ({
  page,
}) => {
  await page.goto('/pricing')
  const monthly = page.getByRole('radio', { name: 'Monthly' })
  const annual = page.getByRole('radio', { name: 'Annual' })
  await expect(monthly).toBeChecked()
  await expect(annual).toHaveAccessibleName(/Annual\s*Save 2 months/)
  const card = (name: string) => page.getByRole('article', { name })

  for (const plan of Object.values(PLANS)) {
    await expect(card(plan.name).getByTestId('price')).toHaveText(`$${plan.monthlyPrice}`)
    await expect(card(plan.name)).toContainText('Billed monthly')
  }
  const professional = card('Professional')
  await expect(professional).toContainText('Most Popular')
  await expect(professional).toContainText('Selected')
  await expect(card('Essential')).not.toContainText('Selected')
  await expect(card('Essential')).toContainText('150 / month')
  await expect(professional).toContainText('250 / month')
  await expect(card('Premium')).toContainText('Unlimited')
  await expect(card('Essential')).toContainText('1 therapist')
  await expect(professional).toContainText('Up to 3')
  await expect(professional).toContainText('$30/month per extra member')
  await expect(card('Premium')).toContainText('Up to 5')
  await expect(card('Premium')).toContainText('$15/month per extra member')

  await annual.check()
  const expected = { Essential: 41, Professional: 66, Premium: 108 } as const
  for (const plan of Object.values(PLANS)) {
    // round(monthly × 10 / 12): two months free.
    expect(annualMonthlyEquivalent(plan)).toBe(expected[plan.name as keyof typeof expected])
    await expect(card(plan.name).getByTestId('price')).toHaveText(
      `$${expected[plan.name as keyof typeof expected]}`,
    )
    await expect(card(plan.name)).toContainText(`$${plan.yearlyPrice} billed annually`)
  }

  await expect(page.getByRole('group', { name: 'Billing' })).toBeVisible()
  await expect(page.getByText('How does the free trial work?')).toBeVisible()
  await page.getByText('What happens if I cancel?').click()
  await expect(page.getByText('You keep access to your account for 30 days')).toBeVisible()

  await card('Premium').getByRole('button', { name: 'Get Started with Premium Plan' }).click()
  await expect(page).toHaveURL('/select-plan?tier=premium&billing=annually')
  await expect(page.getByRole('radio', { name: /^Premium/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Annual' })).toBeChecked()
  await expect(page.getByText('Start your 30-day free trial')).toBeVisible()
  await expect(page.getByText('No credit card required')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue with the chosen plan' })).toBeVisible()

  await page.goto('/pricing')
  await page.getByRole('link', { name: 'Start Your Free Trial' }).click()
  await expect(page).toHaveURL('/invite-code')
})

test('/select-plan defaults to professional and monthly', async ({ page }) => {
  await page.goto('/select-plan')
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked()
  await page.goto('/select-plan?tier=gold&billing=weekly')
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked()
})

test('a plan card without a selection handler reads Start Free Trial and loads /invite-code fully', async ({
  page,
}) => {
  await page.goto('/')
  // A full navigation replaces the window; a client-side one would keep this marker.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
  const essential = page.getByRole('article', { name: 'Essential' })
  await essential.scrollIntoViewIfNeeded()
  await Promise.all([
    page.waitForEvent('load'),
    essential.getByRole('button', { name: 'Start Free Trial' }).click(),
  ])
  await expect(page).toHaveURL('/invite-code?tier=essential&billing=monthly')
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(
    undefined,
  )
  await expect(h1(page)).toBeVisible()
})

async function fillContact(
  page: Page,
  m: Record<'name' | 'email' | 'subject' | 'message', string>,
) {
  await page.getByRole('textbox', { name: 'Name' }).fill(m.name)
  await page.getByRole('textbox', { name: 'Email' }).fill(m.email)
  await page.getByRole('textbox', { name: 'Subject' }).fill(m.subject)
  await page.getByRole('textbox', { name: 'Message' }).fill(m.message)
}

test('the contact form reaches support with Reply-To the sender, then offers another message', async ({
  page,
  server,
}) => {
  await page.goto('/contact')
  const send = page.getByRole('button', { name: 'Send Message' })

  // Every field is required and the browser checks the email before anything is sent.
  await send.click()
  await expect(page).toHaveURL('/contact')
  expect(
    await page
      .getByRole('textbox', { name: 'Name' })
      .evaluate((el: HTMLInputElement) => el.validity.valid),
  ).toBe(false)
  const subject = `Question about annual plans ${Date.now()}`
  await fillContact(page, {
    name: 'Dana Reyes',
    email: 'not-an-email',
    subject,
    message: 'Can my two colleagues join later?\nThanks!',
  })
  expect(
    await page
      .getByRole('textbox', { name: 'Email' })
      .evaluate((el: HTMLInputElement) => el.validity.typeMismatch),
  ).toBe(true)
  await page.getByRole('textbox', { name: 'Email' }).fill('dana@brightsmiles.test')

  // Hold the request so the sending state can be seen.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/contact', async (route) => {
    await held
    await route.continue()
  })
  await send.click()
  const sending = page.getByRole('button', { name: 'Sending...' })
  await expect(sending).toBeDisabled()
  release()

  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible()
  const mail = await server.smtp.waitFor((m) => m.subject === `[Contact] ${subject}`)
  expect(mail.envelopeTo).toEqual(['support@myodocs.test'])
  expect(mail.replyTo?.value[0]?.address).toBe('dana@brightsmiles.test')
  expect(mail.text).toContain('Can my two colleagues join later?')
  expect(mail.text).toContain('Dana Reyes')

  await page.getByRole('button', { name: 'Send Another Message' }).click()
  for (const label of ['Name', 'Email', 'Subject', 'Message'])
    await expect(page.getByRole('textbox', { name: label })).toHaveValue('')
  await fillContact(page, { name: 'A', email: 'a@b.test', subject: 'Hi', message: 'Again' })
  await send.click()
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL('/')
})

test('when the mail server is down the error toast shows and the form keeps what was typed', async ({
  page,
}) => {
  // A port that was free a moment ago: nothing listens there.
  const { createServer } = await import('node:net')
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  const closedPort = (probe.address() as { port: number }).port
  await new Promise((r) => probe.close(r))
  const down = await startAppServer({ SYSTEM_SMTP_URL: `smtp://127.0.0.1:${closedPort}` })
  try {
    await page.goto(`${down.url}/contact`)
    const typed = {
      name: 'Dana Reyes',
      email: 'dana@brightsmiles.test',
      subject: 'Will this arrive?',
      message: 'The mail server is down.',
    }
    await fillContact(page, typed)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText(CONTACT_FAILED)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeHidden()
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(typed.name)
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(typed.email)
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(typed.subject)
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(typed.message)
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  } finally {
    await down.stop()
    await down.smtp.close()
  }
})

test('a failure with no message shows the text of its flow; no answer at all shows the network text', async ({
  page,
}) => {
  // A server error without a message: the reset request says what failed, not "An error occurred".
  await page.route('**/api/auth/forgot-password', (route) =>
    route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR' } }),
  )
  await page.goto('/reset-password')
  await page.getByLabel(/^Email/).fill('dana@brightsmiles.test')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('alert').filter({ hasText: FORGOT_PASSWORD_FAILED })).toBeVisible()

  // The server cannot be reached: sign-in and the waitlist say so in the network text.
  await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'))
  await page.goto('/login')
  await page.getByLabel(/^Email/).fill('dana@brightsmiles.test')
  await page.getByLabel(/^Password/).fill('Whatever-it-is-1!')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_UNREACHABLE })).toBeVisible()
  await page.route('**/api/waitlist', (route) => route.abort('connectionrefused'))
  await page.goto('/waitlist')
  await page.getByLabel(/^Name/).fill('Dana Reyes')
  await page.getByLabel(/^Email/).fill('dana@brightsmiles.test')
  await page.getByRole('button', { name: 'Join the Waitlist' }).click()
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_UNREACHABLE })).toBeVisible()
})

test('the legal pages: each section an h2, opened at the top', async ({ page }) => {
  for (const [url, doc] of [
    ['/legal/terms-of-service', TERMS_OF_SERVICE],
    ['/legal/privacy-policy', PRIVACY_POLICY],
    ['/legal/hipaa-compliant-email', HIPAA_COMPLIANT_EMAIL],
  ] as const) {
    await page.goto(url)
    await expect(h1(page)).toHaveText(doc.title)
    await expect(page.locator('main article h2')).toHaveText(doc.sections.map((s) => s.heading))
    await expect(page.locator('main')).toContainText(`Version ${doc.version} · Effective`)
    // The support address token is filled from the server's configuration.
    await expect(page.locator('main')).toContainText('support@myodocs.test')
    await expect(page.locator('main')).not.toContainText('{supportEmail}')
  }
  expect(TERMS_OF_SERVICE.sections).toHaveLength(10)
  expect(PRIVACY_POLICY.sections).toHaveLength(11)

  // Scrolled down the pricing page, the footer link opens the guide at its top.
  await page.goto('/pricing')
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await page.getByRole('contentinfo').getByRole('link', { name: 'HIPAA-Compliant Email' }).click()
  await expect(h1(page)).toHaveText('HIPAA-Compliant Email')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('every public page has its own title and meta description; unknown pages show the 404', async ({
  page,
}) => {
  const seen = new Map<string, string>()
  for (const url of [
    '/',
    '/features',
    '/pricing',
    '/contact',
    '/legal/terms-of-service',
    '/legal/privacy-policy',
    '/legal/hipaa-compliant-email',
  ]) {
    await page.goto(url)
    await expect(h1(page)).toBeVisible()
    await expect(page).toHaveTitle(/MyoDocs/)
    const title = await page.title()
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description?.length, url).toBeGreaterThan(50)
    expect([...seen.values()], `${url} repeats a title`).not.toContain(title)
    seen.set(url, title)
  }
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg')
  expect((await page.request.get('/favicon.svg')).headers()['content-type']).toContain('svg')

  await page.goto('/no-such-page')
  await expect(h1(page)).toHaveText('Page not found')
  await expect(page).toHaveTitle('Page not found | MyoDocs')
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL('/')
})

test('hashed assets are sent compressed to browsers that accept it', async ({ page, request }) => {
  const scripts: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/assets/') && r.url().endsWith('.js')) scripts.push(r.url())
  })
  await page.goto('/')
  await expect(h1(page)).toBeVisible()
  // The build compresses only assets of 1 KB or more (apps/web/vite.config.ts): read the first such.
  let script: string | undefined
  let plain: Awaited<ReturnType<typeof request.get>> | undefined
  for (const url of scripts) {
    plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } })
    if ((await plain.body()).length >= 1024) {
      script = url
      break
    }
  }
  expect(script, 'a script of 1 KB or more').toBeDefined()
  expect(plain!.headers()['content-encoding']).toBeUndefined()
  const res = await request.get(script!, { headers: { 'accept-encoding': 'br' } })
  expect(res.headers()['content-encoding']).toBe('br')
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})
