import { describe, expect, it } from 'vitest'
import type { OAuthStatus } from '@myodocs/shared/contracts/oauth'
import { reauthNotifications } from './reauth-notifications'

const account = (
  provider: 'gmail' | 'outlook' | 'yahoo',
  needsReauth: boolean,
  reauthReasons: OAuthStatus['connectedAccounts'][number]['reauthReasons'] = [],
) => ({
  provider,
  email: `${provider}@mailbox.test`,
  needsReauth,
  reauthReasons,
  connectedAt: '2026-01-02T03:04:05.000Z',
})

const status = (accounts: OAuthStatus['connectedAccounts']): OAuthStatus => ({
  connectedAccounts: accounts,
  scopeValidation: {},
  hasScopeIssues: false,
  availableProviders: ['gmail', 'outlook', 'yahoo'],
})

describe('reauthNotifications', () => {
  it('one OAuth Authentication Failed notice per account to reconnect, naming the provider and why', () => {
    const notices = reauthNotifications(
      status([account('gmail', false), account('yahoo', true, ['revoked'])]),
      '/app/settings?tab=email',
    )
    expect(notices).toEqual([
      {
        id: 'oauth-reauth:yahoo:2026-01-02T03:04:05.000Z',
        title: 'OAuth Authentication Failed',
        message:
          'Reconnect your Yahoo Mail account in Settings → Email. Access was removed in your account’s security settings.',
        icon: 'error',
        actions: [{ label: 'Reconnect', to: '/app/settings?tab=email' }],
      },
    ])
  })

  it('nothing when every account works', () => {
    expect(reauthNotifications(status([account('outlook', false)]), '/x')).toEqual([])
  })
})
