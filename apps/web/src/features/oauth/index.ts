// The OAuth mailboxes as others use them: Settings → Email shows the connected accounts; the Send
// dialog and the email defaults read the status.
export { ConnectedAccounts } from './components/connected-accounts'
export { oauthStatusQuery } from './api/oauth'
