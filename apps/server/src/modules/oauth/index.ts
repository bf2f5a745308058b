/** Mailboxes connected by OAuth (Gmail, Outlook, Yahoo Mail): sending through them. */
export { oauthSendingMailbox } from './service'
export type { OAuthMailAccount } from './service'
