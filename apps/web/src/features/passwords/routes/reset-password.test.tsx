/**
 * /reset-password (docs/product/accounts.md#password-reset): asking for a link (validation, the
 * same answer for every address, failures), then the emailed link's form: the token leaves the
 * address bar, a used or expired link says so on opening, the policy and history refusals show
 * under the field, and success signs this browser in (after the second step when the account
 * has one).
 */
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import {
  CHECK_YOUR_EMAIL,
  CONFIRM_PASSWORD_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FORGOT_PASSWORD_FAILED,
  FORGOT_PASSWORD_SENT,
  INVALID_RESET_TOKEN,
  NETWORK_UNREACHABLE,
  PASSWORD_IN_HISTORY,
  PASSWORD_REQUIRED,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_SUCCESSFUL,
  PASSWORDS_DO_NOT_MATCH,
  TOO_MANY_REQUESTS,
} from '@myodocs/shared/constants/messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import {
  SECOND_STEP_CODE_LABEL,
  SECOND_STEP_TITLE,
  VERIFY,
} from '@myodocs/shared/constants/two-step-messages'
import { paths } from '../../../lib/paths'
import { authStore } from '../../sessions'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { servePasswordChecks, STRONG_PASSWORD } from '../../../../test/passwords'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import ResetPasswordPage from './reset-password'

const FORGOT = `${API_ORIGIN}/api/auth/forgot-password`
const RESET = `${API_ORIGIN}/api/auth/reset-password`
const CHECK = `${API_ORIGIN}/api/auth/reset-password/check`
const TOKEN_KEY = 'myodocs.resetToken'

type User = ReturnType<typeof renderScreen>['user']

function Address() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.search}</output>
}

function renderReset(route: string = paths.resetPassword) {
  return renderScreen(
    <Routes>
      <Route
        path={paths.resetPassword}
        element={
          <>
            <ResetPasswordPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  )
}

/** Keeps every body sent to `url` and answers with `answer`. */
function answer(url: string, reply: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(url, async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    }),
  )
  return bodies
}

const message = (text: string, data: unknown = { sent: true }) =>
  Response.json({ success: true, message: text, data })

async function fill(user: User, input: HTMLElement, value: string) {
  await user.click(input)
  await user.paste(value)
}

const newPassword = () => screen.getByLabelText(new RegExp(`^${FIELD_LABELS.newPassword}`))
const confirmPassword = () => screen.getByLabelText(new RegExp(`^${FIELD_LABELS.confirmPassword}`))

afterEach(async () => {
  if (authStore.getState().status === 'authenticated') {
    api.use(http.post(`${API_ORIGIN}/api/auth/logout`, () => ok({ signedOut: true })))
    await act(() => authStore.signOut('user'))
  }
  sessionStorage.clear()
  localStorage.clear()
})

/** The server refuses the new password as one used recently, under its field. */
const refuseAsRecent = () =>
  answer(RESET, () =>
    failure(400, {
      code: 'VALIDATION_ERROR',
      message: PASSWORD_IN_HISTORY,
      fields: { newPassword: PASSWORD_IN_HISTORY },
    }),
  )

describe('asking for a reset link', () => {
  it('checks the email before sending, then says to check the inbox', async () => {
    const bodies = answer(FORGOT, () => message(FORGOT_PASSWORD_SENT))
    const { user } = renderReset()
    const send = screen.getByRole('button', { name: 'Send Reset Link' })
    await user.click(send)
    expect(await screen.findByText(EMAIL_REQUIRED)).toBeVisible()
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'sam@')
    await user.click(send)
    expect(await screen.findByText(EMAIL_INVALID)).toBeVisible()
    expect(bodies).toEqual([])

    await user.clear(screen.getByRole('textbox', { name: 'Email' }))
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'Sam@Clinic.test')
    await user.click(send)
    expect(await screen.findByRole('heading', { name: CHECK_YOUR_EMAIL })).toBeVisible()
    expect(screen.getByText(FORGOT_PASSWORD_SENT)).toBeVisible()
    expect(screen.getByText('sam@clinic.test')).toBeVisible()
    expect(bodies).toEqual([{ email: 'sam@clinic.test' }])

    await user.click(screen.getByRole('button', { name: 'Use a different email' }))
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()
  })

  it('says it is sending while the request is out', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    api.use(
      http.post(FORGOT, async () => {
        await held
        return message(FORGOT_PASSWORD_SENT)
      }),
    )
    const { user } = renderReset()
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'sam@clinic.test')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled()
    release()
    expect(await screen.findByText(FORGOT_PASSWORD_SENT)).toBeVisible()
  })

  it('says why nothing was sent: throttled, the server failed, or no network', async () => {
    let reply: () => Response = () =>
      failure(429, { code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS })
    answer(FORGOT, () => reply())
    const { user } = renderReset()
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'sam@clinic.test')
    const send = screen.getByRole('button', { name: 'Send Reset Link' })
    await user.click(send)
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_REQUESTS)

    reply = () => new Response('oops', { status: 500 })
    await user.click(send)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORGOT_PASSWORD_FAILED))

    reply = () => Response.error()
    await user.click(send)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_UNREACHABLE))
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('sam@clinic.test')
  })
})

describe('the emailed link', () => {
  it('moves the token out of the address bar and resets the password, signed in', async () => {
    servePasswordChecks()
    answer(CHECK, () => ok({ valid: true }))
    const user = buildUser()
    const bodies = answer(RESET, () => message(PASSWORD_RESET_DONE, { user }))
    api.use(
      http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
    )
    const { user: u } = renderReset(`${paths.resetPassword}?token=reset-abc`)
    expect(await screen.findByLabelText('address')).toHaveTextContent(/^\/reset-password$/)
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('reset-abc')

    await fill(u, newPassword(), STRONG_PASSWORD)
    await fill(u, confirmPassword(), STRONG_PASSWORD)
    await u.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByRole('heading', { name: PASSWORD_RESET_SUCCESSFUL })).toBeVisible()
    expect(screen.getByText(PASSWORD_RESET_DONE)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Continue to MyoDocs' })).toHaveAttribute(
      'href',
      paths.app,
    )
    expect(bodies).toEqual([{ token: 'reset-abc', newPassword: STRONG_PASSWORD }])
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', user: { id: user.id } })
  })

  it('checks both fields before sending', async () => {
    servePasswordChecks()
    answer(CHECK, () => ok({ valid: true }))
    const bodies = answer(RESET, () => message(PASSWORD_RESET_DONE, { user: buildUser() }))
    const { user } = renderReset(`${paths.resetPassword}?token=reset-abc`)
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(PASSWORD_REQUIRED)).toBeVisible()
    expect(screen.getByText(CONFIRM_PASSWORD_REQUIRED)).toBeVisible()

    await fill(user, newPassword(), STRONG_PASSWORD)
    await fill(user, confirmPassword(), `${STRONG_PASSWORD}!`)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('takes "do not match" away once the new password is corrected to the confirmation', async () => {
    servePasswordChecks()
    answer(CHECK, () => ok({ valid: true }))
    const bodies = answer(RESET, () => message(PASSWORD_RESET_DONE, { user: buildUser() }))
    const { user } = renderReset(`${paths.resetPassword}?token=reset-abc`)
    await fill(user, await screen.findByLabelText(/^New password/), STRONG_PASSWORD)
    await fill(user, confirmPassword(), `${STRONG_PASSWORD}!`)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    // Still different after a first edit: the message stays.
    await user.type(newPassword(), '?')
    expect(screen.getByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    await user.type(newPassword(), '{Backspace}!')
    await waitFor(() => expect(screen.queryByText(PASSWORDS_DO_NOT_MATCH)).toBeNull())
    expect(confirmPassword()).not.toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toEqual([])
  })

  it('refuses nothing under the confirmation before it is reached, and keeps the server’s refusal', async () => {
    servePasswordChecks()
    answer(CHECK, () => ok({ valid: true }))
    refuseAsRecent()
    const { user } = renderReset(`${paths.resetPassword}?token=reset-abc`)
    await fill(user, await screen.findByLabelText(/^New password/), STRONG_PASSWORD)
    // Leaving the new password for the empty confirmation says nothing about it yet.
    await user.click(confirmPassword())
    expect(screen.queryByText(CONFIRM_PASSWORD_REQUIRED)).toBeNull()
    await user.paste(STRONG_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(PASSWORD_IN_HISTORY)).toBeVisible()
    // Moving between the fields again leaves the server's word where it is.
    await user.click(newPassword())
    await user.click(confirmPassword())
    await user.tab()
    expect(screen.getByText(PASSWORD_IN_HISTORY)).toBeVisible()
    expect(screen.queryByText(PASSWORDS_DO_NOT_MATCH)).toBeNull()
  })

  it('says a used or expired link is refused as the page opens, and starts over', async () => {
    servePasswordChecks()
    answer(CHECK, () => failure(400, { code: 'INVALID_RESET_TOKEN', message: INVALID_RESET_TOKEN }))
    const { user } = renderReset(`${paths.resetPassword}?token=used`)
    expect(await screen.findByText(INVALID_RESET_TOKEN)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Request a new link' }))
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('keeps the form when the link could not be checked, and the reset tells', async () => {
    servePasswordChecks()
    answer(CHECK, () => failure(500, { code: 'INTERNAL', message: 'Boom' }))
    answer(RESET, () => failure(400, { code: 'INVALID_RESET_TOKEN', message: INVALID_RESET_TOKEN }))
    const { user } = renderReset(`${paths.resetPassword}?token=expired`)
    await fill(user, await screen.findByLabelText(/^New password/), STRONG_PASSWORD)
    await fill(user, confirmPassword(), STRONG_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(INVALID_RESET_TOKEN)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeVisible()
  })

  it('shows a recent password refused under the field, not at the top', async () => {
    servePasswordChecks()
    answer(CHECK, () => ok({ valid: true }))
    refuseAsRecent()
    const { user } = renderReset(`${paths.resetPassword}?token=reset-abc`)
    await fill(user, await screen.findByLabelText(/^New password/), STRONG_PASSWORD)
    await fill(user, confirmPassword(), STRONG_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(PASSWORD_IN_HISTORY)).toBeVisible()
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getAllByText(PASSWORD_IN_HISTORY)).toHaveLength(1)
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('reset-abc')
  })

  it('takes the second step of an account that has one before signing in', async () => {
    servePasswordChecks()
    answer(CHECK, () => ok({ valid: true }))
    answer(RESET, () => message(PASSWORD_RESET_DONE, { mfaRequired: true, methods: ['totp'] }))
    const verified = answer(`${API_ORIGIN}/api/auth/mfa/verify`, () => ok({ user: buildUser() }))
    api.use(
      http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
    )
    const { user } = renderReset(`${paths.resetPassword}?token=reset-abc`)
    await fill(user, await screen.findByLabelText(/^New password/), STRONG_PASSWORD)
    await fill(user, confirmPassword(), STRONG_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByRole('heading', { name: SECOND_STEP_TITLE })).toBeVisible()
    expect(authStore.getState().status).not.toBe('authenticated')

    await fill(user, screen.getByRole('textbox', { name: SECOND_STEP_CODE_LABEL }), '123456')
    await user.click(screen.getByRole('button', { name: VERIFY }))
    expect(await screen.findByRole('heading', { name: PASSWORD_RESET_SUCCESSFUL })).toBeVisible()
    expect(verified).toEqual([{ code: '123456' }])
    expect(authStore.getState().status).toBe('authenticated')
  })
})
