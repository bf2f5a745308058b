/**
 * What Settings → Email and the Send dialog tell the therapist: the SMTP account list and form,
 * the connection test, the email history, the free-mailbox warning and every step of a send.
 * Why a send failed and what became of the Sent copy are in `email-messages.ts`. A text is typed
 * once, here.
 */
import type { EMAIL_LOG_STATUSES } from '../contracts/email'

type EmailLogStatus = (typeof EMAIL_LOG_STATUSES)[number]

// ---------------------------------------------------------------------------------------------
// Free consumer mailboxes

export const FREE_MAILBOX_TITLE = 'Free mailboxes cannot be covered by a BAA'
/** The address is the sending account's (settings) or the sender's (Send dialog). */
export const freeMailboxWarning = (address: string) =>
  `${address} is a free consumer mailbox. Its provider signs no Business Associate Agreement, so sending patient information from it is not HIPAA-compliant. Use a business account whose provider signs a BAA.`
export const FREE_MAILBOX_LINK = 'Which email providers are HIPAA-compliant?'

// ---------------------------------------------------------------------------------------------
// SMTP accounts (Settings → Email)

export const SMTP_ACCOUNTS_TITLE = 'Email accounts (SMTP)'
export const SMTP_ACCOUNTS_DESCRIPTION =
  'Documents are sent from your own mailbox, so they come from your address and a copy stays in your Sent folder.'
export const NO_SMTP_ACCOUNTS =
  'No email account yet. Add your mailbox’s SMTP settings to send documents from your own address.'
export const ADD_SMTP_ACCOUNT = 'Add account'
export const EDIT_SMTP_ACCOUNT = 'Edit account'
export const SMTP_ACCOUNT_ADDED = 'Email account added.'
export const SMTP_ACCOUNT_SAVED = 'Email account saved.'
export const SMTP_ACCOUNT_DELETED = 'Email account removed.'
export const smtpAccountIsDefault = (name: string) => `${name} is now your default account.`
export const deleteSmtpAccountTitle = (name: string) => `Remove ${name}?`
export const DELETE_SMTP_ACCOUNT_DESCRIPTION =
  'MyoDocs forgets its server settings and password. Emails already sent stay in your history and your mailbox.'
export const DEFAULT_ACCOUNT_BADGE = 'Default'
export const MAKE_DEFAULT = 'Make default'
export const SENT_COPY_OFF_HINT = 'No IMAP: no copy in your Sent folder'

/** The provider picker: prefills the servers. */
export const PROVIDER_PICKER_LABEL = 'Provider'
export const PROVIDER_PICKER_OTHER = 'Other (enter the servers yourself)'
export const APP_PASSWORD_HINT =
  'With two-step sign-in on, this provider needs an app password: create one in its account security settings.'
export const OFFICE365_SUGGESTION_TITLE = 'Microsoft 365 usually blocks SMTP sign-in'
export const OFFICE365_SUGGESTION =
  'Most Microsoft 365 organizations turn SMTP AUTH off. Connect Outlook instead when it is available; SMTP works only if your administrator has allowed it for this mailbox.'
export const PASSWORD_KEPT_HINT = 'Leave empty to keep the saved password.'
export const IMAP_SECTION_TITLE = 'Copy in your Sent folder (IMAP, optional)'
export const IMAP_SECTION_HINT =
  'Most providers do not keep a copy of mail sent over SMTP. With IMAP, MyoDocs files one in your Sent folder. The username and password default to the SMTP ones.'
export const SENT_FOLDER_HINT = 'Leave empty to find it automatically.'

export const SECURITY_LABELS = {
  tls: 'SSL/TLS',
  starttls: 'STARTTLS',
  none: 'None (testing only)',
} as const

/** Settings → Email, under From name: the From line as recipients will see it. */
export const FROM_LINE_PREVIEW_LABEL = 'Recipients see:'

// ---------------------------------------------------------------------------------------------
// Connection test

export const TEST_CONNECTION = 'Test'
export const TESTING_CONNECTION = 'Testing…'
export const CONNECTION_OK = 'Connected'
export const CONNECTION_TEST_FAILED = 'The test could not run. Please try again.'
export const CONNECTION_STEP_LABELS = {
  smtp: 'Sending (SMTP)',
  imap: 'Mailbox (IMAP)',
  sentFolder: 'Sent folder',
} as const

// ---------------------------------------------------------------------------------------------
// Email history

export const EMAIL_HISTORY_TITLE = 'Recent emails'
export const EMAIL_HISTORY_DESCRIPTION =
  'Your last 20 sends. Addresses and subjects are stored encrypted; the documents are not stored.'
export const EMAIL_HISTORY_EMPTY = 'Nothing sent yet.'
export const EMAIL_LOG_STATUS_LABELS: Record<EmailLogStatus, string> = {
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Not confirmed',
}

// ---------------------------------------------------------------------------------------------
// The Send dialog

export const SEND_BUTTON = 'Send'
export const SEND_DIALOG_TITLE = 'Send by email'
export const SEND_DIALOG_DESCRIPTION =
  'The documents are made now and attached as PDFs. Nothing of the message or the documents is stored.'
export const NO_SENDING_ACCOUNT_TITLE = 'No email account connected'
export const NO_SENDING_ACCOUNT =
  'Connect your mailbox in Settings → Email to send documents from your own address.'
export const OPEN_EMAIL_SETTINGS = 'Open Settings → Email'
export const SENDING_ACCOUNT_LABEL = 'Send from'
export const ATTACHMENTS_LABEL = 'Attach'
export const RECIPIENTS_LABEL = 'To'
export const ADD_RECIPIENT = 'Add recipient'
export const REMOVE_RECIPIENT = 'Remove recipient'
export const RECIPIENT_ADDRESS_LABEL = 'Email address'
export const RECIPIENT_NAME_LABEL = 'Name (optional)'
export const RECIPIENT_ROLES = {
  patient: 'Patient',
  referringProvider: 'Referring provider',
} as const
export const SUBJECT_LABEL = 'Subject'
export const MESSAGE_LABEL = 'Message'
export const CC_TO_SELF_NOTE = (address: string) =>
  `A copy goes to you (${address}), as set in Settings → Email.`
export const SIGNATURE_NOTE = 'Your signature from Settings → Email is added below the message.'
export const SENDING_PROGRESS = 'Making the PDFs and sending…'
export const SEND_AGAIN = 'Try again'
export const SEND_FAILED = 'The email was not sent.'
export const SEND_OUTCOME_SENT = 'Sent'
export const SEND_OUTCOME_UNKNOWN_TITLE = 'Delivery not confirmed'
/** Each recipient's outcome as the dialog and the email history say it. */
export const RECIPIENT_STATUS_LABELS = {
  accepted: 'Accepted',
  refused: 'Refused by the mail server',
  unconfirmed: 'Not confirmed',
} as const
export const SEND_OUTCOME_FAILED = 'Not sent'
/** Routing: which email a document goes in, by its reader. */
export const ROUTE_TO_LABEL = 'Send to'
export const SEND_BY_READER_NOTE =
  'Each reader gets their own email with only the documents written for them. Change where a document goes with Send to.'
/** Sending letters: each letter is its own email to its own provider. */
export const SEND_LETTERS_NOTE =
  'Each letter goes in its own email to its own provider, with only that letter attached, and each lands in your Sent folder.'
export const sendLettersButton = (count: number) =>
  count === 1 ? 'Send the letter' : `Send ${count} letters`
export const sendingLetterProgress = (current: number, count: number) =>
  `Making letter ${current} of ${count} and sending…`
/** The heading of one email of the dialog, by its reader. */
export const READER_EMAIL_TITLES = {
  referringProvider: 'Email to the referring provider',
  patient: 'Email to the patient',
} as const
export const sendSucceeded = (count: number) =>
  count === 1 ? 'Email sent to 1 recipient.' : `Email sent to ${count} recipients.`

/** Subject and message templates: no patient name by default (the subject is stored). */
export function defaultSubject(labels: readonly string[]): string {
  return labels.length === 0 ? 'Documents' : joinLabels(labels)
}
export function defaultMessage(labels: readonly string[]): string {
  const what = labels.length === 1 ? 'is' : 'are'
  return `Hello,\n\nAttached ${what} the ${joinLabels(labels).toLowerCase()} from today’s visit.\n\nPlease contact us with any questions.`
}
function joinLabels(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('')
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`
}
