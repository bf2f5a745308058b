/**
 * When the signed-in app reads the OAuth status (docs/product/email.md#oauth-mailboxes): 2 s after
 * a sign-in in this tab, or 5 s after a page load brings the user back, then every 9 hours; each
 * read lets the server check with the provider any token not refreshed for 9 hours. An account
 * that must be connected again raises the persistent OAuth Authentication Failed notice.
 */
import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  OAUTH_CHECK_AFTER_SIGN_IN_MS,
  OAUTH_REFRESH_AFTER_USER_LOAD_MS,
  OAUTH_TOKEN_CHECK_INTERVAL_MS,
} from '@myodocs/shared/constants/oauth-messages'
import { notificationStore } from '../../../lib/notification-store'
import { paths } from '../../../lib/paths'
import { oauthStatusQuery } from '../api/oauth'
import { REAUTH_NOTICE_PREFIX, reauthNotifications } from '../reauth-notifications'

const SIGN_IN_RECENT_MS = 60_000

/**
 * `signedInAt`: when this tab last signed in (0: never; the session came from before the page
 * load). Mounted once by the app shell.
 */
export function useOAuthStatusChecks(userId: string | undefined, signedInAt: () => number) {
  const queryClient = useQueryClient()
  // Reads whatever the checks (or Settings → Email) fetched, without fetching on its own.
  const status = useQuery({ ...oauthStatusQuery, enabled: false })

  useEffect(() => {
    if (!userId) return
    // A sign-in within the last minute brought the user here, not a page load.
    const viaSignIn = Date.now() - signedInAt() < SIGN_IN_RECENT_MS
    // A check asks the server even within the 10-hour cache; the first one after a sign-in
    // reuses a cached answer (none yet, in practice).
    const check = (fresh: boolean) =>
      void queryClient
        .prefetchQuery({ ...oauthStatusQuery, ...(fresh ? { staleTime: 0 } : {}) })
        .catch(() => undefined)
    const first = setTimeout(
      () => check(!viaSignIn),
      viaSignIn ? OAUTH_CHECK_AFTER_SIGN_IN_MS : OAUTH_REFRESH_AFTER_USER_LOAD_MS,
    )
    const every = setInterval(() => check(true), OAUTH_TOKEN_CHECK_INTERVAL_MS)
    return () => {
      clearTimeout(first)
      clearInterval(every)
    }
  }, [userId, queryClient, signedInAt])

  useEffect(() => {
    if (!status.data) return
    const notices = reauthNotifications(status.data, paths.settingsTab('email'))
    const current = new Set(notices.map((n) => n.id))
    for (const shown of notificationStore.visible())
      if (shown.id.startsWith(REAUTH_NOTICE_PREFIX) && !current.has(shown.id))
        notificationStore.withdraw(shown.id)
    for (const notice of notices) notificationStore.notify(notice)
  }, [status.data])
}
