/**
 * The signed-in area's guard (docs/product/accounts.md#browser-session-checks): it asks the server
 * about a browser with no confirmed user, sends a signed-out visitor to sign in remembering the
 * page asked for, and says so when the session could not be checked at all.
 */
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import {
  AUTHENTICATION_ERROR,
  CHECKING_SESSION,
  NETWORK_UNREACHABLE,
} from '@myodocs/shared/constants/messages'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, failure, http } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import RequireAuth from './require-auth'

/** The sign-in page as far as the guard is concerned: where it was told to return. */
function Login() {
  const state = useLocation().state as { from?: string } | null
  return <p>Sign in, then {state?.from ?? 'the app'}</p>
}

function renderGuarded(route: string) {
  return renderScreen(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="/app/*" element={<p>Signed-in page</p>} />
      </Route>
      <Route path={paths.login} element={<Login />} />
    </Routes>,
    { route },
  )
}

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('the signed-in area’s guard', () => {
  // First: the auth store lives as long as the file, and a page load starts it unchecked.
  it('says the session could not be checked when the server cannot be reached', async () => {
    api.use(http.get(`${API_ORIGIN}/api/auth/me`, () => Response.error()))
    renderGuarded('/app')
    expect(await screen.findByRole('heading', { name: AUTHENTICATION_ERROR })).toBeVisible()
    expect(screen.getByText(new RegExp(NETWORK_UNREACHABLE.replace('.', '\\.')))).toBeVisible()
    expect(screen.queryByText('Signed-in page')).toBeNull()
  })

  it('checks the session, then sends a signed-out visitor to sign in, remembering the page', async () => {
    let asked = 0
    api.use(
      http.get(`${API_ORIGIN}/api/auth/me`, () => {
        asked++
        return failure(401, { code: 'UNAUTHORIZED', message: 'Authentication required' })
      }),
    )
    renderGuarded('/app/settings?tab=legal')
    expect(screen.getByText(CHECKING_SESSION)).toBeInTheDocument()
    expect(await screen.findByText('Sign in, then /app/settings?tab=legal')).toBeVisible()
    expect(asked).toBe(1)
    expect(screen.queryByText('Signed-in page')).toBeNull()
  })
})
