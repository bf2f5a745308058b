/**
 * The sign-in page says why an open tab's session ended (docs/product/accounts.md): a deactivated
 * account says so, not "Your session has expired".
 */
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ACCOUNT_DEACTIVATED, SESSION_EXPIRED } from '@myodocs/shared/constants/messages'
import type { User } from '@myodocs/shared/contracts/auth'
import { api as client } from '../../../lib/api-client'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { authStore } from '../auth-store'
import LoginPage from './login'

async function endedBy(code: string, message: string) {
  act(() =>
    authStore.signedIn({
      id: '0b6f2f8e-0000-4000-8000-000000000002',
      email: 'sam@clinic.test',
      firstName: 'Sam',
      lastName: 'Lee',
      businessId: '0b6f2f8e-0000-4000-8000-0000000000b1',
      businessName: 'Bright Smiles Myo',
      isPrimaryUser: false,
    } as User),
  )
  api.use(
    http.get(`${API_ORIGIN}/api/team`, () => failure(401, { code, message })),
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
    http.get(`${API_ORIGIN}/api/auth/me`, () =>
      failure(401, { code: 'UNAUTHORIZED', message: 'Authentication required' }),
    ),
  )
  // Any call of the open tab finds the session ended.
  await act(() => client.get('/api/team').catch(() => undefined))
  renderScreen(<LoginPage />, { route: '/login' })
}

afterEach(() => localStorage.clear())

describe('the sign-in page after the session ended', () => {
  it('says the account was deactivated when the server says so', async () => {
    await endedBy('ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED)
    expect(await screen.findByText(ACCOUNT_DEACTIVATED)).toBeVisible()
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull()
  })

  it('says the session expired otherwise', async () => {
    await endedBy('SESSION_EXPIRED', SESSION_EXPIRED)
    expect(await screen.findByText(SESSION_EXPIRED)).toBeVisible()
  })
})
