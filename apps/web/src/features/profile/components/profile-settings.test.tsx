/**
 * Settings › Profile (docs/product/accounts.md#profile, docs/product/validation.md#profile): the
 * person's details from the signed-in user, the shared schema's messages, the phone formatted on
 * blur, what is sent and shown after saving, and the server's refusals under their fields or at
 * the top; Discard reads the user from the server again.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { PHONE_INVALID } from '@myodocs/shared/constants/messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { PROFILE_SAVED } from '@myodocs/shared/constants/settings-messages'
import { UNSAVED_CHANGES } from '../../../components/ui/settings-section'
import type { User } from '@myodocs/shared/contracts/auth'
import { authStore } from '../../sessions'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { servePasswordChecks } from '../../../../test/passwords'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { ProfileSettings } from './profile-settings'

const PROFILE = `${API_ORIGIN}/api/auth/profile`
const me = buildUser({ licenseNumber: 'OMT-1234' })

type UserEvents = ReturnType<typeof renderScreen>['user']
const box = (name: string) => screen.getByRole('textbox', { name })
const save = () => screen.getByRole('button', { name: 'Save changes' })

async function replace(user: UserEvents, name: string, value: string) {
  await user.clear(box(name))
  if (value) {
    await user.click(box(name))
    await user.paste(value)
  }
  await user.tab()
}

/** Answers the profile update with `reply` (by default the user with what was sent). */
function answerUpdate(reply?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = []
  api.use(
    http.put(PROFILE, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      bodies.push(body)
      return reply
        ? reply(body)
        : ok({ user: { ...me, ...body, therapistPhone: '(555) 987-6543' } })
    }),
  )
  return bodies
}

beforeEach(() => {
  servePasswordChecks()
  api.use(
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  act(() => authStore.signedIn(me))
})

describe('Settings › Profile', () => {
  it('starts from the signed-in user, with the email read-only and Save off', () => {
    renderScreen(<ProfileSettings />)
    expect(box(FIELD_LABELS.firstName)).toHaveValue('Avery')
    expect(box(FIELD_LABELS.licenseNumber)).toHaveValue('OMT-1234')
    expect(box('Email')).toHaveValue(me.email)
    expect(box('Email')).toBeDisabled()
    expect(save()).toBeDisabled()
    expect(screen.queryByText(UNSAVED_CHANGES)).toBeNull()
  })

  it('shows the shared schema’s messages and sends nothing', async () => {
    const bodies = answerUpdate()
    const { user } = renderScreen(<ProfileSettings />)
    await replace(user, FIELD_LABELS.firstName, '')
    await replace(user, 'Phone', '555-12')
    expect(await screen.findByText('First name is required')).toBeVisible()
    expect(screen.getByText(PHONE_INVALID)).toBeVisible()
    expect(screen.getByText(UNSAVED_CHANGES)).toBeVisible()
    await user.click(save())
    expect(box(FIELD_LABELS.firstName)).toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toEqual([])
  })

  it('saves what was typed, says so, and shows the new name everywhere', async () => {
    const bodies = answerUpdate()
    const { user } = renderScreen(<ProfileSettings />)
    await replace(user, FIELD_LABELS.firstName, '  Avery Jo ')
    await replace(user, 'Phone', '555.987.6543')
    // Formatted as soon as the field is left.
    expect(box('Phone')).toHaveValue('(555) 987-6543')
    await replace(user, FIELD_LABELS.licenseNumber, '')
    await user.click(save())
    expect(await screen.findByText(PROFILE_SAVED)).toBeVisible()
    expect(bodies).toEqual([
      {
        firstName: 'Avery Jo',
        lastName: 'Lee',
        therapistTitle: me.therapistTitle,
        therapistPhone: '5559876543',
        licenseNumber: '',
      },
    ])
    expect(authStore.getState().user).toMatchObject({ firstName: 'Avery Jo' })
    await waitFor(() => expect(save()).toBeDisabled())
    expect(screen.queryByText(UNSAVED_CHANGES)).toBeNull()
  })

  it('puts a field the server refuses under it, and anything else at the top', async () => {
    let reply = (): Response =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Please correct the highlighted fields',
        fields: { therapistTitle: 'Title must be at most 50 characters' },
      })
    answerUpdate(() => reply())
    const { user } = renderScreen(<ProfileSettings />)
    await replace(user, FIELD_LABELS.therapistTitle, 'Therapist')
    await user.click(save())
    expect(await screen.findByText('Title must be at most 50 characters')).toBeVisible()
    expect(screen.queryByText('Please correct the highlighted fields')).toBeNull()

    reply = () => failure(500, { code: 'INTERNAL', message: 'Something went wrong' })
    await user.click(save())
    expect(await screen.findByText('Something went wrong')).toBeVisible()
    expect(box(FIELD_LABELS.therapistTitle)).toHaveValue('Therapist')
    expect(screen.getByText(UNSAVED_CHANGES)).toBeVisible()
  })

  it('discards by reading the user from the server again', async () => {
    const fresh: User = { ...me, lastName: 'Lee-Park' }
    api.use(http.get(`${API_ORIGIN}/api/auth/me`, () => ok({ user: fresh })))
    const { user } = renderScreen(<ProfileSettings />)
    await replace(user, FIELD_LABELS.lastName, 'Typo')
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(box(FIELD_LABELS.lastName)).toHaveValue('Lee-Park'))
    expect(save()).toBeDisabled()
  })
})
