/**
 * Email from the therapist's own mailbox: SMTP accounts, sending, the email log. Other modules
 * plug OAuth mailboxes into the send path with `registerOAuthMailbox`; the app marks sends a
 * previous process left unfinished with `recoverStaleSends` at start-up, and `scheduleSendSweep`
 * keeps sweeping while the server runs.
 */
export { registerOAuthMailbox } from './mailbox'
export type { OAuthMailboxResolver, SendingMailbox } from './mailbox'
export { recoverStaleSends, scheduleSendSweep } from './send-log'
