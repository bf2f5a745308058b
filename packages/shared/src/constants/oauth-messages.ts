/**
 * User-facing texts of connecting Gmail, Outlook and Yahoo Mail by OAuth: the providers' display
 * names, why a connection failed (the `error` of `/oauth-success?oauth=error&error=…`), why an
 * account needs to be reconnected, and what a send through a disconnected account says.
 * See `docs/product/email.md` (Connected mailboxes).
 */

/** The providers a therapist can connect by OAuth. */
export const OAUTH_PROVIDERS = ['gmail', 'outlook', 'yahoo'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

/** How each provider is named on screen. */
export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo Mail',
}

/** The popup's and the settings page's title when a connection failed. */
export const OAUTH_AUTH_FAILED = 'OAuth Authentication Failed'

/** Why the callback refused a connection: the `error` query value of `/oauth-success`. */
export const OAUTH_CALLBACK_ERRORS = [
  'access_denied',
  'invalid_state',
  'session_mismatch',
  'token_exchange_failed',
  'address_unavailable',
  'insufficient_scope',
  'provider_error',
] as const
export type OAuthCallbackError = (typeof OAUTH_CALLBACK_ERRORS)[number]

export const OAUTH_CALLBACK_ERROR_MESSAGES: Record<OAuthCallbackError, string> = {
  access_denied: 'The connection was cancelled at the provider. Nothing was connected.',
  invalid_state:
    'This connection link expired or was already used. Start again from Settings → Email.',
  session_mismatch:
    'This connection was started by another signed-in user. Sign in again and start over.',
  token_exchange_failed:
    'The provider did not complete the connection. Please try again in a few minutes.',
  address_unavailable:
    'The provider did not tell us the email address of the account. Please try again.',
  insufficient_scope:
    'Permission to send email was not granted. Connect again and allow sending email.',
  provider_error: 'The provider reported an error. Please try again.',
}

/** Why a connected account must be connected again (its refresh token stopped working). */
export const OAUTH_REAUTH_REASONS = [
  'revoked',
  'expired',
  'password_changed',
  'testing_mode_7d',
  'insufficient_scope',
  'token_unreadable',
  'unknown',
] as const
export type OAuthReauthReason = (typeof OAUTH_REAUTH_REASONS)[number]

export const OAUTH_REAUTH_REASON_MESSAGES: Record<OAuthReauthReason, string> = {
  revoked: 'Access was removed in your account’s security settings.',
  expired: 'The connection expired after a long time without use.',
  password_changed: 'Your password changed, which ends existing connections.',
  testing_mode_7d: 'The provider ends this app’s connections after 7 days.',
  insufficient_scope: 'Permission to send email was not granted.',
  token_unreadable: 'The stored connection could not be read.',
  unknown: 'The provider ended the connection.',
}

/** A send (or test) through an account that must be connected again. */
export const oauthReconnectMessage = (provider: OAuthProvider) =>
  `Reconnect your ${OAUTH_PROVIDER_NAMES[provider]} account in Settings → Email.`

/** `init`, `test` or a send for a provider the server has no client id for. */
export const oauthProviderUnavailable = (provider: OAuthProvider) =>
  `${OAUTH_PROVIDER_NAMES[provider]} is not available on this server.`

/** `test`, `disconnect` or a send for a provider the user has not connected. */
export const oauthNotConnected = (provider: OAuthProvider) =>
  `No ${OAUTH_PROVIDER_NAMES[provider]} account is connected. Connect it in Settings → Email.`

/** No provider named and none connected (`POST /auth/oauth/test`). */
export const OAUTH_NONE_CONNECTED = 'No email account is connected by OAuth.'

export const OAUTH_DISCONNECTED = 'The account was disconnected.'
export const OAUTH_TEST_SENT = 'Test email sent.'
export const OAUTH_TEST_SUBJECT = 'MyoDocs test email'
export const oauthTestBody = (provider: OAuthProvider) =>
  `This is a test message from MyoDocs, sent through your connected ${OAUTH_PROVIDER_NAMES[provider]} account.`

// When the browser checks the status (docs/product/email.md#oauth-mailboxes).
const HOUR = 60 * 60_000
/** The status is read this long after a sign-in in this tab… */
export const OAUTH_CHECK_AFTER_SIGN_IN_MS = 2_000
/** …or refreshed this long after the signed-in app loads the user (a page load). */
export const OAUTH_REFRESH_AFTER_USER_LOAD_MS = 5_000
/** Then again this often; the server checks with the provider any token not refreshed for as long. */
export const OAUTH_TOKEN_CHECK_INTERVAL_MS = 9 * HOUR
/**
 * Opening the Send dialog or Settings → Email asks for a checked status (`?verify=true`): the
 * server asks the provider about each grant at most this often.
 */
export const OAUTH_VERIFY_MIN_INTERVAL_MS = 60_000
/** A status answer is reused this long unless something changed it. */
export const OAUTH_STATUS_CACHE_MS = 10 * HOUR

/** The persistent notice for an account that must be connected again. */
export const oauthReauthNotice = (provider: OAuthProvider, reason: string | undefined) =>
  `${oauthReconnectMessage(provider)}${reason ? ` ${reason}` : ''}`

// The /oauth-success popup page.
/** The popup tells its opener and closes itself after this long. */
export const OAUTH_POPUP_CLOSE_MS = 5_000
/** The success flag the popup leaves in storage for an opener that missed the message. */
export const OAUTH_SUCCESS_FLAG_MS = 10_000
export const OAUTH_SUCCESS_STORAGE_KEY = 'myodocs.oauth.success'
/** The `type` of the message the popup posts to its opener (same origin only). */
export const OAUTH_RESULT_MESSAGE_TYPE = 'myodocs:oauth-result'
export const oauthConnectedTitle = (provider: OAuthProvider) =>
  `${OAUTH_PROVIDER_NAMES[provider]} connected`
export const OAUTH_POPUP_CLOSING = 'This window closes in 5 seconds.'
export const OAUTH_POPUP_CLOSE = 'Close window'
/** /oauth-success opened on its own (no connect window opened it): nothing closes by itself. */
export const OAUTH_OPENED_DIRECTLY =
  'This page finishes connecting a mailbox from Settings → Email. Open Settings → Email to see the connection.'
export const OAUTH_OPEN_EMAIL_SETTINGS = 'Open Settings → Email'

// Settings → Email, the connected accounts section.
export const CONNECTED_ACCOUNTS_TITLE = 'Connected accounts'
export const CONNECTED_ACCOUNTS_DESCRIPTION =
  'Send from your Gmail, Outlook or Yahoo Mail account without a password: you sign in at the provider and allow sending email. Sent emails appear in that account’s Sent folder.'
export const NO_CONNECTED_ACCOUNTS = 'No account is connected yet.'
export const NO_OAUTH_PROVIDERS =
  'Connecting Gmail, Outlook or Yahoo Mail is not set up on this server. Use an SMTP account below.'
export const oauthConnectLabel = (provider: OAuthProvider) =>
  `Connect ${OAUTH_PROVIDER_NAMES[provider]}`
export const oauthReconnectLabel = 'Reconnect'
export const OAUTH_DISCONNECT_LABEL = 'Disconnect'
export const OAUTH_SEND_TEST_LABEL = 'Send test email'
export const OAUTH_SENDING_TEST = 'Sending…'
export const oauthTestSentTo = (address: string) => `Test email sent to ${address}.`
export const OAUTH_STATUS_CONNECTED = 'Connected'
export const OAUTH_STATUS_NEEDS_REAUTH = 'Needs reconnecting'
export const OAUTH_STATUS_SCOPE_ISSUES = 'Missing permission'
export const oauthScopeIssue = (provider: OAuthProvider) =>
  `${OAUTH_PROVIDER_NAMES[provider]} did not grant permission to send email. Reconnect and allow sending email.`
export const oauthDisconnectTitle = (provider: OAuthProvider) =>
  `Disconnect ${OAUTH_PROVIDER_NAMES[provider]}?`
export const OAUTH_DISCONNECT_DESCRIPTION =
  'MyoDocs will no longer send from this account. Emails already sent stay in its Sent folder. You can connect it again at any time.'
export const OAUTH_CONNECTING = 'Waiting for the provider…'
export const OAUTH_POPUP_BLOCKED_REDIRECT =
  'Your browser blocked the sign-in window, so this page continues at the provider.'
/** Shown in the Send dialog beside an account that must be connected again. */
export const oauthNeedsReconnectOption = (provider: OAuthProvider, email: string) =>
  `${OAUTH_PROVIDER_NAMES[provider]} · ${email} (reconnect in Settings → Email)`
