/**
 * The OAuth mailbox calls: `GET /api/auth/oauth/status`, `POST /api/auth/oauth/init`,
 * `DELETE /api/auth/oauth/disconnect` and `POST /api/auth/oauth/test`
 * (docs/product/email.md#oauth-mailboxes). Every change refetches the status, which is what the
 * settings tab, the email defaults and the Send dialog's account picker show.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { oauthCalls } from '@myodocs/shared/api/oauth'
import { OAUTH_STATUS_CACHE_MS } from '@myodocs/shared/constants/oauth-messages'
import type { OAuthProvider } from '@myodocs/shared/constants/oauth-messages'
import { api } from '../../../lib/api-client'

// A test send refreshes the token and calls the provider's API, each bounded by the server's timeouts.
const TEST_TIMEOUT_MS = 90_000

// Reused for 10 hours: the checks in use-oauth-status-checks.ts and every change refetch it.
export const oauthStatusQuery = queryOptions({
  queryKey: ['oauth', 'status'],
  queryFn: () => api.call(oauthCalls.status),
  staleTime: OAUTH_STATUS_CACHE_MS,
  gcTime: OAUTH_STATUS_CACHE_MS,
})

/**
 * The same status with each grant checked by its provider first (the server asks at most once a
 * minute per account): what the Send dialog and Settings → Email read whenever they open, so a
 * grant revoked since shows "Needs reconnecting" before the therapist composes.
 */
export const verifiedOAuthStatusQuery = queryOptions({
  ...oauthStatusQuery,
  queryFn: () => api.call(oauthCalls.status, { query: { verify: 'true' } }),
  staleTime: 0,
})

export const initOAuth = (provider: OAuthProvider) =>
  api.call(oauthCalls.init, { body: { provider } })

export function useDisconnectOAuth() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (provider: OAuthProvider) =>
      api.call(oauthCalls.disconnect, { body: { provider } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: oauthStatusQuery.queryKey }),
  })
}

export function useTestOAuth() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { provider: OAuthProvider; testEmail: string }) =>
      api.call(oauthCalls.test, { body }, { timeoutMs: TEST_TIMEOUT_MS }),
    // A failed test may have found the account needs reconnecting.
    onSettled: () => queryClient.invalidateQueries({ queryKey: oauthStatusQuery.queryKey }),
  })
}
