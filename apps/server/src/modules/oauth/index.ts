/** Mailboxes connected by OAuth (Gmail, Outlook, Yahoo Mail): sending through them. */
export { oauthSendingMailbox } from './sending'
export type { OAuthMailAccount } from './sending'
