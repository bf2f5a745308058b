/**
 * Settings › Email, the mailboxes connected by OAuth (docs/product/email.md#oauth-mailboxes):
 * each account's status (connected, needs reconnecting and why, missing permission), Connect
 * through the popup and what a failed start says, the popup's report refreshing the status,
 * Send test email and Disconnect after asking.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConnectedAccount, OAuthStatus } from '@myodocs/shared/contracts/oauth'
import {
  NO_CONNECTED_ACCOUNTS,
  NO_OAUTH_PROVIDERS,
  OAUTH_AUTH_FAILED,
  OAUTH_CALLBACK_ERROR_MESSAGES,
  OAUTH_DISCONNECTED,
  OAUTH_DISCONNECT_LABEL,
  OAUTH_REAUTH_REASON_MESSAGES,
  OAUTH_RESULT_MESSAGE_TYPE,
  OAUTH_SEND_TEST_LABEL,
  OAUTH_STATUS_CONNECTED,
  OAUTH_STATUS_NEEDS_REAUTH,
  OAUTH_STATUS_SCOPE_ISSUES,
  oauthConnectLabel,
  oauthConnectedTitle,
  oauthDisconnectTitle,
  oauthProviderUnavailable,
  oauthReconnectLabel,
  oauthScopeIssue,
  oauthTestSentTo,
} from '@myodocs/shared/constants/oauth-messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { ConnectedAccounts } from './connected-accounts'

const OAUTH = `${API_ORIGIN}/api/auth/oauth`

const gmail: ConnectedAccount = {
  provider: 'gmail',
  email: 'dana@gmail.test',
  needsReauth: false,
  reauthReasons: [],
  connectedAt: '2026-12-01T00:00:00.000Z',
}

const status = (accounts: ConnectedAccount[], over: Partial<OAuthStatus> = {}): OAuthStatus => ({
  connectedAccounts: accounts,
  scopeValidation: { gmail: { valid: true, missingScopes: [] } },
  hasScopeIssues: false,
  availableProviders: ['gmail', 'outlook'],
  ...over,
})

/** The status as the server keeps it; every read is counted. */
function serve(initial: OAuthStatus) {
  const state = { status: initial, reads: 0 }
  api.use(
    http.get(`${OAUTH}/status`, () => {
      state.reads += 1
      return ok(state.status)
    }),
  )
  return state
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Settings › Connected accounts', () => {
  it('lists a working account as connected and offers only the providers not yet connected', async () => {
    serve(status([gmail]))
    renderScreen(<ConnectedAccounts renderAddressNote={(a) => <p>note for {a}</p>} />)
    const row = await screen.findByTestId('oauth-account')
    expect(row).toHaveTextContent('dana@gmail.test')
    expect(within(row).getByText(OAUTH_STATUS_CONNECTED)).toBeVisible()
    expect(within(row).getByText('note for dana@gmail.test')).toBeVisible()
    expect(within(row).queryByRole('button', { name: oauthReconnectLabel })).toBeNull()
    expect(screen.getByRole('button', { name: oauthConnectLabel('outlook') })).toBeEnabled()
    expect(screen.queryByRole('button', { name: oauthConnectLabel('gmail') })).toBeNull()
  })

  it('an account that needs reconnecting says why, offers Reconnect and no test send', async () => {
    serve(status([{ ...gmail, needsReauth: true, reauthReasons: ['revoked', 'expired'] }]))
    renderScreen(<ConnectedAccounts />)
    const row = await screen.findByTestId('oauth-account')
    expect(within(row).getByText(OAUTH_STATUS_NEEDS_REAUTH)).toBeVisible()
    expect(row).toHaveTextContent(
      `${OAUTH_REAUTH_REASON_MESSAGES.revoked} ${OAUTH_REAUTH_REASON_MESSAGES.expired}`,
    )
    expect(within(row).getByRole('button', { name: oauthReconnectLabel })).toBeVisible()
    expect(within(row).queryByRole('button', { name: OAUTH_SEND_TEST_LABEL })).toBeNull()
  })

  it('a grant without the send permission is flagged, with Reconnect', async () => {
    serve(
      status([gmail], {
        scopeValidation: { gmail: { valid: false, missingScopes: ['send'] } },
        hasScopeIssues: true,
      }),
    )
    renderScreen(<ConnectedAccounts />)
    const row = await screen.findByTestId('oauth-account')
    expect(within(row).getByText(OAUTH_STATUS_SCOPE_ISSUES)).toBeVisible()
    expect(within(row).getByText(oauthScopeIssue('gmail'))).toBeVisible()
    expect(within(row).getByRole('button', { name: oauthReconnectLabel })).toBeVisible()
  })

  it('says so when the server offers no provider, and when nothing is connected', async () => {
    serve(status([], { availableProviders: [] }))
    renderScreen(<ConnectedAccounts />)
    expect(await screen.findByText(NO_CONNECTED_ACCOUNTS)).toBeVisible()
    expect(screen.getByText(NO_OAUTH_PROVIDERS)).toBeVisible()
  })

  it('reads the status checked with each provider', async () => {
    const asked: (string | null)[] = []
    api.use(
      http.get(`${OAUTH}/status`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('verify'))
        return ok(status([]))
      }),
    )
    renderScreen(<ConnectedAccounts />)
    await screen.findByText(NO_CONNECTED_ACCOUNTS)
    expect(asked).toEqual(['true'])
  })

  it('Connect asks the server where to go and sends the popup there', async () => {
    serve(status([]))
    const bodies: unknown[] = []
    api.use(
      http.post(`${OAUTH}/init`, async ({ request }) => {
        bodies.push(await request.json())
        return ok({ authUrl: 'https://accounts.example/authorize?x=1' })
      }),
    )
    const popup = { closed: false, location: { href: '' }, focus: vi.fn(), close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const { user } = renderScreen(<ConnectedAccounts />)
    await user.click(await screen.findByRole('button', { name: oauthConnectLabel('outlook') }))
    await waitFor(() => expect(popup.location.href).toBe('https://accounts.example/authorize?x=1'))
    expect(open).toHaveBeenCalledTimes(1)
    expect(popup.focus).toHaveBeenCalled()
    expect(bodies).toEqual([{ provider: 'outlook' }])
    // Back to a clickable button once the provider's page is open.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: oauthConnectLabel('outlook') })).toBeEnabled(),
    )
  })

  it('a start the server refuses closes the popup and says why', async () => {
    serve(status([]))
    api.use(
      http.post(`${OAUTH}/init`, () =>
        failure(400, { code: 'BAD_REQUEST', message: oauthProviderUnavailable('outlook') }),
      ),
    )
    const popup = { closed: false, location: { href: '' }, focus: vi.fn(), close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const { user } = renderScreen(<ConnectedAccounts />)
    await user.click(await screen.findByRole('button', { name: oauthConnectLabel('outlook') }))
    expect(await screen.findByText(OAUTH_AUTH_FAILED)).toBeVisible()
    expect(screen.getByText(oauthProviderUnavailable('outlook'))).toBeVisible()
    expect(popup.close).toHaveBeenCalled()
    expect(popup.location.href).toBe('')
  })

  it('the popup’s report refreshes the status and says how it went; other origins are ignored', async () => {
    const state = serve(status([]))
    renderScreen(<ConnectedAccounts />)
    await screen.findByText(NO_CONNECTED_ACCOUNTS)
    const reads = state.reads
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { type: OAUTH_RESULT_MESSAGE_TYPE, oauth: 'success', provider: 'gmail' },
        }),
      )
    })
    expect(screen.queryByText(oauthConnectedTitle('gmail'))).toBeNull()

    state.status = status([gmail])
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: OAUTH_RESULT_MESSAGE_TYPE, oauth: 'success', provider: 'gmail' },
        }),
      )
    })
    expect(await screen.findByText(oauthConnectedTitle('gmail'))).toBeVisible()
    expect(await screen.findByTestId('oauth-account')).toHaveTextContent('dana@gmail.test')
    expect(state.reads).toBeGreaterThan(reads)

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: OAUTH_RESULT_MESSAGE_TYPE, oauth: 'error', error: 'access_denied' },
        }),
      )
    })
    // A second toast: sonner stacks it over the first, so it is present rather than unobscured.
    expect(await screen.findByText(OAUTH_AUTH_FAILED)).toBeInTheDocument()
    expect(screen.getByText(OAUTH_CALLBACK_ERROR_MESSAGES.access_denied)).toBeInTheDocument()
  })

  it('Send test email sends to the account’s own address and reports the result', async () => {
    serve(status([gmail]))
    const bodies: unknown[] = []
    let refuse = false
    api.use(
      http.post(`${OAUTH}/test`, async ({ request }) => {
        bodies.push(await request.json())
        return refuse
          ? failure(401, { code: 'OAUTH_REAUTH_REQUIRED', message: 'Reconnect your Gmail.' })
          : ok({ provider: 'gmail', status: 'sent' })
      }),
    )
    const { user } = renderScreen(<ConnectedAccounts />)
    await user.click(await screen.findByRole('button', { name: OAUTH_SEND_TEST_LABEL }))
    expect(await screen.findByText(oauthTestSentTo('dana@gmail.test'))).toBeVisible()
    expect(bodies).toEqual([{ provider: 'gmail', testEmail: 'dana@gmail.test' }])

    refuse = true
    await user.click(screen.getByRole('button', { name: OAUTH_SEND_TEST_LABEL }))
    expect(await screen.findByText('Reconnect your Gmail.')).toBeVisible()
  })

  it('Disconnect asks first, then removes the account', async () => {
    const state = serve(status([gmail]))
    const bodies: unknown[] = []
    api.use(
      http.delete(`${OAUTH}/disconnect`, async ({ request }) => {
        bodies.push(await request.json())
        state.status = status([])
        return ok({ provider: 'gmail', revoked: true })
      }),
    )
    const { user } = renderScreen(<ConnectedAccounts />)
    await user.click(await screen.findByRole('button', { name: OAUTH_DISCONNECT_LABEL }))
    const confirm = await screen.findByRole('dialog', { name: oauthDisconnectTitle('gmail') })
    // Cancel keeps it.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(bodies).toEqual([])

    await user.click(screen.getByRole('button', { name: OAUTH_DISCONNECT_LABEL }))
    const again = await screen.findByRole('dialog', { name: oauthDisconnectTitle('gmail') })
    await user.click(within(again).getByRole('button', { name: OAUTH_DISCONNECT_LABEL }))
    // The toast is in the page before it shows (sonner mounts it hidden, then shows it).
    await waitFor(() => expect(screen.getByText(OAUTH_DISCONNECTED)).toBeVisible())
    expect(await screen.findByText(NO_CONNECTED_ACCOUNTS)).toBeVisible()
    expect(bodies).toEqual([{ provider: 'gmail' }])
  })

  it('a failed disconnect is a toast with the server’s message', async () => {
    serve(status([gmail]))
    api.use(
      http.delete(`${OAUTH}/disconnect`, () =>
        failure(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' }),
      ),
    )
    const { user } = renderScreen(<ConnectedAccounts />)
    await user.click(await screen.findByRole('button', { name: OAUTH_DISCONNECT_LABEL }))
    const confirm = await screen.findByRole('dialog', { name: oauthDisconnectTitle('gmail') })
    await user.click(within(confirm).getByRole('button', { name: OAUTH_DISCONNECT_LABEL }))
    expect(await screen.findByText('Something went wrong on our side.')).toBeVisible()
    expect(screen.getByTestId('oauth-account')).toHaveTextContent('dana@gmail.test')
  })
})
