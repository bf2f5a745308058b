/**
 * The accounts journey in a real browser, emails read from the loopback SMTP server:
 * waitlist → the operator invites from the waitlist → the code arrives → /invite-code →
 * /select-plan → /register with a referral → the emailed link → signed in at /app → sign out → sign in returns to
 * the remembered page → forgot password → the emailed link → new password → old sessions gone.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import type { AppServer } from '../fixtures'
import { REGISTRATION_CHECK_EMAIL } from '@myodocs/shared/constants/messages'
import { mailedRegistrationLink, mailedResetLink } from '../../apps/server/test/mailed-links'
import { confirmMailedRegistration, registerAccount } from '../app-helpers'

const root = fileURLToPath(new URL('../..', import.meta.url))
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** The operator API: bearer token plus the CSRF token, as `npm run admin` sends them. */
async function admin<T>(
  request: APIRequestContext,
  server: AppServer,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const csrf = ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string })
    .csrfToken
  const res = await request.fetch(path, {
    method,
    data,
    headers: { authorization: `Bearer ${server.adminToken}`, 'x-csrf-token': csrf },
  })
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { data: T }).data
}

/** A current subscriber who shares a referral link. */
async function referrer(request: APIRequestContext, server: AppServer) {
  const { code } = await admin<{ code: string }>(request, server, 'POST', '/api/admin/invite-codes')
  const email = `referrer-${stamp()}@clinic.test`
  const since = server.smtp.messages.length
  const res = await request.post('/api/auth/register', {
    data: {
      email,
      password: 'Vq8#Lw2!Rx9$Tz',
      firstName: 'Alex',
      lastName: 'Morgan',
      businessName: 'Bright Smiles Myofunctional',
      therapistPhone: '5551112222',
      inviteCode: code,
      ageConfirmed: true,
      acceptTerms: true,
      acceptBAA: true,
    },
  })
  expect(res.status()).toBe(200)
  await confirmMailedRegistration(request, server, email, since)
  const mine = (await (await request.get('/api/referral/code')).json()) as {
    data: { code: string; url: string }
  }
  return mine.data
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`))

async function signIn(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('waitlist → invite → register with a referral → sign out/in → reset password', async ({
  page,
  browser,
  request,
  server,
  baseURL,
}) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  const email = `jordan-${stamp()}@clinic.test`
  // A four-word passphrase: one of its words ("lantern") is a common password, the whole is strong.
  const firstPassword = 'Quartz-Lantern-Oboe-73!'

  // 1. Join the waitlist: success clears the form and disables the button.
  await page.goto('/waitlist')
  await field(page, 'Name').fill('Jordan Avery')
  await field(page, 'Business name').fill('Avery Airway Therapy')
  await field(page, 'Email').fill(email)
  await field(page, 'Phone number').fill('555 444 3333')
  await field(page, 'Phone number').blur()
  await expect(field(page, 'Phone number')).toHaveValue('(555) 444-3333')
  await page.getByRole('button', { name: 'Join the Waitlist' }).click()
  await expect(page.getByText("You're on the waitlist!")).toBeVisible()
  await expect(field(page, 'Email')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'You are on the waitlist' })).toBeDisabled()

  // 2. The operator invites from the waitlist; the code arrives by email.
  const { entries } = await admin<{ entries: Array<{ id: string; email: string }> }>(
    request,
    server,
    'GET',
    '/api/admin/waitlist',
  )
  const entry = entries.find((e) => e.email === email)!
  await admin(request, server, 'POST', `/api/admin/waitlist/${entry.id}/invite`)
  const mail = await server.smtp.waitFor(
    (m) => m.envelopeTo.includes(email) && m.subject === 'Your MyoDocs invite code',
  )
  const code = /\b([A-Z2-9]{10})\b/.exec(mail.text ?? '')![1]!

  // 3. A referral link from a subscriber, then the invite code (typed in lower case).
  // A bad ?ref= says so and can be dismissed without editing the URL.
  await page.goto('/invite-code?ref=NOSUCHREF')
  await expect(page.getByText('Invalid referral code')).toBeVisible()
  await page.getByRole('button', { name: 'Continue without the referral' }).click()
  await expect(page).toHaveURL('/invite-code')
  await expect(page.getByText('Invalid referral code')).toHaveCount(0)
  const ref = await referrer(request, server)
  await page.goto(ref.url.replace(baseURL!, ''))
  // The invite-code page acknowledges the referral, with one trial length everywhere.
  await expect(page.getByText('Referral Applied')).toBeVisible()
  await expect(page.getByText('Your code starts a 60-day free trial.')).toBeVisible()
  await field(page, 'Invite code').pressSequentially(code.toLowerCase())
  await expect(field(page, 'Invite code')).toHaveValue(code)
  await page.getByRole('button', { name: 'Continue to Registration' }).click()

  // 4. /select-plan keeps the ref; the choice goes on to /register.
  await expect(page).toHaveURL(`/select-plan?ref=${ref.code}`)
  await page.getByRole('radio', { name: 'Annual' }).click()
  await page.getByRole('radio', { name: /Premium/ }).click()
  await page.getByRole('button', { name: 'Continue with the chosen plan' }).click()
  await expect(page).toHaveURL(`/register?tier=premium&billing=annually&ref=${ref.code}`)

  // 5. Register: the referral box, phone formatting, mismatch, strength meter, confirmations.
  await expect(page.getByText('Referral Applied')).toBeVisible()
  await expect(page.getByText('Bright Smiles Myofunctional')).toBeVisible()
  await expect(page.getByText('One extra month free: your trial lasts 60 days.')).toBeVisible()
  await expect(
    page.getByText('Start your 60-day free trial. No credit card required.'),
  ).toBeVisible()
  await expect(page.getByText(/30-day|instead of 30/)).toHaveCount(0)
  await field(page, 'First name').fill('Jordan')
  await field(page, 'Last name').fill('Avery')
  await field(page, 'Email').fill(email)
  await field(page, 'Business name').fill('Avery Airway Therapy')
  await field(page, 'Professional title').fill('SLP')
  await field(page, 'Phone').fill('555-12')
  await field(page, 'Phone').blur()
  await expect(page.getByText('Please enter a valid 10-digit US phone number')).toBeVisible()
  await field(page, 'Phone').fill('15554443333')
  await field(page, 'Phone').blur()
  await expect(field(page, 'Phone')).toHaveValue('(555) 444-3333')

  const submit = page.getByRole('button', { name: 'Create Account' })
  await field(page, 'Password').fill('password1234')
  await expect(page.getByTestId('strength-label')).toHaveText(/Very Weak|Weak/)
  await field(page, 'Password').fill(firstPassword)
  await field(page, 'Confirm password').fill(`${firstPassword}x`)
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await expect(submit).toBeDisabled()
  await field(page, 'Confirm password').fill(firstPassword)
  await expect(page.getByTestId('strength-label')).toHaveText(/^(Strong|Very Strong)$/)
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(page.getByText('Please confirm that you are at least 18 years old')).toBeVisible()
  await page.getByLabel('I confirm that I am at least 18 years old.').check()
  await page.getByLabel(/I accept the Terms of Service/).check()
  const since = server.smtp.messages.length
  await submit.click()

  // 6. The form says to check the email; its link, opened here, creates the account and signs in
  // at /app.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(REGISTRATION_CHECK_EMAIL)).toBeVisible()
  const signUp = await mailedRegistrationLink(server.smtp, email, since)
  expect(signUp.link.startsWith(`${baseURL}/register/confirm?token=`)).toBe(true)
  await page.goto(signUp.link)
  await expect(page).toHaveURL('/register/confirm') // the token left the address bar
  await page.getByRole('button', { name: 'Create my account' }).click()
  await expect(page).toHaveURL('/app/assessment')
  await expect(page.getByText(email)).toBeVisible()

  // 7. Sign out; a protected page remembers where we were going, query string included.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/login')
  await page.goto('/settings?tab=legal')
  await expect(page).toHaveURL('/login')
  await signIn(page, email, 'Wrong-Password-1!')
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible()
  await signIn(page, email, firstPassword)
  await expect(page).toHaveURL('/app/settings?tab=legal')

  // 8. Another browser is signed in too; its session must end with the reset.
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  await otherPage.goto('/login')
  await signIn(otherPage, email, firstPassword)
  await expect(otherPage).toHaveURL('/app/assessment')

  // 9. Forgot password → the link from the email → a new password.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  // The login form stays on screen while the next page's chunk loads: wait for the new page.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await field(page, 'Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  const { link } = await mailedResetLink(server.smtp, email)
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expect(page).toHaveURL('/reset-password') // the token left the address bar
  await field(page, 'New password').fill(firstPassword)
  await field(page, 'Confirm password').fill(firstPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Please choose a password you have not used recently.')).toBeVisible()
  const newPassword = 'Wn7$Rb3!Yc8#Hd'
  await field(page, 'New password').fill(newPassword)
  await field(page, 'Confirm password').fill(newPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('heading', { name: 'Password reset successful' })).toBeVisible()

  // 10. The reset signed this browser in; the other browser's session is gone; the new password
  // works, the old one does not.
  await page.getByRole('main').getByRole('link', { name: 'Continue to MyoDocs' }).click()
  await expect(page).toHaveURL('/app/assessment')
  await otherPage.reload()
  await expect(otherPage).toHaveURL('/login')
  await other.close()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/login')
  await signIn(page, email, firstPassword)
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible()
  await signIn(page, email, newPassword)
  await expect(page).toHaveURL('/app/assessment')
  expect(problems).toEqual([])
})

test('the idle warning shows at 4 h − 5 min and Continue Session keeps the user signed in', async ({
  page,
  request,
  server,
}) => {
  const { code } = await admin<{ code: string }>(request, server, 'POST', '/api/admin/invite-codes')
  const email = `idle-${stamp()}@clinic.test`
  const password = 'Jm5#Wq8!Zt3$Rk'
  const since = server.smtp.messages.length
  const res = await request.post('/api/auth/register', {
    data: {
      email,
      password,
      firstName: 'Idle',
      lastName: 'Tester',
      businessName: 'Idle Clinic',
      therapistPhone: '5551239876',
      inviteCode: code,
      ageConfirmed: true,
      acceptTerms: true,
      acceptBAA: true,
    },
  })
  expect(res.status()).toBe(200)
  await confirmMailedRegistration(request, server, email, since)

  await page.clock.install()
  await page.goto('/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL('/app/assessment')
  // Signed in, the short paths go straight to the template, query string kept.
  await page.goto('/exercises?session=new')
  await expect(page).toHaveURL('/app/exercises?session=new')
  await page.clock.fastForward('03:54:00')
  await expect(page.getByRole('button', { name: 'Continue Session' })).toHaveCount(0)
  await page.clock.fastForward('00:01:01')
  const dialog = page.getByRole('dialog', { name: /Your session is about to expire/ })
  await expect(dialog).toBeVisible()
  // Non-dismissible: Escape does nothing.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Continue Session' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Exercise Prescription' })).toBeVisible()

  // No choice this time: signed out 5 minutes after the warning, back to /login.
  await page.clock.fastForward('03:55:01')
  await expect(dialog).toBeVisible()
  await page.clock.fastForward('00:05:00')
  await expect(page).toHaveURL('/login')
  await expect(page.getByText('You were signed out after 4 hours without activity.')).toBeVisible()
})

test('the operator CLI prints only the invite code', async ({ server }) => {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '-s', 'admin', '--', 'invite-code', 'create', '--uses', '2'],
    { cwd: root, env: { ...process.env, PUBLIC_URL: server.url, ADMIN_TOKEN: server.adminToken } },
  )
  expect(stdout).toMatch(/^[A-Z2-9]{10}\n$/)
})

test('a used reset link says so as the page opens, before any password is typed', async ({
  page,
  browser,
  server,
}) => {
  const account = await registerAccount(page, server)
  const res = await page.request.post('/api/auth/forgot-password', {
    data: { email: account.email },
  })
  expect(res.ok()).toBe(true)
  const { link, token } = await mailedResetLink(server.smtp, account.email)
  // Used once, in another browser.
  const used = await browser.newContext({ baseURL: server.url })
  const reset = await used.request.post('/api/auth/reset-password', {
    data: { token, newPassword: 'Wn7$Rb3!Yc8#Hd' },
  })
  expect(reset.ok()).toBe(true)
  await used.close()

  await page.context().clearCookies()
  await page.goto(link)
  await expect(
    page.getByText('This password reset link is invalid or has expired. Please request a new one.'),
  ).toBeVisible()
  await expect(page.getByLabel('New password')).toHaveCount(0)
  await page.getByRole('button', { name: 'Request a new link' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
})
