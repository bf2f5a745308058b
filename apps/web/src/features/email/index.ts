// The email feature as others use it: Settings → Email composes the SMTP accounts and the recent
// sends; the assessment and exercise pages open the Send dialog.
export { SmtpAccounts } from './components/smtp-accounts'
export { FreeMailboxWarning } from './components/free-mailbox-warning'
export { smtpConfigsQuery } from './api/smtp-configs'
export { EmailHistory } from './components/email-history'
export { useSendDialog } from './use-send-dialog'
