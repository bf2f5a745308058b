/**
 * /app/two-step, the page a member the practice's requirement holds back sees instead of the app
 * (docs/product/accounts.md#two-step-sign-in): it says why, offers the methods, and Sign Out.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { User } from '@myodocs/shared/contracts/auth'
import { SIGN_OUT } from '@myodocs/shared/constants/messages'
import {
  NO_PASSKEYS,
  TWO_STEP_ENROLMENT_REQUIRED,
  TWO_STEP_TITLE,
} from '@myodocs/shared/constants/two-step-messages'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { authStore } from '../../sessions'
import TwoStepEnrolPage from './enrol'

it('says why the app waits, and lets the member sign out instead of enrolling', async () => {
  const reasons: unknown[] = []
  api.use(
    http.get(`${API_ORIGIN}/api/auth/mfa`, () =>
      ok({ totp: false, passkeys: [], recoveryCodesRemaining: 0, requiredByPractice: true }),
    ),
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
    http.post(`${API_ORIGIN}/api/auth/logout`, async ({ request }) => {
      reasons.push(await request.json())
      return ok({ signedOut: true })
    }),
  )
  act(() =>
    authStore.signedIn({
      id: '0b6f2f8e-0000-4000-8000-000000000002',
      email: 'jordan@clinic.test',
      firstName: 'Jordan',
      lastName: 'Park',
      businessId: '0b6f2f8e-0000-4000-8000-0000000000b1',
      businessName: 'Bright Smiles Myo',
      isPrimaryUser: false,
    } as User),
  )
  const { user } = renderScreen(<TwoStepEnrolPage />, { route: '/app/two-step' })
  expect(screen.getByRole('heading', { level: 1, name: TWO_STEP_TITLE })).toBeVisible()
  expect(screen.getByText(TWO_STEP_ENROLMENT_REQUIRED)).toBeVisible()
  expect(await screen.findByText(NO_PASSKEYS)).toBeVisible()

  await user.click(screen.getByRole('button', { name: SIGN_OUT }))
  await waitFor(() => expect(authStore.getState().status).toBe('unauthenticated'))
  expect(reasons).toEqual([{ reason: 'user' }])
})
