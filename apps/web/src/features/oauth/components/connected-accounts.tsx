/**
 * Settings → Email, the accounts connected by OAuth (docs/product/email.md#oauth-mailboxes):
 * Connect buttons for the providers this server offers, each connected account with its address,
 * its status (connected, needs reconnecting and why, missing permission), Send test email,
 * Reconnect and Disconnect. Connecting opens the provider in a popup (a full-page visit when the
 * popup is blocked); the status refreshes when /oauth-success reports back, by message or by the
 * storage flag.
 */
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import { Link2, Mail } from 'lucide-react'
import {
  CONNECTED_ACCOUNTS_DESCRIPTION,
  CONNECTED_ACCOUNTS_TITLE,
  NO_CONNECTED_ACCOUNTS,
  NO_OAUTH_PROVIDERS,
  OAUTH_AUTH_FAILED,
  OAUTH_CALLBACK_ERROR_MESSAGES,
  OAUTH_CONNECTING,
  OAUTH_DISCONNECTED,
  OAUTH_DISCONNECT_DESCRIPTION,
  OAUTH_DISCONNECT_LABEL,
  OAUTH_POPUP_BLOCKED_REDIRECT,
  OAUTH_PROVIDERS,
  OAUTH_PROVIDER_NAMES,
  OAUTH_REAUTH_REASON_MESSAGES,
  OAUTH_RESULT_MESSAGE_TYPE,
  OAUTH_SEND_TEST_LABEL,
  OAUTH_SENDING_TEST,
  OAUTH_STATUS_CONNECTED,
  OAUTH_STATUS_NEEDS_REAUTH,
  OAUTH_STATUS_SCOPE_ISSUES,
  OAUTH_SUCCESS_STORAGE_KEY,
  oauthConnectLabel,
  oauthConnectedTitle,
  oauthDisconnectTitle,
  oauthReconnectLabel,
  oauthScopeIssue,
  oauthTestSentTo,
} from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import { OAuthResultQuerySchema } from '@myodocs/shared/contracts/oauth'
import type { ConnectedAccount, OAuthStatus } from '@myodocs/shared/contracts/oauth'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'
import { ApiError } from '../../../lib/api-client'
import {
  initOAuth,
  oauthStatusQuery,
  useDisconnectOAuth,
  useTestOAuth,
  verifiedOAuthStatusQuery,
} from '../api/oauth'

const POPUP_FEATURES = 'popup,width=520,height=680'

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** Refreshes the status when the popup reports back, or when a fresh success flag is found. */
function useOAuthResultListener() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: oauthStatusQuery.queryKey })
    const readFlag = () => {
      try {
        const raw = localStorage.getItem(OAUTH_SUCCESS_STORAGE_KEY)
        if (!raw) return
        const flag = JSON.parse(raw) as { expiresAt?: number }
        localStorage.removeItem(OAUTH_SUCCESS_STORAGE_KEY)
        if ((flag.expiresAt ?? 0) > Date.now()) refresh()
      } catch {
        // Storage unavailable or the flag unreadable: the message event still refreshes.
      }
    }
    const onMessage = (event: MessageEvent) => {
      // Only our own /oauth-success page may tell us anything.
      if (event.origin !== window.location.origin) return
      const data = event.data as { type?: unknown } | null
      if (data?.type !== OAUTH_RESULT_MESSAGE_TYPE) return
      const result = OAuthResultQuerySchema.safeParse(data)
      refresh()
      if (!result.success) return
      if (result.data.oauth === 'success') toast.success(oauthConnectedTitle(result.data.provider))
      else
        toast.error(OAUTH_AUTH_FAILED, {
          description: OAUTH_CALLBACK_ERROR_MESSAGES[result.data.error],
        })
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === OAUTH_SUCCESS_STORAGE_KEY && event.newValue) readFlag()
    }
    // A full-page connection (popup blocked) comes back here with the flag set.
    readFlag()
    window.addEventListener('message', onMessage)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener('message', onMessage)
      window.removeEventListener('storage', onStorage)
    }
  }, [queryClient])
}

function useConnect() {
  const [pending, setPending] = useState<OAuthProvider | null>(null)
  const connect = async (provider: OAuthProvider) => {
    // Opened during the click so the browser allows it; pointed at the provider once we know where.
    const popup = window.open('', 'myodocs-oauth', POPUP_FEATURES)
    setPending(provider)
    try {
      const { authUrl } = await initOAuth(provider)
      if (popup && !popup.closed) {
        popup.location.href = authUrl
        popup.focus()
      } else {
        toast.info(OAUTH_POPUP_BLOCKED_REDIRECT)
        window.location.assign(authUrl)
      }
    } catch (err) {
      popup?.close()
      toast.error(OAUTH_AUTH_FAILED, { description: errorText(err) })
    } finally {
      setPending(null)
    }
  }
  return { connect, pending }
}

export function ConnectedAccounts({
  renderAddressNote,
}: {
  /** What to show under a connected address (the free-mailbox warning, from the email feature). */
  renderAddressNote?: (address: string) => ReactNode
}) {
  const query = useQuery(verifiedOAuthStatusQuery)
  const { connect, pending } = useConnect()
  useOAuthResultListener()
  return (
    <SectionCard
      title={CONNECTED_ACCOUNTS_TITLE}
      description={CONNECTED_ACCOUNTS_DESCRIPTION}
      headingId="connected-accounts-title"
    >
      <QueryState query={query} what="your connected accounts">
        {(status) => (
          <div className="space-y-4">
            {status.connectedAccounts.length === 0 ? (
              <p className="flex items-start gap-2 text-sm text-slate-600">
                <Mail className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                {NO_CONNECTED_ACCOUNTS}
              </p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-labelledby="connected-accounts-title">
                {status.connectedAccounts.map((account) => (
                  <AccountRow
                    key={account.provider}
                    account={account}
                    status={status}
                    reconnecting={pending === account.provider}
                    onReconnect={() => void connect(account.provider)}
                    note={renderAddressNote?.(account.email)}
                  />
                ))}
              </ul>
            )}
            <ConnectButtons status={status} pending={pending} onConnect={connect} />
          </div>
        )}
      </QueryState>
    </SectionCard>
  )
}

function ConnectButtons({
  status,
  pending,
  onConnect,
}: {
  status: OAuthStatus
  pending: OAuthProvider | null
  onConnect: (provider: OAuthProvider) => Promise<void>
}) {
  const connected = new Set(status.connectedAccounts.map((a) => a.provider))
  const offered = OAUTH_PROVIDERS.filter(
    (p) => status.availableProviders.includes(p) && !connected.has(p),
  )
  if (status.availableProviders.length === 0)
    return <p className="text-sm text-slate-600">{NO_OAUTH_PROVIDERS}</p>
  if (offered.length === 0) return null
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
      {offered.map((provider) => (
        <Button
          key={provider}
          size="sm"
          variant="outline"
          pending={pending === provider}
          disabled={pending !== null}
          onClick={() => void onConnect(provider)}
        >
          <Link2 className="size-4" aria-hidden />
          {pending === provider ? OAUTH_CONNECTING : oauthConnectLabel(provider)}
        </Button>
      ))}
    </div>
  )
}

function AccountRow({
  account,
  status,
  reconnecting,
  onReconnect,
  note,
}: {
  account: ConnectedAccount
  status: OAuthStatus
  reconnecting: boolean
  onReconnect: () => void
  note: ReactNode
}) {
  const test = useTestOAuth()
  const disconnect = useDisconnectOAuth()
  const [confirming, setConfirming] = useState(false)
  const name = OAUTH_PROVIDER_NAMES[account.provider]
  const scopeIssue = status.scopeValidation[account.provider]?.valid === false

  const onTest = async () => {
    try {
      await test.mutateAsync({ provider: account.provider, testEmail: account.email })
      toast.success(oauthTestSentTo(account.email))
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : errorText(err))
    }
  }
  const onDisconnect = async () => {
    try {
      await disconnect.mutateAsync(account.provider)
      toast.success(OAUTH_DISCONNECTED)
    } catch (err) {
      toast.error(errorText(err))
    } finally {
      setConfirming(false)
    }
  }

  return (
    <li
      className="space-y-3 py-4 first:pt-0 last:pb-0"
      data-testid="oauth-account"
      data-provider={account.provider}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {name}
            {account.needsReauth ? (
              <Badge tone="danger">{OAUTH_STATUS_NEEDS_REAUTH}</Badge>
            ) : scopeIssue ? (
              <Badge tone="warning">{OAUTH_STATUS_SCOPE_ISSUES}</Badge>
            ) : (
              <Badge tone="success">{OAUTH_STATUS_CONNECTED}</Badge>
            )}
          </p>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{account.email}</p>
          {account.needsReauth && (
            <p className="text-sm text-red-700">
              {(account.reauthReasons.length ? account.reauthReasons : (['unknown'] as const))
                .map((r) => OAUTH_REAUTH_REASON_MESSAGES[r])
                .join(' ')}
            </p>
          )}
          {!account.needsReauth && scopeIssue && (
            <p className="text-sm text-amber-800">{oauthScopeIssue(account.provider)}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {(account.needsReauth || scopeIssue) && (
            <Button size="sm" pending={reconnecting} onClick={onReconnect}>
              {oauthReconnectLabel}
            </Button>
          )}
          {!account.needsReauth && (
            <Button
              size="sm"
              variant="outline"
              pending={test.isPending}
              onClick={() => void onTest()}
            >
              {test.isPending ? OAUTH_SENDING_TEST : OAUTH_SEND_TEST_LABEL}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {OAUTH_DISCONNECT_LABEL}
          </Button>
        </div>
      </div>
      {note}
      <ConfirmDialog
        open={confirming}
        title={oauthDisconnectTitle(account.provider)}
        description={OAUTH_DISCONNECT_DESCRIPTION}
        confirmLabel={OAUTH_DISCONNECT_LABEL}
        tone="danger"
        pending={disconnect.isPending}
        onConfirm={() => void onDisconnect()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  )
}
