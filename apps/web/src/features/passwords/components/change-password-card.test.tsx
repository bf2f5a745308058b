/**
 * Settings › Profile › Password (docs/product/accounts.md#password-rules,
 * docs/product/validation.md#change-password): the shared schema's messages, a new password the
 * meter refuses is not sent, a wrong current password or a recent one shows under its field, and
 * a change empties the form and says the other sessions were signed out.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  CONFIRM_PASSWORD_REQUIRED,
  PASSWORD_IN_HISTORY,
  PASSWORD_REQUIRED,
  PASSWORD_REQUIREMENTS_NOT_MET,
  PASSWORDS_DO_NOT_MATCH,
  TOO_MANY_REQUESTS,
} from '@myodocs/shared/constants/messages'
import { CURRENT_PASSWORD_INCORRECT } from '@myodocs/shared/contracts/auth'
import { PASSWORD_CHANGED } from '@myodocs/shared/constants/settings-messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { servePasswordChecks, STRONG_PASSWORD } from '../../../../test/passwords'
import { renderScreen } from '../../../../test/render'
import { ChangePasswordCard } from './change-password-card'

const CHANGE = `${API_ORIGIN}/api/auth/change-password`

type UserEvents = ReturnType<typeof renderScreen>['user']
const current = () => screen.getByLabelText(/^Current password/)
const next = () => screen.getByLabelText(new RegExp(`^${FIELD_LABELS.newPassword}`))
const confirm = () => screen.getByLabelText(/^Confirm new password/)
const change = () => screen.getByRole('button', { name: 'Change password' })

async function fill(user: UserEvents, input: HTMLElement, value: string) {
  await user.click(input)
  await user.paste(value)
}

function answerChange(reply: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(CHANGE, async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    }),
  )
  return bodies
}

async function typeAll(user: UserEvents, newPassword = STRONG_PASSWORD) {
  await fill(user, current(), 'old secret 1')
  await fill(user, next(), newPassword)
  await fill(user, confirm(), newPassword)
}

describe('changing the password', () => {
  it('is off until something is typed, then checks every field before sending', async () => {
    servePasswordChecks()
    const bodies = answerChange(() => ok({ changed: true }))
    const { user } = renderScreen(<ChangePasswordCard />)
    expect(change()).toBeDisabled()
    await fill(user, confirm(), 'x')
    await user.click(change())
    expect(await screen.findAllByText(PASSWORD_REQUIRED)).toHaveLength(2)
    await user.clear(confirm())
    await fill(user, next(), STRONG_PASSWORD)
    await user.click(change())
    expect(await screen.findByText(CONFIRM_PASSWORD_REQUIRED)).toBeVisible()
    await fill(user, confirm(), 'different')
    await user.click(change())
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('takes "do not match" away once the new password is corrected to the confirmation', async () => {
    servePasswordChecks()
    const bodies = answerChange(() => ok({ changed: true }))
    const { user } = renderScreen(<ChangePasswordCard />)
    await fill(user, current(), 'old secret 1')
    await fill(user, next(), STRONG_PASSWORD)
    await fill(user, confirm(), `${STRONG_PASSWORD}!`)
    await user.click(change())
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    await user.type(next(), '?')
    expect(screen.getByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible()
    await user.type(next(), '{Backspace}!')
    await waitFor(() => expect(screen.queryByText(PASSWORDS_DO_NOT_MATCH)).toBeNull())
    expect(bodies).toEqual([])
    await user.click(change())
    await waitFor(() =>
      expect(bodies).toEqual([
        { currentPassword: 'old secret 1', newPassword: `${STRONG_PASSWORD}!` },
      ]),
    )
  })

  it('keeps a recent password’s refusal under the new password while the user moves on', async () => {
    servePasswordChecks()
    answerChange(() =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: PASSWORD_IN_HISTORY,
        fields: { newPassword: PASSWORD_IN_HISTORY },
      }),
    )
    const { user } = renderScreen(<ChangePasswordCard />)
    await fill(user, current(), 'old secret 1')
    await fill(user, next(), STRONG_PASSWORD)
    await user.click(confirm())
    expect(screen.queryByText(CONFIRM_PASSWORD_REQUIRED)).toBeNull()
    await user.paste(STRONG_PASSWORD)
    await user.click(change())
    expect(await screen.findByText(PASSWORD_IN_HISTORY)).toBeVisible()
    await user.click(next())
    await user.click(confirm())
    await user.tab()
    expect(screen.getByText(PASSWORD_IN_HISTORY)).toBeVisible()
    expect(next()).toHaveAttribute('aria-invalid', 'true')
  })

  it('does not send a new password the policy refuses', async () => {
    servePasswordChecks()
    const bodies = answerChange(() => ok({ changed: true }))
    const { user } = renderScreen(<ChangePasswordCard />)
    await typeAll(user, 'Sunshine2024!')
    expect(await screen.findByText(/This password is built around "sunshine"/)).toBeVisible()
    // The meter lists the history rule on this form.
    expect(screen.getByText('Not a recent password')).toBeVisible()
    await waitFor(() => expect(screen.queryByLabelText('Checking')).toBeNull())
    await user.click(change())
    expect(await screen.findByText(PASSWORD_REQUIREMENTS_NOT_MET)).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('changes it, empties the form and says the other sessions were signed out', async () => {
    servePasswordChecks()
    const bodies = answerChange(() => ok({ changed: true }))
    const { user } = renderScreen(<ChangePasswordCard />)
    await typeAll(user)
    await waitFor(() => expect(screen.queryByLabelText('Checking')).toBeNull())
    await user.click(change())
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeVisible()
    expect(bodies).toEqual([{ currentPassword: 'old secret 1', newPassword: STRONG_PASSWORD }])
    expect(current()).toHaveValue('')
    expect(next()).toHaveValue('')
    expect(change()).toBeDisabled()
  })

  it('shows a wrong current password and a recent new one under their fields', async () => {
    servePasswordChecks()
    let reply = (): Response =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: CURRENT_PASSWORD_INCORRECT,
        fields: { currentPassword: CURRENT_PASSWORD_INCORRECT },
      })
    answerChange(() => reply())
    const { user } = renderScreen(<ChangePasswordCard />)
    await typeAll(user)
    await waitFor(() => expect(screen.queryByLabelText('Checking')).toBeNull())
    await user.click(change())
    expect(await screen.findByText(CURRENT_PASSWORD_INCORRECT)).toBeVisible()
    expect(current()).toHaveAttribute('aria-invalid', 'true')
    // Shown once: under the field, not again at the top.
    expect(screen.getAllByText(CURRENT_PASSWORD_INCORRECT)).toHaveLength(1)

    reply = () =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: PASSWORD_IN_HISTORY,
        fields: { newPassword: PASSWORD_IN_HISTORY },
      })
    await user.click(change())
    expect(await screen.findByText(PASSWORD_IN_HISTORY)).toBeVisible()
    expect(next()).toHaveAttribute('aria-invalid', 'true')
  })

  it('says at the top when the server refuses without naming a field', async () => {
    servePasswordChecks()
    answerChange(() => failure(429, { code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS }))
    const { user } = renderScreen(<ChangePasswordCard />)
    await typeAll(user)
    await waitFor(() => expect(screen.queryByLabelText('Checking')).toBeNull())
    await user.click(change())
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_REQUESTS)
    expect(current()).toHaveValue('old secret 1')
  })
})
