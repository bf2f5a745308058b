/**
 * The sign-in form (docs/product/accounts.md#sign-in, docs/product/validation.md#login): the shared schema's
 * messages before any request, the server's refusals at the top of the form (wrong password,
 * throttled sign-in, a deactivated account, no network), the pending button, and where a
 * successful sign-in goes: back to the page asked for, the second step, or two-step enrolment.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Routes } from 'react-router'
import {
  ACCOUNT_DEACTIVATED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  LOGIN_FAILED_CREDENTIALS,
  LOGIN_FAILED_RETRY,
  LOGIN_INVALID_USER,
  NETWORK_UNREACHABLE,
  PASSWORD_MIN_6,
  PASSWORD_REQUIRED,
  TOO_MANY_LOGIN_ATTEMPTS,
} from '@myodocs/shared/constants/messages'
import {
  BACK_TO_SIGN_IN,
  INVALID_TWO_STEP_CODE,
  SECOND_STEP_CODE_LABEL,
  SECOND_STEP_TITLE,
  TWO_STEP_CODE_INVALID_FORMAT,
  VERIFY,
} from '@myodocs/shared/constants/two-step-messages'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { authStore } from '../auth-store'
import LoginPage from './login'

const LOGIN = `${API_ORIGIN}/api/auth/login`
const user = buildUser()

/** The sign-in page among the pages a sign-in can lead to, each saying where it is. */
function renderLogin(route: string = paths.login, state?: unknown) {
  return renderScreen(
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route path={paths.app} element={<p>App home</p>} />
      <Route path="/app/settings" element={<p>Settings page</p>} />
      <Route path={paths.twoStepSetup} element={<p>Two-step enrolment</p>} />
    </Routes>,
    { route: state ? { pathname: route, state } : route },
  )
}

/** Answers the sign-in with `answer`, keeping every body the page sent. */
function answerLogin(answer: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(LOGIN, async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  return bodies
}

const email = () => screen.getByRole('textbox', { name: 'Email' })
const password = () => screen.getByLabelText(/^Password/)
const signIn = () => screen.getByRole('button', { name: 'Sign In' })

async function typeAndSubmit(
  u: ReturnType<typeof renderScreen>['user'],
  values = { email: 'Avery@Clinic.test', password: 'correct horse' },
) {
  if (values.email) await u.type(email(), values.email)
  if (values.password) await u.type(password(), values.password)
  await u.click(signIn())
}

afterEach(async () => {
  // A test that signed in leaves the store signed out for the next one.
  if (authStore.getState().status === 'authenticated') {
    api.use(http.post(`${API_ORIGIN}/api/auth/logout`, () => ok({ signedOut: true })))
    await act(() => authStore.signOut('user'))
  }
  localStorage.clear()
  sessionStorage.clear()
})

describe('the sign-in form', () => {
  it('shows the shared schema’s messages under the fields and sends nothing', async () => {
    const bodies = answerLogin(() => ok({ user }))
    const { user: u } = renderLogin()
    await u.click(signIn())
    expect(await screen.findByText(EMAIL_REQUIRED)).toBeVisible()
    expect(screen.getByText(PASSWORD_REQUIRED)).toBeVisible()
    expect(email()).toHaveAttribute('aria-invalid', 'true')

    await u.type(email(), 'not-an-email')
    await u.type(password(), '12345')
    await u.click(signIn())
    expect(await screen.findByText(EMAIL_INVALID)).toBeVisible()
    expect(screen.getByText(PASSWORD_MIN_6)).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('says the credentials were wrong, keeps the email, and lets the user try again', async () => {
    const bodies = answerLogin(() =>
      failure(401, { code: 'INVALID_CREDENTIALS', message: LOGIN_FAILED_CREDENTIALS }),
    )
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FAILED_CREDENTIALS)
    // The shared schema trims and lower-cases the email; the password goes as typed.
    expect(bodies).toEqual([{ email: 'avery@clinic.test', password: 'correct horse' }])
    expect(email()).toHaveValue('Avery@Clinic.test')
    expect(signIn()).toBeEnabled()
    expect(authStore.getState().status).not.toBe('authenticated')
  })

  it('says sign-in is paused while the account is throttled', async () => {
    answerLogin(() => failure(429, { code: 'RATE_LIMITED', message: TOO_MANY_LOGIN_ATTEMPTS }))
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_LOGIN_ATTEMPTS)
  })

  it('says the account was deactivated to someone holding its password', async () => {
    answerLogin(() => failure(401, { code: 'ACCOUNT_DEACTIVATED', message: ACCOUNT_DEACTIVATED }))
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    expect(await screen.findByText(ACCOUNT_DEACTIVATED)).toBeVisible()
  })

  it('falls back to its own text when the server gives none, and names a lost network', async () => {
    let network = false
    answerLogin(() =>
      network ? Response.error() : new Response('Internal error', { status: 500 }),
    )
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FAILED_RETRY)
    network = true
    await u.click(signIn())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_UNREACHABLE))
  })

  it('refuses an answer without a user id', async () => {
    answerLogin(() => ok({ user: { ...user, id: '' } }))
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_INVALID_USER)
    expect(authStore.getState().status).not.toBe('authenticated')
  })

  it('says it is signing in and cannot be sent twice while the request is out', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const bodies: unknown[] = []
    api.use(
      http.post(LOGIN, async ({ request }) => {
        bodies.push(await request.json())
        await held
        return failure(401, { code: 'INVALID_CREDENTIALS', message: LOGIN_FAILED_CREDENTIALS })
      }),
    )
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    const pending = await screen.findByRole('button', { name: 'Signing in…' })
    expect(pending).toBeDisabled()
    expect(pending).toHaveAttribute('aria-busy', 'true')
    await u.click(pending)
    release()
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled()
    expect(bodies).toHaveLength(1)
  })
})

describe('after a successful sign-in', () => {
  it('goes to /app and remembers the user', async () => {
    answerLogin(() => ok({ user }))
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    expect(await screen.findByText('App home')).toBeVisible()
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', user: { id: user.id } })
  })

  it('goes back to the page the user was sent away from', async () => {
    answerLogin(() => ok({ user }))
    const { user: u } = renderLogin(paths.login, { from: '/app/settings?tab=legal' })
    await typeAndSubmit(u)
    expect(await screen.findByText('Settings page')).toBeVisible()
  })

  it('never follows a return path to another site', async () => {
    answerLogin(() => ok({ user }))
    const { user: u } = renderLogin(paths.login, { from: '//evil.test/app' })
    await typeAndSubmit(u)
    expect(await screen.findByText('App home')).toBeVisible()
  })

  it('goes to two-step enrolment when the practice requires it', async () => {
    answerLogin(() => ok({ user, twoStepEnrolmentRequired: true }))
    const { user: u } = renderLogin(paths.login, { from: '/app/settings' })
    await typeAndSubmit(u)
    expect(await screen.findByText('Two-step enrolment')).toBeVisible()
  })
})

describe('the second step', () => {
  it('asks for the code, refuses a malformed one, shows a wrong one, then signs in', async () => {
    answerLogin(() => ok({ mfaRequired: true, methods: ['totp', 'recovery'] }))
    const verified: unknown[] = []
    api.use(
      http.post(`${API_ORIGIN}/api/auth/mfa/verify`, async ({ request }) => {
        const body = (await request.json()) as { code: string }
        verified.push(body)
        return body.code === '123456'
          ? ok({ user })
          : failure(401, { code: 'INVALID_TWO_STEP_CODE', message: INVALID_TWO_STEP_CODE })
      }),
    )
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    expect(await screen.findByRole('heading', { name: SECOND_STEP_TITLE })).toBeVisible()
    const code = screen.getByRole('textbox', { name: SECOND_STEP_CODE_LABEL })

    await u.type(code, '12')
    await u.click(screen.getByRole('button', { name: VERIFY }))
    expect(await screen.findByText(TWO_STEP_CODE_INVALID_FORMAT)).toBeVisible()
    expect(verified).toEqual([])

    await u.clear(code)
    await u.type(code, '654 321')
    await u.click(screen.getByRole('button', { name: VERIFY }))
    expect(await screen.findByText(INVALID_TWO_STEP_CODE)).toBeVisible()

    await u.clear(code)
    await u.type(code, '123 456')
    await u.click(screen.getByRole('button', { name: VERIFY }))
    expect(await screen.findByText('App home')).toBeVisible()
    expect(verified).toEqual([{ code: '654321' }, { code: '123456' }])
  })

  it('goes back to the password with nothing kept', async () => {
    answerLogin(() => ok({ mfaRequired: true, methods: ['totp'] }))
    const { user: u } = renderLogin()
    await typeAndSubmit(u)
    await u.click(await screen.findByRole('button', { name: BACK_TO_SIGN_IN }))
    expect(signIn()).toBeVisible()
    expect(email()).toHaveValue('Avery@Clinic.test')
    expect(authStore.getState().status).not.toBe('authenticated')
  })
})
