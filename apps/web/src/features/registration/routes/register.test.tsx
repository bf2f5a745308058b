/**
 * /register (docs/product/accounts.md#registration, docs/product/validation.md#registration): held back
 * without an invite code; every field's message from the shared schema; the strength meter with
 * the server's check (a common password says why); the body sent with the plan, the code and a
 * validated referral; and the server's refusals under their fields or at the top of the form.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Route, Routes, useLocation } from 'react-router'
import {
  AGE_CONFIRMATION_REQUIRED,
  CONTINUE_WITHOUT_REFERRAL,
  EMAIL_INVALID,
  INVALID_INVITE_CODE,
  INVALID_REFERRAL_CODE,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_INVALID,
  PHONE_INVALID_ON_SUBMIT,
  REFERRAL_APPLIED,
  REFERRAL_VALIDATION_FAILED,
  REGISTRATION_CHECK_EMAIL,
  REGISTRATION_FAILED,
  startTrialText,
  TERMS_ONLY_ACCEPTANCE_REQUIRED,
  TOO_MANY_REQUESTS,
} from '@myodocs/shared/constants/messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { TRIAL_DAYS } from '@myodocs/shared/constants/plans'
import { REFERRAL_BONUS_MESSAGE, REFERRED_TRIAL_DAYS } from '@myodocs/shared/contracts/referral'
import { paths } from '../../../lib/paths'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { servePasswordChecks, STRONG_PASSWORD } from '../../../../test/passwords'
import { renderScreen } from '../../../../test/render'
import { signupSession } from '../signup-session'
import RegisterPage from './register'

const REGISTER = `${API_ORIGIN}/api/auth/register`
const CODE = 'MYO-2026-OPEN'

function Address() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.search}</output>
}

function renderRegister(route = `${paths.register}?tier=professional&billing=annually`) {
  return renderScreen(
    <>
      <Routes>
        <Route path={paths.register} element={<RegisterPage />} />
        <Route path={paths.inviteCode} element={<p>Invite code page</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  )
}

/** Answers the registration with `answer`, keeping every body. */
function answerRegister(answer: () => Response) {
  const bodies: Record<string, unknown>[] = []
  api.use(
    http.post(REGISTER, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>)
      return answer()
    }),
  )
  return bodies
}

const sent = () =>
  Response.json({ success: true, message: REGISTRATION_CHECK_EMAIL, data: { sent: true } })

const box = (name: string) => screen.getByRole('textbox', { name })
const password = () => screen.getByLabelText(/^Password/)
const confirm = () => screen.getByLabelText(new RegExp(`^${FIELD_LABELS.confirmPassword}`))
const createAccount = () => screen.getByRole('button', { name: 'Create Account' })

type User = ReturnType<typeof renderScreen>['user']

/** Types a value in one input event, as a password manager or a paste does (fast in the test DOM). */
async function fill(user: User, input: HTMLElement, value: string) {
  await user.click(input)
  await user.paste(value)
}

async function typePasswords(user: User, first = STRONG_PASSWORD, second = first) {
  await fill(user, password(), first)
  await fill(user, confirm(), second)
}

async function fillDetails(user: User) {
  await fill(user, box(FIELD_LABELS.firstName), 'Avery')
  await fill(user, box(FIELD_LABELS.lastName), 'Lee')
  await fill(user, box('Email'), 'Avery@Clinic.test')
  await fill(user, box(FIELD_LABELS.businessName), 'Bright Smiles Myo')
  await fill(user, box(FIELD_LABELS.therapistTitle), 'OMT')
  await fill(user, box('Phone'), '555 123 4567')
  await user.click(screen.getByRole('checkbox', { name: /at least 18 years old/ }))
  await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }))
}

beforeEach(() => signupSession.setInviteCode(CODE))
afterEach(() => sessionStorage.clear())

describe('the registration form', () => {
  it('goes back to the invite code step without a code, keeping the plan', async () => {
    signupSession.clear()
    renderRegister(`${paths.register}?tier=team&billing=monthly`)
    expect(await screen.findByText('Invite code page')).toBeVisible()
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `${paths.inviteCode}?tier=team&billing=monthly`,
    )
  })

  it('names the chosen plan and the trial, and links back to change the plan', async () => {
    servePasswordChecks()
    renderRegister()
    expect(
      screen.getByText(`${startTrialText(TRIAL_DAYS)}. No credit card required.`, { exact: false }),
    ).toBeVisible()
    expect(screen.getByText(/billed annually/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Change plan' })).toHaveAttribute(
      'href',
      `${paths.selectPlan}?tier=professional&billing=annually`,
    )
  })

  it('keeps Create Account off until a valid password is typed twice', async () => {
    const { checked } = servePasswordChecks()
    const { user } = renderRegister()
    expect(createAccount()).toBeDisabled()
    await typePasswords(user, STRONG_PASSWORD, `${STRONG_PASSWORD}x`)
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    expect(createAccount()).toBeDisabled()
    await fill(user, password(), 'x')
    await waitFor(() => expect(createAccount()).toBeEnabled())
    expect(screen.queryByText(PASSWORDS_DO_NOT_MATCH)).toBeNull()
    expect(checked).toContain(`${STRONG_PASSWORD}x`)
  })

  it('shows each rule of the meter, and why a common password is refused', async () => {
    servePasswordChecks()
    const { user } = renderRegister()
    await typePasswords(user, 'P@ssw0rd-2026!')
    const reason = await screen.findByText(/This password is built around "p@ssw0rd"/)
    expect(reason.closest('li')).toHaveTextContent('Missing:')
    expect(screen.getByText('At least 12 characters').closest('li')).toHaveTextContent('Met:')
    expect(screen.getByText('A special character').closest('li')).toHaveTextContent('Met:')
    expect(createAccount()).toBeDisabled()

    await user.clear(password())
    await fill(user, password(), 'short')
    await waitFor(() =>
      expect(screen.getByText('At least 12 characters').closest('li')).toHaveTextContent(
        'Missing:',
      ),
    )
    expect(screen.getByText('An upper-case letter').closest('li')).toHaveTextContent('Missing:')
    expect(screen.getByText('This is a commonly used password.').closest('li')).toHaveTextContent(
      'Missing:',
    )
  })

  it('fills both fields with a generated password, shows them, and says to save it', async () => {
    const { generated } = servePasswordChecks()
    const { user } = renderRegister()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(password()).toHaveValue(generated))
    expect(confirm()).toHaveValue(generated)
    expect(password()).toHaveAttribute('type', 'text')
    expect(screen.getByText(/Save this password in your password manager/)).toBeVisible()
    await waitFor(() => expect(createAccount()).toBeEnabled())
  })

  it('shows every field’s message from the shared schema and sends nothing', async () => {
    servePasswordChecks()
    const bodies = answerRegister(sent)
    const { user } = renderRegister()
    await typePasswords(user)
    await fill(user, box('Email'), 'avery@')
    await fill(user, box('Phone'), '12345')
    await waitFor(() => expect(createAccount()).toBeEnabled())
    await user.click(createAccount())

    expect(await screen.findByText('First name is required')).toBeVisible()
    expect(screen.getByText('Last name is required')).toBeVisible()
    expect(screen.getByText('Business name is required')).toBeVisible()
    expect(screen.getByText(EMAIL_INVALID)).toBeVisible()
    expect(screen.getByText(PHONE_INVALID)).toBeVisible()
    expect(screen.getByText(AGE_CONFIRMATION_REQUIRED)).toBeVisible()
    expect(screen.getByText(TERMS_ONLY_ACCEPTANCE_REQUIRED)).toBeVisible()
    // A phone the browser keeps also says so at the top, where the eye is after submitting.
    expect(screen.getByText(PHONE_INVALID_ON_SUBMIT)).toBeVisible()
    expect(box(FIELD_LABELS.firstName)).toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toEqual([])
  })

  it('sends the details with the plan and the code, then says to check the email', async () => {
    servePasswordChecks()
    const bodies = answerRegister(sent)
    const { user } = renderRegister()
    await fillDetails(user)
    // The phone is shown formatted once the field is left.
    expect(box('Phone')).toHaveValue('(555) 123-4567')
    await typePasswords(user)
    await waitFor(() => expect(createAccount()).toBeEnabled())
    await user.click(createAccount())

    const status = (await screen.findByText(REGISTRATION_CHECK_EMAIL)).closest<HTMLElement>(
      '[role=status]',
    )!
    expect(status).toHaveTextContent(REGISTRATION_CHECK_EMAIL)
    expect(status).toHaveTextContent('Sent to avery@clinic.test.')
    expect(bodies).toEqual([
      {
        email: 'avery@clinic.test',
        firstName: 'Avery',
        lastName: 'Lee',
        businessName: 'Bright Smiles Myo',
        therapistTitle: 'OMT',
        therapistPhone: '5551234567',
        password: STRONG_PASSWORD,
        ageConfirmed: true,
        acceptTerms: true,
        planType: 'professional',
        billingFrequency: 'annually',
        inviteCode: CODE,
        acceptBAA: true,
      },
    ])

    // Use a different email: back to the form with everything kept.
    await user.click(within(status).getByRole('button', { name: 'Use a different email' }))
    expect(box(FIELD_LABELS.firstName)).toHaveValue('Avery')
  })

  it('puts the server’s field messages under their fields and focuses the first', async () => {
    servePasswordChecks()
    answerRegister(() =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Please correct the highlighted fields',
        fields: { businessName: 'Business name must be at most 200 characters' },
      }),
    )
    const { user } = renderRegister()
    await fillDetails(user)
    await typePasswords(user)
    await waitFor(() => expect(createAccount()).toBeEnabled())
    await user.click(createAccount())
    expect(await screen.findByText('Business name must be at most 200 characters')).toBeVisible()
    expect(box(FIELD_LABELS.businessName)).toHaveFocus()
    expect(screen.queryByText('Please correct the highlighted fields')).toBeNull()
  })

  it('says why at the top when no field is to blame: throttled, or the server failed', async () => {
    servePasswordChecks()
    let answer: () => Response = () =>
      failure(429, { code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS })
    answerRegister(() => answer())
    const { user } = renderRegister()
    await fillDetails(user)
    await typePasswords(user)
    await waitFor(() => expect(createAccount()).toBeEnabled())
    await user.click(createAccount())
    expect(await screen.findByText(TOO_MANY_REQUESTS)).toBeVisible()

    answer = () => new Response('oops', { status: 500 })
    await user.click(createAccount())
    expect(await screen.findByText(REGISTRATION_FAILED)).toBeVisible()
    expect(box('Email')).toHaveValue('Avery@Clinic.test')
  })

  it('sends an invite code the server refuses back to the invite code step', async () => {
    servePasswordChecks()
    answerRegister(() =>
      failure(400, { code: 'INVALID_INVITE_CODE', message: INVALID_INVITE_CODE }),
    )
    const { user } = renderRegister()
    await fillDetails(user)
    await typePasswords(user)
    await waitFor(() => expect(createAccount()).toBeEnabled())
    await user.click(createAccount())
    expect(await screen.findByText('Invite code page')).toBeVisible()
    expect(await screen.findByText(INVALID_INVITE_CODE)).toBeVisible()
    expect(signupSession.inviteCode()).toBeNull()
  })
})

describe('a referral on the registration form', () => {
  const referral = (answer: () => Response) =>
    api.use(http.get(`${API_ORIGIN}/api/referral/validate/:code`, answer))

  it('names who referred and the longer trial, and sends the code', async () => {
    servePasswordChecks()
    referral(() =>
      ok({ referringBusiness: { name: 'Coastal Myo' }, bonusMessage: REFERRAL_BONUS_MESSAGE }),
    )
    const bodies = answerRegister(sent)
    const { user } = renderRegister(`${paths.register}?tier=essential&ref=COAST1`)
    expect(await screen.findByText(REFERRAL_APPLIED)).toBeVisible()
    expect(screen.getByText('Coastal Myo')).toBeVisible()
    expect(screen.getByText(startTrialText(REFERRED_TRIAL_DAYS), { exact: false })).toBeVisible()
    await fillDetails(user)
    await typePasswords(user)
    await waitFor(() => expect(createAccount()).toBeEnabled())
    await user.click(createAccount())
    await screen.findByText(REGISTRATION_CHECK_EMAIL)
    expect(bodies[0]).toMatchObject({ referralCode: 'COAST1', planType: 'essential' })
  })

  it('says an unknown code is invalid and goes on without it when asked', async () => {
    servePasswordChecks()
    referral(() => failure(404, { code: 'NOT_FOUND', message: INVALID_REFERRAL_CODE }))
    const bodies = answerRegister(sent)
    const { user } = renderRegister(`${paths.register}?tier=essential&ref=NOPE`)
    expect(await screen.findByText(INVALID_REFERRAL_CODE)).toBeVisible()
    await user.click(screen.getByRole('button', { name: CONTINUE_WITHOUT_REFERRAL }))
    expect(screen.queryByText(INVALID_REFERRAL_CODE)).toBeNull()
    expect(screen.getByLabelText('address')).not.toHaveTextContent('ref=')
    await fillDetails(user)
    await typePasswords(user)
    await waitFor(() => expect(createAccount()).toBeEnabled())
    await user.click(createAccount())
    await screen.findByText(REGISTRATION_CHECK_EMAIL)
    expect(bodies[0]).not.toHaveProperty('referralCode')
  })

  it('says the code could not be checked when the server fails', async () => {
    servePasswordChecks()
    referral(() => failure(500, { code: 'INTERNAL', message: 'Boom' }))
    renderRegister(`${paths.register}?ref=COAST1`)
    expect(await screen.findByText(REFERRAL_VALIDATION_FAILED)).toBeVisible()
  })
})
