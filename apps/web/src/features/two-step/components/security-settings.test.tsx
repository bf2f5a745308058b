/**
 * Settings → Security (docs/product/accounts.md#two-step-sign-in) in its states: nothing set up,
 * held back by the practice, setting up an authenticator app (QR code, key, a first code, the ten
 * recovery codes shown once), set up (passkeys with their dates, removal asked first, new codes),
 * and the practice's requirement for the account holder only.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { User } from '@myodocs/shared/contracts/auth'
import type { TwoStepStatus } from '@myodocs/shared/contracts/two-step'
import {
  ADD_PASSKEY,
  AUTHENTICATOR_OFF,
  AUTHENTICATOR_ON,
  CONFIRM,
  INVALID_TWO_STEP_CODE,
  NO_PASSKEYS,
  PASSKEY_NAME_LABEL,
  PASSKEY_NAME_REQUIRED,
  RECOVERY_CODES_SAVED,
  REGENERATE_RECOVERY_CODES,
  REMOVE,
  REMOVE_AUTHENTICATOR,
  REQUIRE_TWO_STEP_LABEL,
  SECOND_STEP_CODE_LABEL,
  SET_UP_AUTHENTICATOR,
  TWO_STEP_CODE_INVALID_FORMAT,
  TWO_STEP_REQUIRED_NOTICE,
  TWO_STEP_SAVED,
  recoveryCodesRemaining,
} from '@myodocs/shared/constants/two-step-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { authStore } from '../../sessions'
import { SecuritySettings } from './security-settings'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, '0')}`)

const none: TwoStepStatus = {
  totp: false,
  passkeys: [],
  recoveryCodesRemaining: 0,
  requiredByPractice: false,
}
const enrolled: TwoStepStatus = {
  totp: true,
  passkeys: [
    {
      id: '6d1f6a4e-0000-4000-8000-000000000001',
      name: 'Clinic laptop',
      createdAt: '2026-11-02T10:00:00.000Z',
      lastUsedAt: '2026-12-01T09:30:00.000Z',
    },
    {
      id: '6d1f6a4e-0000-4000-8000-000000000002',
      name: 'Phone',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: null,
    },
  ],
  recoveryCodesRemaining: 7,
  requiredByPractice: false,
}

/** GET /api/auth/mfa answers `status` (changeable by the test) and /business/security for the holder. */
function serve(initial: TwoStepStatus) {
  const state = { status: initial, requireTwoStep: false }
  api.use(
    http.get(`${API_ORIGIN}/api/auth/mfa`, () => ok(state.status)),
    http.get(`${API_ORIGIN}/api/business/security`, () =>
      ok({ requireTwoStep: state.requireTwoStep }),
    ),
    // A sign-in fetches the drafts key; these screens have no drafts.
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  return state
}

function signInAs(isPrimaryUser: boolean) {
  act(() =>
    authStore.signedIn({
      id: '0b6f2f8e-0000-4000-8000-000000000001',
      email: 'dana@clinic.test',
      firstName: 'Dana',
      lastName: 'Reyes',
      businessId: '0b6f2f8e-0000-4000-8000-0000000000b1',
      businessName: 'Bright Smiles Myo',
      isPrimaryUser,
    } as User),
  )
}

afterEach(() => localStorage.clear())

describe('Settings → Security', () => {
  it('with nothing set up: no passkeys, the app off, no recovery codes, no practice card for a member', async () => {
    serve(none)
    signInAs(false)
    renderScreen(<SecuritySettings />)
    expect(await screen.findByText(NO_PASSKEYS)).toBeVisible()
    expect(screen.getByText(AUTHENTICATOR_OFF)).toBeVisible()
    expect(screen.getByRole('button', { name: SET_UP_AUTHENTICATOR })).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Recovery codes' })).toBeNull()
    expect(screen.queryByText(TWO_STEP_REQUIRED_NOTICE)).toBeNull()
    expect(screen.queryByRole('switch', { name: REQUIRE_TWO_STEP_LABEL })).toBeNull()
  })

  it('held back by the practice: says so until a method is set up', async () => {
    serve({ ...none, requiredByPractice: true })
    signInAs(false)
    renderScreen(<SecuritySettings />)
    expect(await screen.findByText(TWO_STEP_REQUIRED_NOTICE)).toBeVisible()
  })

  it('on the enrolment page, whose header says it already, the notice is not repeated', async () => {
    serve({ ...none, requiredByPractice: true })
    signInAs(false)
    renderScreen(<SecuritySettings heldBackNotice={false} />)
    expect(await screen.findByText(NO_PASSKEYS)).toBeVisible()
    expect(screen.queryByText(TWO_STEP_REQUIRED_NOTICE)).toBeNull()
  })

  it('sets up an authenticator app: QR code and key, a first code, then the ten codes shown once', async () => {
    const state = serve(none)
    signInAs(false)
    const confirmed: unknown[] = []
    api.use(
      http.post(`${API_ORIGIN}/api/auth/mfa/totp/setup`, () =>
        ok({ secret: SECRET, otpauthUrl: `otpauth://totp/MyoDocs:dana?secret=${SECRET}` }),
      ),
      http.post(`${API_ORIGIN}/api/auth/mfa/totp/confirm`, async ({ request }) => {
        const body = (await request.json()) as { code: string }
        confirmed.push(body)
        if (body.code !== '123456')
          return failure(400, { code: 'VALIDATION_ERROR', message: INVALID_TWO_STEP_CODE })
        state.status = { ...none, totp: true, recoveryCodesRemaining: 10 }
        return ok({ recoveryCodes: CODES })
      }),
    )
    let enrolledCalls = 0
    const { user } = renderScreen(<SecuritySettings onEnrolled={() => enrolledCalls++} />)
    await user.click(await screen.findByRole('button', { name: SET_UP_AUTHENTICATOR }))

    expect(await screen.findByRole('img', { name: /QR code/ })).toBeVisible()
    expect(screen.getByTestId('totp-key')).toHaveTextContent(SECRET.match(/.{4}/g)!.join(' '))

    // A code of the wrong shape is refused here and sent nowhere.
    const code = screen.getByRole('textbox', { name: SECOND_STEP_CODE_LABEL })
    await user.type(code, '12ab')
    await user.click(screen.getByRole('button', { name: CONFIRM }))
    expect(await screen.findByText(TWO_STEP_CODE_INVALID_FORMAT)).toBeVisible()
    expect(confirmed).toHaveLength(0)

    // A code the server refuses: its words, the form kept.
    await user.clear(code)
    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: CONFIRM }))
    expect(await screen.findByText(INVALID_TWO_STEP_CODE)).toBeVisible()
    expect(screen.getByTestId('totp-key')).toBeVisible()

    await user.clear(code)
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: CONFIRM }))
    const shown = await screen.findByTestId('recovery-codes')
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES)
    expect(await screen.findByText(TWO_STEP_SAVED)).toBeVisible()
    expect(enrolledCalls).toBe(0)

    // Once saved, the codes are gone from the page for good and the tab shows the app on.
    await user.click(screen.getByRole('button', { name: RECOVERY_CODES_SAVED }))
    expect(enrolledCalls).toBe(1)
    expect(screen.queryByTestId('recovery-codes')).toBeNull()
    expect(await screen.findByText(AUTHENTICATOR_ON)).toBeVisible()
    expect(screen.getByText(recoveryCodesRemaining(10))).toBeVisible()
    expect(screen.queryByText(CODES[0]!)).toBeNull()
  })

  it('set up: passkeys with their dates, removal of a passkey, the app removed only after asking, new codes', async () => {
    const state = serve(enrolled)
    signInAs(false)
    const deleted: string[] = []
    api.use(
      http.delete(`${API_ORIGIN}/api/auth/passkeys/:id`, ({ params }) => {
        deleted.push(String(params.id))
        state.status = { ...state.status, passkeys: state.status.passkeys.slice(1) }
        return ok({ removed: true })
      }),
      http.delete(`${API_ORIGIN}/api/auth/mfa/totp`, () => {
        deleted.push('totp')
        state.status = { ...state.status, totp: false }
        return ok({ removed: true })
      }),
      http.post(`${API_ORIGIN}/api/auth/mfa/recovery-codes`, () => ok({ recoveryCodes: CODES })),
    )
    const { user } = renderScreen(<SecuritySettings />)
    const laptop = (await screen.findByText('Clinic laptop')).closest('li')!
    expect(laptop).toHaveTextContent(/Added Nov 2, 2026 · Last used Dec 1, 2026/)
    expect(screen.getByText('Phone').closest('li')).toHaveTextContent('Never used')
    expect(screen.getByText(AUTHENTICATOR_ON)).toBeVisible()
    expect(screen.getByText(recoveryCodesRemaining(7))).toBeVisible()

    await user.click(screen.getByRole('button', { name: `${REMOVE} Clinic laptop` }))
    await waitFor(() => expect(screen.queryByText('Clinic laptop')).toBeNull())
    expect(deleted).toEqual([enrolled.passkeys[0]!.id])

    await user.click(screen.getByRole('button', { name: REMOVE_AUTHENTICATOR }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(deleted).toEqual([enrolled.passkeys[0]!.id])
    await user.click(screen.getByRole('button', { name: REMOVE_AUTHENTICATOR }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: REMOVE }),
    )
    expect(await screen.findByText(AUTHENTICATOR_OFF)).toBeVisible()
    expect(deleted).toContain('totp')

    await user.click(screen.getByRole('button', { name: REGENERATE_RECOVERY_CODES }))
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent(CODES[9]!)
  })

  it('a passkey needs a name before the browser is asked for one', async () => {
    serve(none)
    signInAs(false)
    let asked = 0
    api.use(
      http.post(`${API_ORIGIN}/api/auth/passkeys/registration/options`, () => {
        asked++
        return ok({ options: {} })
      }),
    )
    const { user } = renderScreen(<SecuritySettings />)
    await screen.findByText(NO_PASSKEYS)
    await user.click(screen.getByRole('button', { name: ADD_PASSKEY }))
    expect(await screen.findByText(PASSKEY_NAME_REQUIRED)).toBeVisible()
    expect(screen.getByRole('textbox', { name: PASSKEY_NAME_LABEL })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(asked).toBe(0)
  })

  it('the account holder requires two-step sign-in of every member', async () => {
    const state = serve(enrolled)
    signInAs(true)
    const sent: unknown[] = []
    api.use(
      http.put(`${API_ORIGIN}/api/business/security`, async ({ request }) => {
        const body = (await request.json()) as { requireTwoStep: boolean }
        sent.push(body)
        state.requireTwoStep = body.requireTwoStep
        return ok(body)
      }),
    )
    const { user } = renderScreen(<SecuritySettings />)
    const toggle = await screen.findByRole('switch', { name: REQUIRE_TWO_STEP_LABEL })
    await waitFor(() => expect(toggle).toBeEnabled())
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    await waitFor(() => expect(sent).toEqual([{ requireTwoStep: true }]))
  })
})
