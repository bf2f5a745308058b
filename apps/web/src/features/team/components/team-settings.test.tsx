/**
 * Settings › Team (docs/product/team.md): the seats, the members and the invitations as the
 * server lists them; inviting with the contract's messages under the fields and the server's
 * refusals (409 under the field, 403 at the top); resend and delete an invitation; deactivate,
 * reactivate, reset and remove a member after asking; a full team offers no invitation form.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Team, TeamMember } from '@myodocs/shared/contracts/team'
import {
  ALREADY_INVITED,
  INVITATION_DELETED,
  INVITATION_RESENT,
  INVITATION_SENT,
  MEMBER_DEACTIVATED,
  MEMBER_REACTIVATED,
  MEMBER_REMOVED,
  MEMBER_RESET_SENT,
  MEMBER_TWO_STEP_RESET,
  PRIMARY_USER_ACCESS_REQUIRED,
  RESET_TWO_STEP,
  confirmDeactivate,
  confirmDeleteInvitation,
  confirmRemove,
  seatsUsed,
  teamLimitReached,
  twoStepState,
} from '@myodocs/shared/constants/team-messages'
import { EMAIL_INVALID, EMAIL_REQUIRED, ERROR_TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { sectionLoadFailed } from '@myodocs/shared/constants/settings-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { TeamSettings } from './team-settings'

const TEAM = `${API_ORIGIN}/api/team`

const holder: TeamMember = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'dana@clinic.test',
  firstName: 'Dana',
  lastName: 'Reyes',
  therapistTitle: 'RDH',
  isActive: true,
  isPrimaryUser: true,
  lastSignInAt: '2026-12-06T10:00:00.000Z',
  pdfsThisMonth: 12,
  twoStep: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const kim: TeamMember = {
  ...holder,
  id: '00000000-0000-4000-8000-000000000002',
  email: 'kim@clinic.test',
  firstName: 'Kim',
  lastName: 'Park',
  therapistTitle: '',
  isPrimaryUser: false,
  lastSignInAt: null,
  pdfsThisMonth: 3,
  twoStep: false,
}
const team: Team = {
  members: [holder, kim],
  invitations: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      email: 'lee@clinic.test',
      firstName: 'Lee',
      lastName: 'Cho',
      sentAt: '2026-12-01T10:00:00.000Z',
      expiresAt: '2026-12-08T10:00:00.000Z',
      expired: false,
    },
  ],
  seats: { used: 3, limit: 5, additionalMemberPrice: null },
}

/** The team as the server keeps it, and every write with its body. */
function serve(initial: Team = team) {
  const state = { team: initial, calls: [] as string[], invites: [] as unknown[] }
  const record =
    (what: string, answer: () => Response = () => ok({})) =>
    ({ params }: { params: Record<string, unknown> }) => {
      state.calls.push(`${what} ${String(params.id)}`)
      return answer()
    }
  api.use(
    http.get(TEAM, () => ok(state.team)),
    http.post(`${TEAM}/invite`, async ({ request }) => {
      state.invites.push(await request.json())
      return ok({})
    }),
    http.post(`${TEAM}/invite/:id/resend`, record('resend')),
    http.delete(`${TEAM}/invite/:id`, record('delete-invitation')),
    http.put(`${TEAM}/:id/deactivate`, record('deactivate')),
    http.put(`${TEAM}/:id/reactivate`, record('reactivate')),
    http.post(`${TEAM}/:id/reset-password`, record('reset-password')),
    http.post(`${TEAM}/:id/reset-two-step`, record('reset-two-step')),
    http.delete(`${TEAM}/:id`, record('remove')),
  )
  return state
}

const memberRow = async (name: string) =>
  (await screen.findAllByTestId('member-row')).find((row) => row.textContent?.includes(name))!

describe('Settings › Team', () => {
  it('lists the seats, the members with their state and the pending invitations', async () => {
    serve()
    renderScreen(<TeamSettings />)
    expect(await screen.findByTestId('seats')).toHaveTextContent(seatsUsed(3, 5))
    const rows = screen.getAllByTestId('member-row')
    expect(rows[0]).toHaveTextContent('Account holder')
    expect(rows[0]).toHaveTextContent(twoStepState(true))
    // The account holder cannot be acted on from here.
    expect(within(rows[0]!).queryByRole('button')).toBeNull()
    expect(rows[1]).toHaveTextContent('Kim Park')
    expect(rows[1]).toHaveTextContent('Last sign-in: Never')
    expect(rows[1]).toHaveTextContent('PDFs this month: 3')
    expect(within(rows[1]!).queryByRole('button', { name: RESET_TWO_STEP })).toBeNull()
    expect(screen.getByTestId('invitation-row')).toHaveTextContent('lee@clinic.test')
    expect(screen.getByTestId('invitation-row')).toHaveTextContent('Pending')
  })

  it('checks the invitation against the contract before sending anything', async () => {
    const state = serve()
    const { user } = renderScreen(<TeamSettings />)
    await user.click(await screen.findByRole('button', { name: 'Send Invitation' }))
    expect(await screen.findByText('First name is required')).toBeVisible()
    expect(screen.getByText('Last name is required')).toBeVisible()
    expect(screen.getByText(EMAIL_REQUIRED)).toBeVisible()
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email')
    await user.tab()
    expect(await screen.findByText(EMAIL_INVALID)).toBeVisible()
    expect(state.invites).toEqual([])
  })

  it('sends an invitation: the body as typed, the form emptied, the team read again', async () => {
    const state = serve()
    const { user } = renderScreen(<TeamSettings />)
    await user.type(await screen.findByLabelText(/^First name/), 'Ana')
    await user.type(screen.getByLabelText(/^Last name/), 'Ruiz')
    await user.type(screen.getByLabelText(/^Email/), 'Ana@Clinic.test')
    state.team = {
      ...team,
      invitations: [
        ...team.invitations,
        { ...team.invitations[0]!, id: 'new', email: 'ana@clinic.test', firstName: 'Ana' },
      ],
      seats: { ...team.seats, used: 4 },
    }
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }))
    expect(await screen.findByText(INVITATION_SENT)).toBeVisible()
    // The address is sent as the contract shapes it.
    expect(state.invites).toEqual([
      { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@clinic.test' },
    ])
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue(''))
    await waitFor(() => expect(screen.getByTestId('seats')).toHaveTextContent(seatsUsed(4, 5)))
    expect(screen.getAllByTestId('invitation-row')).toHaveLength(2)
  })

  it('a refusal naming the email shows under it; one without fields at the top', async () => {
    serve()
    let answer = failure(409, {
      code: 'CONFLICT',
      message: ALREADY_INVITED,
      fields: { email: ALREADY_INVITED },
    })
    api.use(http.post(`${TEAM}/invite`, () => answer))
    const { user } = renderScreen(<TeamSettings />)
    await user.type(await screen.findByLabelText(/^First name/), 'Lee')
    await user.type(screen.getByLabelText(/^Last name/), 'Cho')
    await user.type(screen.getByLabelText(/^Email/), 'lee@clinic.test')
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }))
    expect(await screen.findByText(ALREADY_INVITED)).toBeVisible()
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true')

    answer = failure(403, { code: 'FORBIDDEN', message: PRIMARY_USER_ACCESS_REQUIRED })
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }))
    expect(await screen.findByText(PRIMARY_USER_ACCESS_REQUIRED)).toBeVisible()

    answer = Response.error() as never
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }))
    expect(await screen.findByText(ERROR_TRY_AGAIN)).toBeVisible()
  })

  it('resends an invitation at once, and deletes one after asking', async () => {
    const state = serve()
    const { user } = renderScreen(<TeamSettings />)
    const invitation = await screen.findByTestId('invitation-row')
    await user.click(within(invitation).getByRole('button', { name: 'Resend' }))
    expect(await screen.findByText(INVITATION_RESENT)).toBeVisible()

    await user.click(within(invitation).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete invitation' })
    expect(dialog).toHaveTextContent(confirmDeleteInvitation('lee@clinic.test'))
    state.team = { ...team, invitations: [] }
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(INVITATION_DELETED)).toBeVisible()
    expect(await screen.findByText('No pending invitations.')).toBeVisible()
    expect(state.calls).toEqual([
      'resend 00000000-0000-4000-8000-0000000000a1',
      'delete-invitation 00000000-0000-4000-8000-0000000000a1',
    ])
  })

  it('deactivates a member after asking; Cancel sends nothing', async () => {
    const state = serve()
    const { user } = renderScreen(<TeamSettings />)
    const row = await memberRow('Kim Park')
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }))
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate member' })
    expect(dialog).toHaveTextContent(confirmDeactivate('Kim Park'))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(state.calls).toEqual([])

    await user.click(within(row).getByRole('button', { name: 'Deactivate' }))
    dialog = await screen.findByRole('dialog', { name: 'Deactivate member' })
    state.team = { ...team, members: [holder, { ...kim, isActive: false }] }
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    expect(await screen.findByText(MEMBER_DEACTIVATED)).toBeVisible()
    expect(state.calls).toEqual([`deactivate ${kim.id}`])
    // Read again: now inactive, with Reactivate.
    const after = await memberRow('Kim Park')
    await waitFor(() => expect(after).toHaveTextContent('Inactive'))
    await user.click(within(after).getByRole('button', { name: 'Reactivate' }))
    expect(await screen.findByText(MEMBER_REACTIVATED)).toBeVisible()
    expect(state.calls).toEqual([`deactivate ${kim.id}`, `reactivate ${kim.id}`])
  })

  it('sends a password reset at once; resets two-step and removes after asking', async () => {
    const state = serve({ ...team, members: [holder, { ...kim, twoStep: true }] })
    const { user } = renderScreen(<TeamSettings />)
    const row = await memberRow('Kim Park')
    await user.click(within(row).getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText(MEMBER_RESET_SENT)).toBeVisible()

    await user.click(within(row).getByRole('button', { name: RESET_TWO_STEP }))
    const reset = await screen.findByRole('dialog', { name: RESET_TWO_STEP })
    await user.click(within(reset).getByRole('button', { name: 'Reset' }))
    expect(await screen.findByText(MEMBER_TWO_STEP_RESET)).toBeVisible()

    await user.click(within(row).getByRole('button', { name: 'Remove' }))
    const remove = await screen.findByRole('dialog', { name: 'Remove member' })
    expect(remove).toHaveTextContent(confirmRemove('Kim Park'))
    await user.click(within(remove).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText(MEMBER_REMOVED)).toBeVisible()
    expect(state.calls).toEqual([
      `reset-password ${kim.id}`,
      `reset-two-step ${kim.id}`,
      `remove ${kim.id}`,
    ])
  })

  it('a refused action is a toast with the server’s words', async () => {
    serve()
    api.use(
      http.put(`${TEAM}/:id/deactivate`, () =>
        failure(403, {
          code: 'PRIMARY_USER_ACCESS_REQUIRED',
          message: PRIMARY_USER_ACCESS_REQUIRED,
        }),
      ),
    )
    const { user } = renderScreen(<TeamSettings />)
    const row = await memberRow('Kim Park')
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate member' })
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    expect(await screen.findByText(PRIMARY_USER_ACCESS_REQUIRED)).toBeVisible()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a full team gets no invitation form and is told why', async () => {
    serve({ ...team, seats: { used: 5, limit: 5, additionalMemberPrice: null } })
    renderScreen(<TeamSettings />)
    expect(await screen.findByText(teamLimitReached(5))).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send Invitation' })).toBeNull()
  })

  it('a team that fails to load says so', async () => {
    api.use(
      http.get(TEAM, () => failure(401, { code: 'UNAUTHORIZED', message: 'Please sign in.' })),
    )
    renderScreen(<TeamSettings />)
    expect(await screen.findByText(sectionLoadFailed('your team'))).toBeVisible()
    expect(screen.getByText('Please sign in.')).toBeVisible()
  })
})
