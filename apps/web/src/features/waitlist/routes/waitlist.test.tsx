/**
 * /waitlist (docs/product/accounts.md#waitlist, docs/product/validation.md#waitlist): the shared
 * schema's messages, the optional fields left out, the phone formatted on blur and sent as
 * digits, the answer's message with the form emptied and the button off, and the server's
 * refusals under their fields or at the top.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  ERROR_TRY_AGAIN_LATER,
  INVALID_INVITE_CODE,
  PHONE_INVALID,
  TOO_MANY_REQUESTS,
  WAITLIST_JOINED,
} from '@myodocs/shared/constants/messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { API_ORIGIN, api, failure, http } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import WaitlistPage from './waitlist'

const WAITLIST = `${API_ORIGIN}/api/waitlist`
type UserEvents = ReturnType<typeof renderScreen>['user']

const box = (name: string) => screen.getByRole('textbox', { name })
const join = () => screen.getByRole('button', { name: 'Join the Waitlist' })

function answerJoin(reply: () => Response) {
  const bodies: unknown[] = []
  api.use(
    http.post(WAITLIST, async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    }),
  )
  return bodies
}

const joined = () =>
  Response.json({ success: true, message: WAITLIST_JOINED, data: { message: WAITLIST_JOINED } })

async function fill(user: UserEvents, name: string, value: string) {
  await user.click(box(name))
  await user.paste(value)
  await user.tab()
}

describe('joining the waitlist', () => {
  it('says why a visitor sent by a refused invite code is here', () => {
    renderScreen(<WaitlistPage />, {
      route: { pathname: '/waitlist', state: { invalidInviteCode: true } },
    })
    expect(screen.getByText(INVALID_INVITE_CODE)).toBeVisible()
    expect(screen.getByRole('link', { name: 'try another code' })).toHaveAttribute(
      'href',
      '/invite-code',
    )
  })

  it('says nothing of a code to a visitor who came on their own', () => {
    renderScreen(<WaitlistPage />, { route: '/waitlist' })
    expect(screen.queryByText(INVALID_INVITE_CODE)).toBeNull()
  })

  it('shows the shared schema’s messages and sends nothing', async () => {
    const bodies = answerJoin(joined)
    const { user } = renderScreen(<WaitlistPage />)
    await user.click(join())
    expect(await screen.findByText('Name is required')).toBeVisible()
    expect(screen.getByText(EMAIL_REQUIRED)).toBeVisible()
    await fill(user, 'Email', 'dana@')
    await fill(user, 'Phone number', '12-34')
    await user.click(join())
    expect(await screen.findByText(EMAIL_INVALID)).toBeVisible()
    expect(screen.getByText(PHONE_INVALID)).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('sends the details, says so, empties the form and turns the button off', async () => {
    const bodies = answerJoin(joined)
    const { user } = renderScreen(<WaitlistPage />)
    await fill(user, 'Name', ' Dana Reyes ')
    await fill(user, FIELD_LABELS.businessName, 'Reyes Myo')
    await fill(user, 'Email', 'Dana@Clinic.test')
    await fill(user, 'Phone number', '5551234567')
    expect(box('Phone number')).toHaveValue('(555) 123-4567')
    await user.click(join())
    expect(await screen.findByText(WAITLIST_JOINED)).toBeVisible()
    expect(bodies).toEqual([
      {
        name: 'Dana Reyes',
        businessName: 'Reyes Myo',
        email: 'dana@clinic.test',
        phoneNumber: '5551234567',
      },
    ])
    expect(box('Name')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'You are on the waitlist' })).toBeDisabled()
  })

  it('leaves the optional fields out when they are empty', async () => {
    const bodies = answerJoin(joined)
    const { user } = renderScreen(<WaitlistPage />)
    await fill(user, 'Name', 'Dana Reyes')
    await fill(user, 'Email', 'dana@clinic.test')
    await user.click(join())
    await screen.findByText(WAITLIST_JOINED)
    expect(bodies).toEqual([{ name: 'Dana Reyes', email: 'dana@clinic.test' }])
  })

  it('says it is joining while the request is out', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    api.use(
      http.post(WAITLIST, async () => {
        await held
        return joined()
      }),
    )
    const { user } = renderScreen(<WaitlistPage />)
    await fill(user, 'Name', 'Dana Reyes')
    await fill(user, 'Email', 'dana@clinic.test')
    await user.click(join())
    expect(await screen.findByRole('button', { name: 'Joining…' })).toBeDisabled()
    release()
    expect(await screen.findByText(WAITLIST_JOINED)).toBeVisible()
  })

  it('puts the server’s field message under its field and its message at the top', async () => {
    let reply = (): Response =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Please correct the highlighted fields',
        fields: { email: 'Email must be at most 254 characters' },
      })
    answerJoin(() => reply())
    const { user } = renderScreen(<WaitlistPage />)
    await fill(user, 'Name', 'Dana Reyes')
    await fill(user, 'Email', 'dana@clinic.test')
    await user.click(join())
    expect(await screen.findByText('Email must be at most 254 characters')).toBeVisible()
    expect(box('Email')).toHaveAttribute('aria-invalid', 'true')

    reply = () => failure(429, { code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS })
    await user.click(join())
    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent(TOO_MANY_REQUESTS),
    )

    reply = () => new Response('down', { status: 500 })
    await user.click(join())
    expect(await screen.findByText(ERROR_TRY_AGAIN_LATER)).toBeVisible()
    expect(box('Name')).toHaveValue('Dana Reyes')
  })
})
