/**
 * /register/confirm (docs/product/accounts.md#registration): the emailed link. The token leaves
 * the address bar; only the button creates the account, which signs in and opens the app; a used
 * link or an address already registered says so (the latter with Sign in only).
 */
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Routes } from 'react-router'
import {
  EMAIL_ALREADY_REGISTERED,
  INVALID_REGISTRATION_LINK,
  REGISTRATION_FAILED,
  REGISTRATION_WELCOME,
} from '@myodocs/shared/constants/messages'
import { paths } from '../../../lib/paths'
import { authStore } from '../../sessions'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { signupSession } from '../signup-session'
import ConfirmRegistrationPage from './confirm'

const CONFIRM = `${API_ORIGIN}/api/auth/register/confirm`
const TOKEN_KEY = 'myodocs.registrationToken'

function renderConfirm(route: string) {
  return renderScreen(
    <Routes>
      <Route path={paths.registerConfirm} element={<ConfirmRegistrationPage />} />
      <Route path={paths.app} element={<p>App home</p>} />
    </Routes>,
    { route },
  )
}

function answerConfirm(reply: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(CONFIRM, async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    }),
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  return bodies
}

const create = () => screen.getByRole('button', { name: 'Create my account' })

afterEach(async () => {
  if (authStore.getState().status === 'authenticated') {
    api.use(http.post(`${API_ORIGIN}/api/auth/logout`, () => ok({ signedOut: true })))
    await act(() => authStore.signOut('user'))
  }
  sessionStorage.clear()
  localStorage.clear()
})

describe('finishing the registration', () => {
  it('creates the account only when asked, signs in, forgets the journey and opens the app', async () => {
    signupSession.setInviteCode('K7QMX4RTP2')
    const user = buildUser()
    const bodies = answerConfirm(() => ok({ user }))
    const { user: u } = renderConfirm(`${paths.registerConfirm}?token=reg-1`)
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('reg-1')
    expect(bodies).toEqual([])
    await u.click(create())
    expect(await screen.findByText('App home')).toBeVisible()
    expect(await screen.findByText(REGISTRATION_WELCOME)).toBeVisible()
    expect(bodies).toEqual([{ token: 'reg-1' }])
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', user: { id: user.id } })
    expect(signupSession.inviteCode()).toBeNull()
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('says a used or expired link failed, and lets the user try again', async () => {
    answerConfirm(() => failure(400, { code: 'BAD_REQUEST', message: INVALID_REGISTRATION_LINK }))
    const { user } = renderConfirm(`${paths.registerConfirm}?token=old`)
    await user.click(create())
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_REGISTRATION_LINK)
    expect(create()).toBeEnabled()
  })

  it('offers only Sign in when the address already has an account', async () => {
    answerConfirm(() => failure(409, { code: 'CONFLICT', message: EMAIL_ALREADY_REGISTERED }))
    const { user } = renderConfirm(`${paths.registerConfirm}?token=taken`)
    await user.click(create())
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_ALREADY_REGISTERED)
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.login)
  })

  it('says the registration failed when the server gives no reason', async () => {
    answerConfirm(() => new Response('oops', { status: 500 }))
    const { user } = renderConfirm(`${paths.registerConfirm}?token=reg-1`)
    await user.click(create())
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_FAILED)
    expect(authStore.getState().status).not.toBe('authenticated')
  })

  it('says the link is incomplete without a token', () => {
    renderConfirm(paths.registerConfirm)
    expect(screen.getByText(/This sign-up link is incomplete/)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull()
  })
})
