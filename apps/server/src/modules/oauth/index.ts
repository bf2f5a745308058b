/** Mailboxes connected by OAuth (Gmail, Outlook, Yahoo Mail): status, and sending through them. */
export { availableProviders, oauthMailAccount, oauthStatus } from './service'
export type { OAuthMailAccount } from './service'
