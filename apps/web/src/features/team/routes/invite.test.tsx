/** The invitation page's refusals and its form (docs/product/team.md#accepting-an-invitation). */
import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import {
  FAILED_TO_LOAD_INVITATION,
  INVALID_INVITATION_LINK,
  invitationChecksLimited,
} from '@myodocs/shared/constants/team-messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { PASSWORDS_DO_NOT_MATCH } from '@myodocs/shared/constants/messages'
import type { InvitationDetails } from '@myodocs/shared/contracts/team'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { servePasswordChecks, STRONG_PASSWORD } from '../../../../test/passwords'
import { renderScreen } from '../../../../test/render'
import InvitePage from './invite'

function openLink(status: number, body: { code: string; message: string }) {
  api.use(
    http.get(`${API_ORIGIN}/api/auth/me`, () =>
      failure(401, { code: 'UNAUTHORIZED', message: 'Authentication required' }),
    ),
    http.get(`${API_ORIGIN}/api/invite/:token`, () => failure(status, body)),
  )
  renderScreen(
    <Routes>
      <Route path="/invite/:token" element={<InvitePage />} />
    </Routes>,
    { route: '/invite/some-token' },
  )
}

describe('the invitation page', () => {
  it('says the link is invalid when the server does not know it', async () => {
    openLink(404, { code: 'NOT_FOUND', message: INVALID_INVITATION_LINK })
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_INVITATION_LINK)
  })

  it('says how long to wait when too many links were tried from this network', async () => {
    const message = invitationChecksLimited(12)
    openLink(429, { code: 'RATE_LIMITED', message })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('says it could not load the invitation otherwise', async () => {
    openLink(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' })
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED_TO_LOAD_INVITATION)
  })

  it('a returning member finds the title and phone of their account filled in', async () => {
    const details: InvitationDetails = {
      invitation: {
        email: 'sam@example.com',
        firstName: 'Sam',
        lastName: 'Lee',
        expiresAt: '2099-01-01T00:00:00.000Z',
      },
      business: { name: 'Harbor Myofunctional', logoUrl: null },
      invitedBy: { firstName: 'Dana', lastName: 'Reyes' },
      userExists: true,
      existingAccount: { therapistTitle: 'SLP', therapistPhone: '5557654321' },
    }
    api.use(
      http.get(`${API_ORIGIN}/api/auth/me`, () =>
        failure(401, { code: 'UNAUTHORIZED', message: 'Authentication required' }),
      ),
      http.get(`${API_ORIGIN}/api/invite/:token`, () => ok(details)),
    )
    renderScreen(
      <Routes>
        <Route path="/invite/:token" element={<InvitePage />} />
      </Routes>,
      { route: '/invite/some-token' },
    )
    expect(await screen.findByLabelText(FIELD_LABELS.therapistTitle)).toHaveValue('SLP')
    expect(screen.getByLabelText('Phone', { exact: false })).toHaveValue('(555) 765-4321')
  })

  it('takes "do not match" away once the password is corrected to the confirmation', async () => {
    servePasswordChecks()
    const details: InvitationDetails = {
      invitation: {
        email: 'sam@example.com',
        firstName: 'Sam',
        lastName: 'Lee',
        expiresAt: '2099-01-01T00:00:00.000Z',
      },
      business: { name: 'Harbor Myofunctional', logoUrl: null },
      invitedBy: { firstName: 'Dana', lastName: 'Reyes' },
      userExists: false,
      existingAccount: null,
    }
    api.use(
      http.get(`${API_ORIGIN}/api/auth/me`, () =>
        failure(401, { code: 'UNAUTHORIZED', message: 'Authentication required' }),
      ),
      http.get(`${API_ORIGIN}/api/invite/:token`, () => ok(details)),
    )
    const { user } = renderScreen(
      <Routes>
        <Route path="/invite/:token" element={<InvitePage />} />
      </Routes>,
      { route: '/invite/some-token' },
    )
    const password = await screen.findByLabelText(/^Password/)
    await user.click(password)
    await user.paste(STRONG_PASSWORD)
    await user.click(screen.getByLabelText(new RegExp(`^${FIELD_LABELS.confirmPassword}`)))
    await user.paste(`${STRONG_PASSWORD}!`)
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    await user.type(password, '!')
    await waitFor(() => expect(screen.queryByText(PASSWORDS_DO_NOT_MATCH)).toBeNull())
  })
})
