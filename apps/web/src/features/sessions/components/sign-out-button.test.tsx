/**
 * Sign Out (docs/product/accounts.md#sign-out): the server ends the session, and when it cannot
 * (a server error, no network) the browser forgets the user anyway, remembers the unconfirmed
 * sign-out and ends the session on the next load before anything else.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SIGN_OUT, SIGNED_OUT } from '@myodocs/shared/constants/messages'
import { AUTH_CACHE_KEY } from '../../../lib/signed-in-hint'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { authStore } from '../auth-store'
import LoginPage from '../routes/login'
import { SignOutButton } from './sign-out-button'

const LOGOUT = `${API_ORIGIN}/api/auth/logout`
const ME = `${API_ORIGIN}/api/auth/me`
const PENDING = 'myodocs.pending-sign-out'

beforeEach(() => {
  api.use(
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  act(() => authStore.signedIn(buildUser()))
})

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

/** Answers the logout with `answer`, keeping every body. */
function answerLogout(answer: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(LOGOUT, async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

describe('Sign Out', () => {
  it('ends the session on the server, forgets the user, and the sign-in page says so', async () => {
    const bodies = answerLogout(() => ok({ signedOut: true }))
    expect(localStorage.getItem(AUTH_CACHE_KEY)).not.toBeNull()
    const { user } = renderScreen(<SignOutButton />)
    await user.click(screen.getByRole('button', { name: SIGN_OUT }))
    await waitFor(() => expect(authStore.getState().status).toBe('unauthenticated'))
    expect(bodies).toEqual([{ reason: 'user' }])
    expect(authStore.getState()).toMatchObject({ user: null, endedBy: 'signed-out' })
    expect(localStorage.getItem(AUTH_CACHE_KEY)).toBeNull()
    expect(localStorage.getItem(PENDING)).toBeNull()

    renderScreen(<LoginPage />, { route: paths.login })
    expect(await screen.findByText(SIGNED_OUT)).toBeVisible()
  })

  it('is busy while the server is asked, so it cannot be pressed twice', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const bodies: unknown[] = []
    api.use(
      http.post(LOGOUT, async ({ request }) => {
        bodies.push(await request.json())
        await held
        return ok({ signedOut: true })
      }),
    )
    const { user } = renderScreen(<SignOutButton />)
    await user.click(screen.getByRole('button', { name: SIGN_OUT }))
    const button = screen.getByRole('button', { name: SIGN_OUT })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    release()
    await waitFor(() => expect(authStore.getState().status).toBe('unauthenticated'))
    expect(bodies).toHaveLength(1)
  })

  it('counts the session ended when the logout fails but the server no longer knows it', async () => {
    const bodies = answerLogout(() => failure(500, { code: 'INTERNAL', message: 'Boom' }))
    api.use(http.get(ME, () => failure(401, { code: 'UNAUTHORIZED', message: 'Sign in' })))
    const { user } = renderScreen(<SignOutButton />)
    await user.click(screen.getByRole('button', { name: SIGN_OUT }))
    await waitFor(() => expect(authStore.getState().endedBy).toBe('signed-out'))
    // Tried twice before asking whether the session is gone.
    expect(bodies).toEqual([{ reason: 'user' }, { reason: 'user' }])
    expect(localStorage.getItem(PENDING)).toBeNull()
  })

  it('signs out in the browser anyway when the server cannot end the session', async () => {
    const bodies = answerLogout(() => Response.error())
    api.use(http.get(ME, () => failure(500, { code: 'INTERNAL', message: 'Boom' })))
    document.cookie = 'myodocs_hint=1; path=/'
    sessionStorage.setItem('myodocs.brought-in', 'patient data')
    const { user } = renderScreen(<SignOutButton />)
    await user.click(screen.getByRole('button', { name: SIGN_OUT }))
    // Local state cleared, the cookies script can reach dropped, the sign-out remembered.
    await waitFor(() => expect(localStorage.getItem(PENDING)).toBe('user'))
    expect(bodies).toHaveLength(2)
    expect(localStorage.getItem(AUTH_CACHE_KEY)).toBeNull()
    expect(sessionStorage.length).toBe(0)
    expect(document.cookie).not.toContain('myodocs_hint=1')

    // The next load ends the session before anything else, and the sign-in page says so.
    const retried = answerLogout(() => ok({ signedOut: true }))
    await act(() => authStore.ensureSession())
    expect(retried).toEqual([{ reason: 'user' }])
    expect(localStorage.getItem(PENDING)).toBeNull()
    expect(authStore.getState()).toMatchObject({ status: 'unauthenticated', endedBy: 'signed-out' })
  })
})
