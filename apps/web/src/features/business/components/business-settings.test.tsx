/**
 * Settings › Business (docs/product/validation.md#business-profile): the profile from the server
 * (or a blank one named after the practice when none exists yet), the shared schema's messages,
 * the phone and fax formatted on blur, what is sent and the Complete badge after saving, the
 * server's refusals, and a profile that could not be loaded.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { BusinessProfile } from '@myodocs/shared/contracts/business'
import { EMAIL_INVALID, PHONE_INVALID } from '@myodocs/shared/constants/messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { BUSINESS_PROFILE_SAVED } from '@myodocs/shared/constants/settings-messages'
import { authStore } from '../../sessions'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { BusinessSettings } from './business-settings'

const BUSINESS = `${API_ORIGIN}/api/business`

const profile: BusinessProfile = {
  id: '0b6f2f8e-0000-4000-8000-0000000000b1',
  name: 'Bright Smiles Myo',
  address: '',
  phone: '',
  email: '',
  fax: '',
  logoUrl: null,
  logoWidth: null,
  logoHeight: null,
  profileComplete: false,
}

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

/** The profile as the server keeps it; `get` answers the first read. */
function serve(get: () => Response, put?: (body: Record<string, string>) => Response) {
  const bodies: Record<string, string>[] = []
  api.use(
    http.get(BUSINESS, get),
    http.put(BUSINESS, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>
      bodies.push(body)
      return put
        ? put(body)
        : ok({ ...profile, ...body, phone: '(555) 123-4567', fax: '', profileComplete: true })
    }),
    http.get(`${API_ORIGIN}/api/subscription`, () =>
      failure(500, { code: 'INTERNAL', message: 'Boom' }),
    ),
    http.get(`${API_ORIGIN}/api/auth/me`, () => ok({ user: buildUser() })),
  )
  return bodies
}

beforeEach(() => {
  api.use(
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  act(() => authStore.signedIn(buildUser()))
})

describe('Settings › Business', () => {
  it('starts a practice without a profile from its name, marked Incomplete', async () => {
    serve(() => failure(404, { code: 'NOT_FOUND', message: 'No business profile yet' }))
    renderScreen(<BusinessSettings />)
    expect(await screen.findByRole('textbox', { name: FIELD_LABELS.businessName })).toHaveValue(
      'Bright Smiles Myo',
    )
    expect(screen.getByText('Incomplete')).toBeVisible()
    expect(save()).toBeDisabled()
  })

  it('shows the shared schema’s messages and sends nothing', async () => {
    const bodies = serve(() => ok(profile))
    const { user } = renderScreen(<BusinessSettings />)
    await screen.findByRole('textbox', { name: FIELD_LABELS.businessName })
    await replace(user, FIELD_LABELS.businessName, '')
    await replace(user, 'Phone', '555-12')
    await replace(user, FIELD_LABELS.practiceEmail, 'front@')
    await replace(user, FIELD_LABELS.fax, '12')
    expect(await screen.findByText('Business name is required')).toBeVisible()
    expect(screen.getAllByText(PHONE_INVALID)).toHaveLength(2)
    expect(screen.getByText(EMAIL_INVALID)).toBeVisible()
    await user.click(save())
    expect(bodies).toEqual([])
  })

  it('saves the letterhead, says so, and marks the profile Complete', async () => {
    const bodies = serve(() => ok(profile))
    const { user } = renderScreen(<BusinessSettings />)
    await screen.findByRole('textbox', { name: FIELD_LABELS.businessName })
    await replace(user, 'Address', '1 Main Street\nAustin, TX 78701')
    await replace(user, 'Phone', '5551234567')
    expect(box('Phone')).toHaveValue('(555) 123-4567')
    await replace(user, FIELD_LABELS.practiceEmail, 'front@brightsmiles.test')
    await user.click(save())
    expect(await screen.findByText(BUSINESS_PROFILE_SAVED)).toBeVisible()
    expect(bodies).toEqual([
      {
        name: 'Bright Smiles Myo',
        address: '1 Main Street\nAustin, TX 78701',
        phone: '(555) 123-4567',
        email: 'front@brightsmiles.test',
        fax: '',
      },
    ])
    await waitFor(() => expect(screen.getByText('Complete')).toBeVisible())
    expect(save()).toBeDisabled()
  })

  it('puts a refused field under it and any other refusal at the top', async () => {
    let reply = (): Response =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Please correct the highlighted fields',
        fields: { address: 'Address must be at most 500 characters' },
      })
    serve(
      () => ok(profile),
      () => reply(),
    )
    const { user } = renderScreen(<BusinessSettings />)
    await screen.findByRole('textbox', { name: FIELD_LABELS.businessName })
    await replace(user, 'Address', 'Somewhere')
    await user.click(save())
    expect(await screen.findByText('Address must be at most 500 characters')).toBeVisible()

    reply = () =>
      failure(403, {
        code: 'PRIMARY_USER_ACCESS_REQUIRED',
        message: 'Only the account holder can do this.',
      })
    await user.click(save())
    expect(await screen.findByText('Only the account holder can do this.')).toBeVisible()
    expect(box('Address')).toHaveValue('Somewhere')
  })

  it('says the profile could not be loaded', async () => {
    serve(() => failure(500, { code: 'INTERNAL', message: 'Something went wrong' }))
    renderScreen(<BusinessSettings />)
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible()
    expect(screen.queryByRole('textbox', { name: FIELD_LABELS.businessName })).toBeNull()
  })
})
