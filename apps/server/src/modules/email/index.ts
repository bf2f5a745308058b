/**
 * Email from the therapist's own mailbox: SMTP accounts, sending, the email log. Other modules
 * plug OAuth mailboxes into the send path with `registerOAuthMailbox`; the app marks sends a
 * previous process left unfinished with `recoverStaleSends` at start-up.
 */
export { registerOAuthMailbox } from './mailbox'
export type { OAuthMailboxResolver, SendingMailbox } from './mailbox'
export { recoverStaleSends } from './send'
