/**
 * Add or edit an SMTP account (docs/product/email.md): the shared request schema's refusals under
 * the fields before anything is sent, a known provider (picked, or recognized from the address)
 * filling in its servers, IMAP left out of the request while its server is empty, the Microsoft
 * 365 warning, and on edit an empty password keeping the saved one.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  ADD_SMTP_ACCOUNT,
  APP_PASSWORD_HINT,
  EDIT_SMTP_ACCOUNT,
  OFFICE365_SUGGESTION_TITLE,
  PROVIDER_PICKER_LABEL,
  SMTP_ACCOUNT_ADDED,
  SMTP_ACCOUNT_SAVED,
} from '@myodocs/shared/constants/mailbox-messages'
import type { SmtpConfiguration } from '@myodocs/shared/contracts/email'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { SmtpAccountDialog } from './smtp-account-dialog'

const CREATE = `${API_ORIGIN}/api/email/smtp-config`

const saved: SmtpConfiguration = {
  id: 'c1',
  name: 'Practice mailbox',
  smtpHost: 'mail.brightsmiles.test',
  smtpPort: 465,
  smtpSecurity: 'tls',
  smtpUser: 'front@brightsmiles.test',
  fromAddress: 'front@brightsmiles.test',
  imapHost: null,
  imapPort: null,
  imapSecurity: null,
  imapUser: null,
  sentFolder: null,
  isActive: true,
  isDefault: true,
} as SmtpConfiguration

/** Keeps every body sent to `url` and answers with `reply`. */
function answer(method: 'post' | 'put', url: string, reply: () => Response) {
  const bodies: Array<Record<string, unknown>> = []
  api.use(
    http[method](url, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>)
      return reply()
    }),
  )
  return bodies
}

function open(config: SmtpConfiguration | null = null) {
  const onClose = vi.fn()
  const view = renderScreen(<SmtpAccountDialog open config={config} onClose={onClose} />)
  return { ...view, onClose }
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))

describe('adding an SMTP account', () => {
  it('refuses the missing fields under each and sends nothing', async () => {
    const bodies = answer('post', CREATE, () => ok({ configuration: saved }))
    const { user } = open()
    await user.click(screen.getByRole('button', { name: ADD_SMTP_ACCOUNT }))
    expect(await screen.findByText('Name is required')).toBeVisible()
    for (const label of ['Account name', 'From address', 'SMTP server', 'Username', 'Password']) {
      expect(input(label)).toHaveAttribute('aria-invalid', 'true')
    }
    // IMAP is optional: its prefilled port and security alone refuse nothing.
    expect(input('IMAP server')).not.toHaveAttribute('aria-invalid', 'true')
    expect(bodies).toEqual([])
  })

  it('an address at a known provider fills in its servers, the login and the name', async () => {
    const { user } = open()
    await user.type(input('From address'), 'dana@gmail.com')
    await user.tab()
    expect(input('SMTP server')).toHaveValue('smtp.gmail.com')
    expect(input('Username')).toHaveValue('dana@gmail.com')
    expect(input('Account name')).toHaveValue('Gmail / Google Workspace')
    expect(input('IMAP server')).toHaveValue('imap.gmail.com')
    expect(screen.getByLabelText(PROVIDER_PICKER_LABEL)).toHaveValue('gmail')
    expect(screen.getByText(APP_PASSWORD_HINT)).toBeVisible()
  })

  it('picking a provider fills in its servers but keeps a name already typed', async () => {
    const { user } = open()
    await user.type(input('Account name'), 'Front desk')
    await user.selectOptions(screen.getByLabelText(PROVIDER_PICKER_LABEL), 'outlook')
    expect(input('SMTP server')).toHaveValue('smtp-mail.outlook.com')
    expect(input('IMAP server')).toHaveValue('outlook.office365.com')
    expect(input('Account name')).toHaveValue('Front desk')
  })

  it('warns that Microsoft 365 usually blocks SMTP sign-in', async () => {
    const { user } = open()
    expect(screen.queryByText(OFFICE365_SUGGESTION_TITLE)).toBeNull()
    await user.type(input('SMTP server'), 'smtp.office365.com')
    expect(screen.getByText(OFFICE365_SUGGESTION_TITLE)).toBeVisible()
  })

  it('adds the account without IMAP while its server is empty, says so and closes', async () => {
    const bodies = answer('post', CREATE, () => ok({ configuration: saved }))
    const { user, onClose } = open()
    await user.type(input('Account name'), 'Practice mailbox')
    await user.type(input('From address'), 'front@brightsmiles.test')
    await user.type(input('SMTP server'), 'mail.brightsmiles.test')
    await user.clear(input('Port'))
    await user.type(input('Port'), '465')
    await user.selectOptions(input('Security'), 'tls')
    await user.type(input('Password'), 'app-secret-1')
    await user.click(screen.getByRole('button', { name: ADD_SMTP_ACCOUNT }))
    expect(await screen.findByText(SMTP_ACCOUNT_ADDED)).toBeVisible()
    expect(bodies).toEqual([
      {
        name: 'Practice mailbox',
        fromAddress: 'front@brightsmiles.test',
        smtpHost: 'mail.brightsmiles.test',
        smtpPort: 465,
        smtpSecurity: 'tls',
        smtpUser: 'front@brightsmiles.test',
        smtpPassword: 'app-secret-1',
      },
    ])
    expect(onClose).toHaveBeenCalled()
  })

  it('the server’s field error shows under its field and the dialog stays', async () => {
    answer('post', CREATE, () =>
      failure(400, {
        code: 'VALIDATION_ERROR',
        message: 'Invalid input',
        fields: { smtpHost: 'Enter a server name, not an address' },
      }),
    )
    const { user, onClose } = open()
    await user.type(input('From address'), 'front@brightsmiles.test')
    await user.type(input('Account name'), 'Practice mailbox')
    await user.type(input('SMTP server'), 'mail.brightsmiles.test')
    await user.type(input('Password'), 'app-secret-1')
    await user.click(screen.getByRole('button', { name: ADD_SMTP_ACCOUNT }))
    expect(await screen.findByText('Enter a server name, not an address')).toBeVisible()
    expect(input('SMTP server')).toHaveAttribute('aria-invalid', 'true')
    expect(onClose).not.toHaveBeenCalled()
  })
})

describe('editing an SMTP account', () => {
  it('starts from the saved account and an empty password keeps the saved one', async () => {
    const bodies = answer('put', `${CREATE}/c1`, () => ok({ configuration: saved }))
    const { user, onClose } = open(saved)
    expect(screen.getByRole('dialog', { name: EDIT_SMTP_ACCOUNT })).toBeVisible()
    expect(input('SMTP server')).toHaveValue('mail.brightsmiles.test')
    expect(input('Port')).toHaveValue('465')
    expect(input('Password')).toHaveValue('')
    await user.clear(input('Account name'))
    await user.type(input('Account name'), 'Front desk')
    await user.click(screen.getByRole('button', { name: 'Save account' }))
    expect(await screen.findByText(SMTP_ACCOUNT_SAVED)).toBeVisible()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ name: 'Front desk', smtpHost: 'mail.brightsmiles.test' })
    expect(bodies[0]).not.toHaveProperty('smtpPassword')
  })
})
