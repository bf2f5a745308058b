/** The contact form (docs/product/routes.md#contact): validation, sending, success, failure. */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CONTACT_FAILED } from '@myodocs/shared/constants/messages'
import { MESSAGE_SENT, SEND_ANOTHER_MESSAGE } from '@myodocs/shared/constants/public-site'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import ContactPage from './contact'

const typed = {
  Name: 'Dana Reyes',
  Email: 'dana@clinic.test',
  Subject: 'Team plan',
  Message: 'Can three therapists share one practice?',
}

const field = (name: string) => screen.getByRole('textbox', { name })

async function fill(user: ReturnType<typeof renderScreen>['user'], values = typed) {
  for (const [name, value] of Object.entries(values)) await user.type(field(name), value)
}

describe('the contact form', () => {
  it('refuses what the browser lets through, under each field, and sends nothing', async () => {
    let calls = 0
    api.use(http.post(`${API_ORIGIN}/api/contact`, () => (calls++, ok({ sent: true }))))
    const { user } = renderScreen(<ContactPage />)
    // Spaces fill a required field for the browser; the shared schema trims them away.
    await fill(user, { ...typed, Name: '   ', Subject: '  ' })
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Name is required')).toBeVisible()
    expect(screen.getByText('Subject is required')).toBeVisible()
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toBe(0)
  })

  it('sends what was typed, says it was sent, and offers a blank form for another', async () => {
    let body: unknown
    api.use(
      http.post(`${API_ORIGIN}/api/contact`, async ({ request }) => {
        body = await request.json()
        return ok({ sent: true })
      }),
    )
    const { user } = renderScreen(<ContactPage />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByRole('heading', { name: MESSAGE_SENT })).toBeVisible()
    expect(body).toEqual({
      name: typed.Name,
      email: typed.Email,
      subject: typed.Subject,
      message: typed.Message,
    })
    await user.click(screen.getByRole('button', { name: SEND_ANOTHER_MESSAGE }))
    expect(field('Name')).toHaveValue('')
  })

  it('keeps everything typed when sending fails, and shows the server’s field message', async () => {
    api.use(
      http.post(`${API_ORIGIN}/api/contact`, () =>
        failure(400, {
          code: 'VALIDATION_ERROR',
          message: 'Please correct the highlighted fields',
          fields: { subject: 'Subject must be at most 200 characters' },
        }),
      ),
    )
    const { user } = renderScreen(<ContactPage />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Subject must be at most 200 characters')).toBeVisible()
    expect((await screen.findAllByText(CONTACT_FAILED))[0]).toBeVisible()
    expect(field('Message')).toHaveValue(typed.Message)
  })

  it('says the message failed when the mail server is down, and sends again on retry', async () => {
    let attempt = 0
    api.use(
      http.post(`${API_ORIGIN}/api/contact`, () =>
        ++attempt === 1
          ? failure(502, { code: 'EMAIL_FAILED', message: 'The mail server is down' })
          : ok({ sent: true }),
      ),
    )
    const { user } = renderScreen(<ContactPage />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect((await screen.findAllByText(CONTACT_FAILED))[0]).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: MESSAGE_SENT })).toBeVisible())
    expect(attempt).toBe(2)
  })
})
