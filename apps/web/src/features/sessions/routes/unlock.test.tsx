/**
 * /unlock (docs/product/accounts.md#sign-in): the emailed link of a paused sign-in. The token
 * leaves the address bar, only the button uses it, and a forged or expired link says so with the
 * way out (reset the password).
 */
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import { BROWSER_UNLOCKED, INVALID_UNLOCK_LINK } from '@myodocs/shared/constants/messages'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, failure, http } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import UnlockPage from './unlock'

const UNLOCK = `${API_ORIGIN}/api/auth/unlock`
const TOKEN_KEY = 'myodocs.unlockToken'

function Address() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.search}</output>
}

function renderUnlock(route: string) {
  return renderScreen(
    <Routes>
      <Route
        path={paths.unlock}
        element={
          <>
            <UnlockPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  )
}

function answerUnlock(answer: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(UNLOCK, async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

afterEach(() => sessionStorage.clear())

describe('the unlock page', () => {
  it('takes the token out of the address bar and unlocks only when asked', async () => {
    const bodies = answerUnlock(() =>
      Response.json({ success: true, message: BROWSER_UNLOCKED, data: { unlocked: true } }),
    )
    const { user } = renderUnlock(`${paths.unlock}?token=tok-123`)
    expect(await screen.findByLabelText('address')).toHaveTextContent(/^\/unlock$/)
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-123')
    expect(bodies).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Unlock this browser' }))
    expect(await screen.findByText(BROWSER_UNLOCKED)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', paths.login)
    expect(bodies).toEqual([{ token: 'tok-123' }])
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('says a forged or expired link failed, keeps the token, and offers the reset', async () => {
    answerUnlock(() => failure(400, { code: 'BAD_REQUEST', message: INVALID_UNLOCK_LINK }))
    const { user } = renderUnlock(`${paths.unlock}?token=old`)
    await user.click(await screen.findByRole('button', { name: 'Unlock this browser' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_UNLOCK_LINK)
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      paths.resetPassword,
    )
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('old')
  })

  it('reads the token kept in this tab after a reload', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'kept')
    const bodies = answerUnlock(() =>
      Response.json({ success: true, message: BROWSER_UNLOCKED, data: { unlocked: true } }),
    )
    const { user } = renderUnlock(paths.unlock)
    await user.click(screen.getByRole('button', { name: 'Unlock this browser' }))
    expect(await screen.findByText(BROWSER_UNLOCKED)).toBeVisible()
    expect(bodies).toEqual([{ token: 'kept' }])
  })

  it('says the link is incomplete without a token, and offers no button', () => {
    renderUnlock(paths.unlock)
    expect(screen.getByText(/This unlock link is incomplete/)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Unlock this browser' })).toBeNull()
  })
})
