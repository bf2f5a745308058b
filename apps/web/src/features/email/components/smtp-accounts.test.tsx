/**
 * Settings › Email, the SMTP accounts (docs/product/email.md): the empty list, adding an account
 * with the shared contract's messages under the fields and the request body the form builds, a
 * known provider filling in its servers, the server's field and form errors, editing without
 * retyping the password, the connection test's steps and failures, Make default and Remove.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type {
  SmtpConfigCreateRequest,
  SmtpConfigTestResponse,
  SmtpConfiguration,
} from '@myodocs/shared/contracts/email'
import {
  ADD_SMTP_ACCOUNT,
  CONNECTION_OK,
  CONNECTION_STEP_LABELS,
  DEFAULT_ACCOUNT_BADGE,
  EDIT_SMTP_ACCOUNT,
  MAKE_DEFAULT,
  NO_SMTP_ACCOUNTS,
  SENT_COPY_OFF_HINT,
  SMTP_ACCOUNT_ADDED,
  SMTP_ACCOUNT_DELETED,
  SMTP_ACCOUNT_SAVED,
  TEST_CONNECTION,
  deleteSmtpAccountTitle,
  smtpAccountIsDefault,
} from '@myodocs/shared/constants/mailbox-messages'
import {
  MAIL_ADDRESS_INVALID,
  MAIL_ADDRESS_REQUIRED,
  MAIL_HOST_INVALID,
} from '@myodocs/shared/constants/email-messages'
import { isRequired } from '@myodocs/shared/constants/document-messages'
import { NETWORK_UNREACHABLE } from '@myodocs/shared/constants/messages'
import { sectionLoadFailed } from '@myodocs/shared/constants/settings-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { SmtpAccounts } from './smtp-accounts'
import { toRequest } from './smtp-account-dialog'
import { buildSmtpAccount } from '../../../../test/email'

const LIST = `${API_ORIGIN}/api/email/smtp-configs`
const ONE = `${API_ORIGIN}/api/email/smtp-config`

const clinic = buildSmtpAccount({
  imapHost: 'imap.clinic.test',
  imapPort: 993,
  imapSecurity: 'tls',
  sentFolder: 'Sent Items',
})
const spare: SmtpConfiguration = {
  ...clinic,
  id: 'smtp-2',
  name: 'Spare box',
  fromAddress: 'front@clinic.test',
  imapHost: null,
  imapPort: null,
  imapSecurity: null,
  sentFolder: null,
  isDefault: false,
}

/** The accounts as the server keeps them, with the bodies each write sent. */
function serve(initial: SmtpConfiguration[]) {
  const state = {
    configs: [...initial],
    created: [] as unknown[],
    updated: [] as { id: string; body: unknown }[],
    lists: 0,
  }
  api.use(
    http.get(LIST, () => {
      state.lists += 1
      return ok({ configurations: state.configs })
    }),
    http.post(ONE, async ({ request }) => {
      const body = (await request.json()) as SmtpConfigCreateRequest
      state.created.push(body)
      const made = { ...spare, ...body, id: 'smtp-new' } as SmtpConfiguration
      state.configs.push(made)
      return ok({ configuration: made })
    }),
    http.put(`${ONE}/:id`, async ({ params, request }) => {
      state.updated.push({ id: String(params.id), body: await request.json() })
      return ok({ configuration: state.configs[0] })
    }),
  )
  return state
}

const dialog = (name: string) => screen.findByRole('dialog', { name })

describe('Settings › Email accounts', () => {
  it('shows the empty list, then checks the new account against the contract before sending it', async () => {
    const state = serve([])
    const { user } = renderScreen(<SmtpAccounts />)
    expect(await screen.findByText(NO_SMTP_ACCOUNTS)).toBeVisible()
    await user.click(screen.getByRole('button', { name: ADD_SMTP_ACCOUNT }))
    const form = await dialog(ADD_SMTP_ACCOUNT)
    await user.click(within(form).getByRole('button', { name: ADD_SMTP_ACCOUNT }))
    for (const message of [
      isRequired('Name'),
      MAIL_ADDRESS_REQUIRED,
      isRequired('Server'),
      isRequired('Username'),
      isRequired('Password'),
    ])
      expect(await within(form).findByText(message)).toBeVisible()
    expect(within(form).getByLabelText('Account name')).toHaveAttribute('aria-invalid', 'true')
    expect(state.created).toEqual([])

    await user.type(within(form).getByLabelText('From address'), 'not an address')
    await user.type(within(form).getByLabelText('SMTP server'), 'https://smtp')
    await user.tab()
    expect(await within(form).findByText(MAIL_ADDRESS_INVALID)).toBeVisible()
    expect(await within(form).findByText(MAIL_HOST_INVALID)).toBeVisible()
    expect(state.created).toEqual([])
  })

  it('adds an account: the body holds what was typed, IMAP left out when no server is given', async () => {
    const state = serve([])
    const { user } = renderScreen(<SmtpAccounts />)
    await user.click(await screen.findByRole('button', { name: ADD_SMTP_ACCOUNT }))
    const form = await dialog(ADD_SMTP_ACCOUNT)
    await user.type(within(form).getByLabelText('Account name'), 'Front desk')
    await user.type(within(form).getByLabelText('From address'), 'front@clinic.test')
    await user.tab()
    // Leaving the address fills the login with it.
    expect(within(form).getByLabelText('Username')).toHaveValue('front@clinic.test')
    await user.type(within(form).getByLabelText('SMTP server'), 'smtp.clinic.test')
    await user.clear(within(form).getByLabelText('Port'))
    await user.type(within(form).getByLabelText('Port'), '465')
    await user.selectOptions(within(form).getByLabelText('Security'), 'tls')
    await user.type(within(form).getByLabelText('Password'), ' secret ')
    // The IMAP server's port and security are prefilled, yet mean nothing alone.
    expect(within(form).getByLabelText('IMAP port')).toHaveValue('993')
    await user.click(within(form).getByRole('button', { name: ADD_SMTP_ACCOUNT }))

    expect(await screen.findByText(SMTP_ACCOUNT_ADDED)).toBeVisible()
    expect(state.created).toEqual([
      {
        name: 'Front desk',
        fromAddress: 'front@clinic.test',
        smtpHost: 'smtp.clinic.test',
        smtpPort: 465,
        smtpSecurity: 'tls',
        smtpUser: 'front@clinic.test',
        // A password is sent as typed, spaces and all.
        smtpPassword: ' secret ',
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The list is read again and shows the new account.
    expect(await screen.findByText('Front desk')).toBeVisible()
    expect(screen.getByText(SENT_COPY_OFF_HINT, { exact: false })).toBeVisible()
  })

  it('picking a known provider fills in its servers and names the account after it', async () => {
    serve([])
    const { user } = renderScreen(<SmtpAccounts />)
    await user.click(await screen.findByRole('button', { name: ADD_SMTP_ACCOUNT }))
    const form = await dialog(ADD_SMTP_ACCOUNT)
    await user.selectOptions(within(form).getByRole('combobox', { name: /provider/i }), 'gmail')
    expect(within(form).getByLabelText('SMTP server')).toHaveValue('smtp.gmail.com')
    expect(within(form).getByLabelText('IMAP server')).toHaveValue('imap.gmail.com')
    expect(within(form).getByLabelText('Account name')).toHaveValue('Gmail / Google Workspace')
  })

  it('puts a 400’s messages under their fields and a refusal without fields at the top', async () => {
    serve([])
    let answer = failure(400, {
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      fields: { smtpHost: MAIL_HOST_INVALID },
    })
    api.use(http.post(ONE, () => answer))
    const { user } = renderScreen(<SmtpAccounts />)
    await user.click(await screen.findByRole('button', { name: ADD_SMTP_ACCOUNT }))
    const form = await dialog(ADD_SMTP_ACCOUNT)
    await user.type(within(form).getByLabelText('Account name'), 'Front desk')
    await user.type(within(form).getByLabelText('From address'), 'front@clinic.test')
    await user.type(within(form).getByLabelText('SMTP server'), 'smtp.clinic.test')
    await user.type(within(form).getByLabelText('Password'), 'secret')
    await user.click(within(form).getByRole('button', { name: ADD_SMTP_ACCOUNT }))
    expect(await within(form).findByText(MAIL_HOST_INVALID)).toBeVisible()
    expect(within(form).getByLabelText('SMTP server')).toHaveAttribute('aria-invalid', 'true')
    // The text shows once, under its field, not again at the top.
    expect(within(form).getAllByText(MAIL_HOST_INVALID)).toHaveLength(1)

    answer = failure(409, { code: 'CONFLICT', message: 'You already have this account.' })
    await user.click(within(form).getByRole('button', { name: ADD_SMTP_ACCOUNT }))
    expect(await within(form).findByText('You already have this account.')).toBeVisible()
    expect(screen.getByRole('dialog', { name: ADD_SMTP_ACCOUNT })).toBeVisible()
  })

  it('edits an account: the form starts from it, and an empty password keeps the saved one', async () => {
    const state = serve([clinic])
    const { user } = renderScreen(<SmtpAccounts />)
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = await dialog(EDIT_SMTP_ACCOUNT)
    expect(within(form).getByLabelText('SMTP server')).toHaveValue('smtp.clinic.test')
    expect(within(form).getByLabelText('Sent folder')).toHaveValue('Sent Items')
    await user.clear(within(form).getByLabelText('Account name'))
    await user.type(within(form).getByLabelText('Account name'), 'Main mailbox')
    await user.click(within(form).getByRole('button', { name: 'Save account' }))
    expect(await screen.findByText(SMTP_ACCOUNT_SAVED)).toBeVisible()
    expect(state.updated).toHaveLength(1)
    expect(state.updated[0]!.id).toBe('smtp-1')
    expect(state.updated[0]!.body).toEqual({
      name: 'Main mailbox',
      fromAddress: 'dana@clinic.test',
      smtpHost: 'smtp.clinic.test',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUser: 'dana@clinic.test',
      imapHost: 'imap.clinic.test',
      imapPort: 993,
      imapSecurity: 'tls',
      sentFolder: 'Sent Items',
    })
  })

  it('tests the connection and shows each step in the server’s words', async () => {
    serve([clinic])
    let answer: SmtpConfigTestResponse = {
      smtp: { status: 'connected', failure: null, message: 'ok' },
      imap: { status: 'failed', failure: 'auth_failed', message: 'The IMAP password was refused.' },
      sentFolder: { status: 'not_configured', path: null, message: 'No Sent folder set.' },
    }
    let tests = 0
    api.use(
      http.post(`${ONE}/smtp-1/test`, () => {
        tests += 1
        return ok(answer)
      }),
    )
    const { user } = renderScreen(<SmtpAccounts />)
    await user.click(await screen.findByRole('button', { name: TEST_CONNECTION }))
    const steps = await screen.findByTestId('connection-test')
    expect(steps).toHaveTextContent(`${CONNECTION_STEP_LABELS.smtp}: ${CONNECTION_OK}`)
    expect(steps).toHaveTextContent(
      `${CONNECTION_STEP_LABELS.imap}: The IMAP password was refused.`,
    )
    expect(steps).toHaveTextContent(`${CONNECTION_STEP_LABELS.sentFolder}: No Sent folder set.`)
    expect(tests).toBe(1)

    answer = {
      ...answer,
      smtp: { status: 'failed', failure: 'auth_failed', message: 'The SMTP login was refused.' },
    }
    await user.click(screen.getByRole('button', { name: TEST_CONNECTION }))
    await waitFor(() =>
      expect(screen.getByTestId('connection-test')).toHaveTextContent(
        'The SMTP login was refused.',
      ),
    )
  })

  it('a test that cannot run says why: the server’s message, or the network text', async () => {
    serve([clinic])
    let down = false
    api.use(
      http.post(`${ONE}/smtp-1/test`, () =>
        down
          ? Response.error()
          : failure(429, { code: 'RATE_LIMITED', message: 'Too many tests. Wait a minute.' }),
      ),
    )
    const { user } = renderScreen(<SmtpAccounts />)
    await user.click(await screen.findByRole('button', { name: TEST_CONNECTION }))
    expect(await screen.findByText('Too many tests. Wait a minute.')).toBeVisible()
    down = true
    await user.click(screen.getByRole('button', { name: TEST_CONNECTION }))
    expect(await screen.findByText(NETWORK_UNREACHABLE)).toBeVisible()
    expect(screen.queryByTestId('connection-test')).toBeNull()
  })

  it('makes another account the default and removes one after asking', async () => {
    const state = serve([clinic, spare])
    const calls: string[] = []
    api.use(
      http.put(`${ONE}/:id/default`, ({ params }) => {
        calls.push(`default ${String(params.id)}`)
        return ok({ configurations: state.configs })
      }),
      http.delete(`${ONE}/:id`, ({ params }) => {
        calls.push(`delete ${String(params.id)}`)
        state.configs = state.configs.filter((c) => c.id !== params.id)
        return ok({ configurations: state.configs })
      }),
    )
    const { user } = renderScreen(<SmtpAccounts />)
    const rows = await screen.findAllByTestId('smtp-account')
    expect(within(rows[0]!).getByText(DEFAULT_ACCOUNT_BADGE)).toBeVisible()
    // The default account offers no Make default.
    expect(within(rows[0]!).queryByRole('button', { name: MAKE_DEFAULT })).toBeNull()
    await user.click(within(rows[1]!).getByRole('button', { name: MAKE_DEFAULT }))
    expect(await screen.findByText(smtpAccountIsDefault('Spare box'))).toBeVisible()

    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove' }))
    const confirm = await dialog(deleteSmtpAccountTitle('Spare box'))
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText(SMTP_ACCOUNT_DELETED)).toBeVisible()
    await waitFor(() => expect(screen.getAllByTestId('smtp-account')).toHaveLength(1))
    expect(calls).toEqual(['default smtp-2', 'delete smtp-2'])
  })

  it('a failed removal is a toast with the server’s message, and the account stays', async () => {
    serve([clinic])
    api.use(
      http.delete(`${ONE}/:id`, () =>
        failure(403, { code: 'FORBIDDEN', message: 'Only the primary user can do this.' }),
      ),
    )
    const { user } = renderScreen(<SmtpAccounts />)
    await user.click(await screen.findByRole('button', { name: 'Remove' }))
    const confirm = await dialog(deleteSmtpAccountTitle('Clinic mail'))
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Only the primary user can do this.')).toBeVisible()
    expect(screen.getByTestId('smtp-account')).toHaveTextContent('Clinic mail')
  })

  it('a list that fails to load says so and offers to try again', async () => {
    api.use(http.get(LIST, () => failure(500, { code: 'INTERNAL', message: 'Server error' })))
    renderScreen(<SmtpAccounts />)
    expect(await screen.findByText(sectionLoadFailed('your email accounts'))).toBeVisible()
  })
})

describe('toRequest', () => {
  const values = {
    provider: '',
    name: 'A',
    fromAddress: 'a@b.test',
    smtpHost: 'smtp.b.test',
    smtpPort: '',
    smtpSecurity: 'starttls' as const,
    smtpUser: 'a',
    smtpPassword: '',
    imapHost: 'imap.b.test',
    imapPort: '993',
    imapSecurity: 'tls' as const,
    imapUser: '',
    imapPassword: '',
    sentFolder: ' ',
  }
  it('an empty port is not a number, so the contract refuses it rather than sending 0', () => {
    expect(toRequest(values, false).smtpPort).toBeNaN()
  })
  it('on edit an empty password is left out; on add it is sent for the contract to refuse', () => {
    expect(toRequest(values, true)).not.toHaveProperty('smtpPassword', '')
    expect(toRequest(values, true).smtpPassword).toBeUndefined()
    expect(toRequest(values, false).smtpPassword).toBe('')
  })
  it('IMAP logins left empty default to the SMTP ones', () => {
    const body = toRequest(values, false)
    expect(body).toMatchObject({ imapHost: 'imap.b.test', imapPort: 993, imapSecurity: 'tls' })
    expect(body.imapUser).toBeUndefined()
    expect(body.sentFolder).toBeUndefined()
  })
})
