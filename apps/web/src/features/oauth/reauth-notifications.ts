/**
 * The persistent notices for connected mailboxes that must be connected again: one per account,
 * titled OAuth Authentication Failed, saying which provider and why, with a Reconnect action to
 * Settings → Email (docs/product/email.md#oauth-mailboxes). Pure, so the rule is tested without a
 * browser. The id names the provider and when the account was connected, so a dismissed notice
 * stays dismissed for that connection only.
 */
import {
  OAUTH_AUTH_FAILED,
  OAUTH_REAUTH_REASON_MESSAGES,
  oauthReauthNotice,
  oauthReconnectLabel,
} from '@myodocs/shared/constants/oauth-messages'
import type { OAuthStatus } from '@myodocs/shared/contracts/oauth'
import type { NotificationInput } from '../../lib/notification-store'

export const REAUTH_NOTICE_PREFIX = 'oauth-reauth:'

export function reauthNotifications(
  status: OAuthStatus,
  reconnectPath: string,
): NotificationInput[] {
  return status.connectedAccounts
    .filter((account) => account.needsReauth)
    .map((account) => {
      const reason = account.reauthReasons[0]
      return {
        id: `${REAUTH_NOTICE_PREFIX}${account.provider}:${account.connectedAt}`,
        title: OAUTH_AUTH_FAILED,
        message: oauthReauthNotice(
          account.provider,
          reason ? OAUTH_REAUTH_REASON_MESSAGES[reason] : undefined,
        ),
        icon: 'error' as const,
        actions: [{ label: oauthReconnectLabel, to: reconnectPath }],
      }
    })
}
