// The OAuth mailboxes as others use them: Settings → Email shows the connected accounts; the Send
// dialog and the email defaults read the status; the app shell runs the status checks.
export { ConnectedAccounts } from './components/connected-accounts'
export { oauthStatusQuery, verifiedOAuthStatusQuery } from './api/oauth'
export { useOAuthStatusChecks } from './hooks/use-oauth-status-checks'
