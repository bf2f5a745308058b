/**
 * /invite-code (docs/product/accounts.md#invite-codes, docs/product/validation.md#invite-code):
 * the code upper-cased as typed and normalized before it is sent; a valid code is held and the
 * journey goes on to /register with the plan or to /select-plan; a refused code goes to the
 * waitlist, which says why; throttling, other refusals and a dead network each say so.
 */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import {
  CONTINUE_TO_REGISTRATION,
  ERROR_TRY_AGAIN,
  INVALID_INVITE_CODE,
  NETWORK_UNREACHABLE,
  UNEXPECTED_ERROR,
} from '@myodocs/shared/constants/messages'
import { TRIAL_DAYS } from '@myodocs/shared/constants/plans'
import { paths } from '../../../lib/paths'
import { signupSession } from '../../registration'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import InviteCodePage from './invite-code'

const VALIDATE = `${API_ORIGIN}/api/auth/validate-invite-code`

function Address() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.search}</output>
}

/** The waitlist as far as this step is concerned: the reason it was handed. */
function Waitlist() {
  const state = useLocation().state as { invalidInviteCode?: boolean } | null
  return <p>Waitlist{state?.invalidInviteCode ? ', sent by a refused code' : ''}</p>
}

function renderInviteCode(route: string = paths.inviteCode) {
  return renderScreen(
    <>
      <Routes>
        <Route path={paths.inviteCode} element={<InviteCodePage />} />
        <Route path={paths.waitlist} element={<Waitlist />} />
        <Route path={paths.register} element={<p>Registration page</p>} />
        <Route path={paths.selectPlan} element={<p>Plan page</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  )
}

function answerValidate(reply: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(VALIDATE, async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    }),
  )
  return bodies
}

const code = () => screen.getByRole('textbox', { name: 'Invite code' })
const submit = () => screen.getByRole('button', { name: CONTINUE_TO_REGISTRATION })

afterEach(() => sessionStorage.clear())

describe('the invite code step', () => {
  it('asks for a code before sending anything', async () => {
    const bodies = answerValidate(() => ok({ valid: true }))
    const { user } = renderInviteCode()
    expect(screen.getByText(new RegExp(`${TRIAL_DAYS}-day free trial`))).toBeVisible()
    await user.click(submit())
    expect(await screen.findByText('Invite code is required')).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('upper-cases as typed, sends the code without spaces or dashes, and goes to the plans', async () => {
    const bodies = answerValidate(() => ok({ valid: true }))
    const { user } = renderInviteCode()
    await user.type(code(), 'k7qm-x4rt p2')
    expect(code()).toHaveValue('K7QM-X4RT P2')
    await user.click(submit())
    expect(await screen.findByText('Plan page')).toBeVisible()
    expect(bodies).toEqual([{ inviteCode: 'K7QMX4RTP2' }])
    expect(signupSession.inviteCode()).toBe('K7QMX4RTP2')
  })

  it('goes straight to registration with the plan chosen on the pricing page', async () => {
    answerValidate(() => ok({ valid: true }))
    const { user } = renderInviteCode(
      `${paths.inviteCode}?tier=premium&billing=annually&code=abcd2345`,
    )
    // A code in the link fills the field.
    expect(code()).toHaveValue('ABCD2345')
    await user.click(submit())
    expect(await screen.findByText('Registration page')).toBeVisible()
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `${paths.register}?tier=premium&billing=annually`,
    )
  })

  it('continues at once when a valid code is already held and a plan was chosen', async () => {
    signupSession.setInviteCode('HELD1234')
    renderInviteCode(`${paths.inviteCode}?tier=essential`)
    expect(await screen.findByText('Registration page')).toBeVisible()
  })

  it('sends a refused code to the waitlist, telling it why', async () => {
    answerValidate(() =>
      failure(400, { code: 'INVALID_INVITE_CODE', message: INVALID_INVITE_CODE }),
    )
    const { user } = renderInviteCode()
    await user.type(code(), 'WRONG123')
    await user.click(submit())
    expect(await screen.findByText('Waitlist, sent by a refused code')).toBeVisible()
    expect(signupSession.inviteCode()).toBeNull()
  })

  it('says why the code could not be checked: throttled, refused, server down, no network', async () => {
    const wait = 'Too many invite codes tried. Please wait 15 minutes.'
    const replies: (() => Response)[] = [
      () => failure(429, { code: 'RATE_LIMITED', message: wait }),
      () => failure(400, { code: 'VALIDATION_ERROR', message: 'Invite code is too long' }),
      () => failure(403, { code: 'FORBIDDEN', message: 'Forbidden' }),
      () => failure(500, { code: 'INTERNAL', message: 'Boom' }),
      () => Response.error(),
    ]
    const expected = [
      wait,
      INVALID_INVITE_CODE,
      ERROR_TRY_AGAIN,
      UNEXPECTED_ERROR,
      NETWORK_UNREACHABLE,
    ]
    let attempt = 0
    answerValidate(() => replies[attempt++]!())
    const { user } = renderInviteCode()
    await user.type(code(), 'K7QMX4RTP2')
    for (const text of expected) {
      await user.click(submit())
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text))
    }
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/invite-code$/)
  })
})
