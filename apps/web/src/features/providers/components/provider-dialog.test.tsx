/**
 * Add and edit a provider of the address book (docs/product/providers.md):
 * the shared schema's messages under the fields before anything is sent, the saved provider's
 * values to start from, the body sent, the server's field error under its field and a 409 at the
 * top, and Cancel.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  ADD_PROVIDER,
  EDIT_PROVIDER,
  PROVIDER_SPECIALTY_LABEL,
  SAVE_PROVIDER,
  providerAdded,
  providerSaved,
} from '@myodocs/shared/constants/provider-messages'
import { EMAIL_INVALID, PHONE_INVALID } from '@myodocs/shared/constants/messages'
import type { Provider } from '@myodocs/shared/contracts/providers'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { ProviderDialog } from './provider-dialog'

const PROVIDERS = `${API_ORIGIN}/api/providers`

const saved: Provider = {
  id: 'p1',
  name: 'Dr. Avery Lin',
  credentials: 'MD',
  practice: 'Harbor ENT',
  specialty: 'ent',
  email: 'lin@harbor-ent.test',
  phone: '5551234567',
  fax: null,
  address: '12 Harbor Way\nPortland, OR',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
}

function answer(method: 'post' | 'put' | 'patch', url: string, reply: (body: unknown) => Response) {
  const bodies: unknown[] = []
  api.use(
    http[method](url, async ({ request }) => {
      const body = await request.json()
      bodies.push(body)
      return reply(body)
    }),
  )
  return bodies
}

function open(provider: Provider | null = null) {
  const onClose = vi.fn()
  const view = renderScreen(<ProviderDialog open provider={provider} onClose={onClose} />)
  return { ...view, onClose }
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) })
const specialty = () =>
  screen.getByRole('combobox', { name: new RegExp(`^${PROVIDER_SPECIALTY_LABEL}`) })

describe('adding a provider', () => {
  it('says what is missing or malformed under each field and sends nothing', async () => {
    const bodies = answer('post', PROVIDERS, () => ok(saved))
    const { user } = open()
    await user.click(screen.getByRole('button', { name: ADD_PROVIDER }))
    expect(await screen.findByText('Provider name is required')).toBeVisible()
    expect(screen.getByText('Choose the kind of provider')).toBeVisible()
    await user.type(field('Email'), 'lin@')
    await user.type(field('Phone'), '555-12')
    await user.click(screen.getByRole('button', { name: ADD_PROVIDER }))
    expect(await screen.findByText(EMAIL_INVALID)).toBeVisible()
    expect(screen.getByText(PHONE_INVALID)).toBeVisible()
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toEqual([])
  })

  it('adds the provider, says so and closes', async () => {
    const bodies = answer('post', PROVIDERS, () => ok({ ...saved, name: 'Dr. Sam Ortiz' }))
    const { user, onClose } = open()
    expect(screen.getByRole('dialog', { name: ADD_PROVIDER })).toBeVisible()
    await user.type(field('Name'), 'Dr. Sam Ortiz')
    await user.selectOptions(specialty(), 'dentist')
    await user.type(field('Practice'), 'Ortiz Dental')
    await user.type(field('Phone'), '555 987 6543')
    await user.click(screen.getByRole('button', { name: ADD_PROVIDER }))
    expect(await screen.findByText(providerAdded('Dr. Sam Ortiz'))).toBeVisible()
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({
      name: 'Dr. Sam Ortiz',
      specialty: 'dentist',
      practice: 'Ortiz Dental',
      phone: '555 987 6543',
    })
    expect(onClose).toHaveBeenCalled()
  })

  it('a full or duplicate book is said at the top, the dialog kept', async () => {
    answer('post', PROVIDERS, () =>
      failure(409, { code: 'CONFLICT', message: 'Dr. Sam Ortiz is already in your address book.' }),
    )
    const { user, onClose } = open()
    await user.type(field('Name'), 'Dr. Sam Ortiz')
    await user.selectOptions(specialty(), 'dentist')
    await user.click(screen.getByRole('button', { name: ADD_PROVIDER }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dr. Sam Ortiz is already in your address book.',
    )
    expect(onClose).not.toHaveBeenCalled()
  })

  it('the server’s field error lands under its field', async () => {
    answer('post', PROVIDERS, () =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Invalid input',
        fields: { email: EMAIL_INVALID },
      }),
    )
    const { user } = open()
    await user.type(field('Name'), 'Dr. Sam Ortiz')
    await user.selectOptions(specialty(), 'dentist')
    await user.type(field('Email'), 'sam@ortiz.test')
    await user.click(screen.getByRole('button', { name: ADD_PROVIDER }))
    expect(await screen.findByText(EMAIL_INVALID)).toBeVisible()
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getAllByText(EMAIL_INVALID)).toHaveLength(1)
  })

  it('Cancel closes without sending', async () => {
    const bodies = answer('post', PROVIDERS, () => ok(saved))
    const { user, onClose } = open()
    await user.type(field('Name'), 'Dr. Sam Ortiz')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(bodies).toEqual([])
  })
})

describe('editing a provider', () => {
  it('starts from the saved provider, phone formatted, and saves the change', async () => {
    const methods: string[] = []
    const bodies: unknown[] = []
    api.use(
      http.all(`${PROVIDERS}/p1`, async ({ request }) => {
        methods.push(request.method)
        bodies.push(await request.json())
        return ok({ ...saved, practice: 'Harbor ENT & Sleep' })
      }),
    )
    const { user, onClose } = open(saved)
    expect(screen.getByRole('dialog', { name: EDIT_PROVIDER })).toBeVisible()
    expect(field('Name')).toHaveValue('Dr. Avery Lin')
    expect(specialty()).toHaveValue('ent')
    expect(field('Phone')).toHaveValue('(555) 123-4567')
    expect(field('Address')).toHaveValue('12 Harbor Way\nPortland, OR')
    await user.clear(field('Practice'))
    await user.type(field('Practice'), 'Harbor ENT & Sleep')
    await user.click(screen.getByRole('button', { name: SAVE_PROVIDER }))
    expect(await screen.findByText(providerSaved('Dr. Avery Lin'))).toBeVisible()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(bodies[0]).toMatchObject({ name: 'Dr. Avery Lin', practice: 'Harbor ENT & Sleep' })
    expect(methods).toHaveLength(1)
  })
})
