/**
 * Email from the therapist's own mailbox: SMTP accounts, sending, the email log. `buildApp` hands
 * the send path its OAuth mailboxes (`SendServices.oauthMailbox`); the app marks sends a
 * previous process left unfinished with `recoverStaleSends` at start-up, and `scheduleSendSweep`
 * keeps sweeping while the server runs.
 */
export type { OAuthMailboxResolver, SendingMailbox } from './mailbox'
export type { SendServices } from './send'
export { recoverStaleSends, scheduleSendSweep } from './send-log'
