/**
 * The second step of a sign-in (docs/product/accounts.md#two-step-sign-in): an authenticator code
 * checked for its six digits before it is sent (spaces and dashes dropped), a recovery code
 * instead, the server's refusal at the top with the field kept, and the passkey's failure said in
 * the user's words.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  PASSKEY_NOT_VERIFIED,
  RECOVERY_CODE_REQUIRED,
  SECOND_STEP_CODE_LABEL,
  SECOND_STEP_RECOVERY_LABEL,
  USE_AUTHENTICATOR_CODE,
  USE_PASSKEY,
  TWO_STEP_CODE_INVALID_FORMAT,
  TWO_STEP_CODE_REQUIRED,
  USE_RECOVERY_CODE,
  VERIFY,
} from '@myodocs/shared/constants/two-step-messages'
import type { SecondStepMethod } from '@myodocs/shared/contracts/two-step'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { SecondStepForm } from './second-step-form'

const VERIFY_URL = `${API_ORIGIN}/api/auth/mfa/verify`

function renderStep(
  methods: SecondStepMethod[],
  reply: () => Response = () => ok({ user: buildUser() }),
) {
  const bodies: unknown[] = []
  api.use(
    http.post(VERIFY_URL, async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    }),
  )
  const onSignedIn = vi.fn()
  const view = renderScreen(<SecondStepForm methods={methods} onSignedIn={onSignedIn} />)
  return { ...view, bodies, onSignedIn }
}

const code = () => screen.getByRole('textbox', { name: SECOND_STEP_CODE_LABEL })
const verify = () => screen.getByRole('button', { name: VERIFY })

describe('the second step', () => {
  it('checks the authenticator code before sending it', async () => {
    const { user, bodies, onSignedIn } = renderStep(['totp'])
    await user.click(verify())
    expect(await screen.findByText(TWO_STEP_CODE_REQUIRED)).toBeVisible()
    await user.type(code(), '12345')
    await user.click(verify())
    expect(await screen.findByText(TWO_STEP_CODE_INVALID_FORMAT)).toBeVisible()
    expect(code()).toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toEqual([])
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('sends the six digits without spaces or dashes and signs in', async () => {
    const { user, bodies, onSignedIn } = renderStep(['totp', 'recovery'])
    await user.type(code(), '123 - 456')
    await user.click(verify())
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(bodies).toEqual([{ code: '123456' }])
    expect(onSignedIn.mock.calls[0]![0]).toMatchObject({ user: { email: buildUser().email } })
  })

  it('a recovery code instead: its own field, upper-cased, and back again', async () => {
    const { user, bodies, onSignedIn } = renderStep(['totp', 'recovery'])
    await user.type(code(), '99')
    await user.click(screen.getByRole('button', { name: USE_RECOVERY_CODE }))
    const recovery = screen.getByRole('textbox', { name: SECOND_STEP_RECOVERY_LABEL })
    expect(recovery).toHaveValue('')
    await user.click(verify())
    expect(await screen.findByText(RECOVERY_CODE_REQUIRED)).toBeVisible()
    await user.type(recovery, 'abcd-efgh')
    await user.click(verify())
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(bodies).toEqual([{ recoveryCode: 'ABCDEFGH' }])
    await user.click(screen.getByRole('button', { name: USE_AUTHENTICATOR_CODE }))
    expect(code()).toHaveValue('')
  })

  it('an account with recovery codes only starts there, with no way to an authenticator', () => {
    renderStep(['recovery'])
    expect(screen.getByRole('textbox', { name: SECOND_STEP_RECOVERY_LABEL })).toBeVisible()
    expect(screen.queryByRole('button', { name: USE_AUTHENTICATOR_CODE })).toBeNull()
    expect(screen.queryByRole('button', { name: USE_PASSKEY })).toBeNull()
  })

  it('a refused code is said at the top and the code can be typed again', async () => {
    const { user, onSignedIn } = renderStep(['totp'], () =>
      failure(401, { code: 'INVALID_MFA_CODE', message: 'That code did not work. Try again.' }),
    )
    await user.type(code(), '000000')
    await user.click(verify())
    expect(await screen.findByRole('alert')).toHaveTextContent('That code did not work. Try again.')
    expect(code()).toHaveValue('000000')
    expect(verify()).toBeEnabled()
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('a passkey the browser cannot give says so in the user’s words', async () => {
    // The options come; the test DOM, like a browser without passkeys, cannot answer them.
    api.use(
      http.post(`${API_ORIGIN}/api/auth/passkeys/authentication/options`, () =>
        ok({ options: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], timeout: 60_000 } }),
      ),
    )
    const { user, onSignedIn } = renderStep(['passkey'])
    // Passkey only: no code form at all.
    expect(screen.queryByRole('button', { name: VERIFY })).toBeNull()
    await user.click(screen.getByRole('button', { name: USE_PASSKEY }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_NOT_VERIFIED)
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: USE_PASSKEY })).toBeEnabled()
  })

  it('a refused passkey sign-in says the server’s words', async () => {
    api.use(
      http.post(`${API_ORIGIN}/api/auth/passkeys/authentication/options`, () =>
        failure(429, {
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Try again in a minute.',
        }),
      ),
    )
    const { user } = renderStep(['passkey', 'totp'])
    await user.click(screen.getByRole('button', { name: USE_PASSKEY }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in a minute.',
    )
    // The code form stays there as the other way in.
    expect(code()).toBeVisible()
  })
})
