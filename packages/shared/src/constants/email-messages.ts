/**
 * User-facing texts of sending from the therapist's own mailbox: the address rules, why a send
 * failed, and what became of the copy in the Sent folder. Each failure class is a name the email
 * log stores and the API answers with; its text is what the therapist reads. A text is typed once,
 * here.
 */
import { inMinutes } from './messages'

/** A recipient or sender address field left empty. */
export const MAIL_ADDRESS_REQUIRED = 'Email address is required'
/** Anything but one plain address: several addresses, a display name in the field, line breaks. */
export const MAIL_ADDRESS_INVALID = 'Enter one email address, like name@example.com'
/** Longer than an address can be (RFC 5321 path limit). */
export const MAIL_ADDRESS_TOO_LONG = 'Email address must be at most 254 characters'
/** A display name that could be read as header syntax. */
export const MAIL_NAME_INVALID = 'Name cannot contain line breaks, =? or < >'
export const FROM_NAME_INVALID = 'From name cannot contain line breaks or =?'
/** The same address twice among the recipients. */
export const MAIL_RECIPIENT_DUPLICATE = 'This address is already a recipient'
/** A subject with a line break or another control character. */
export const MAIL_SUBJECT_INVALID = 'Subject cannot contain line breaks or =?'
/** A server name with a scheme, a path, spaces or characters a host name cannot have. */
export const MAIL_HOST_INVALID = 'Enter a server name like smtp.example.com'

/**
 * Why a send (or a connection test) failed, as the email log records it. Every class but
 * `unknown_outcome` means the provider did not accept the message.
 */
export const EMAIL_FAILURE_CLASSES = [
  'host_refused',
  'connection_failed',
  'tls_failed',
  'auth_failed',
  'smtp_auth_disabled',
  'sender_rejected',
  'recipient_rejected',
  'message_rejected',
  'temporary_failure',
  'rate_limited',
  'too_large',
  'reauth_required',
  'interrupted',
  'unknown_outcome',
] as const
export type EmailFailureClass = (typeof EMAIL_FAILURE_CLASSES)[number]

/** What the therapist reads for each failure class. */
export const EMAIL_FAILURE_MESSAGES: Record<EmailFailureClass, string> = {
  host_refused:
    'This server address is not allowed. Use the public server name your email provider gives, like smtp.example.com.',
  connection_failed:
    'We could not reach the mail server. Check the server name and port, then try again.',
  tls_failed:
    'We could not open a secure connection to the mail server. Check the security setting (SSL/TLS or STARTTLS) and the port.',
  auth_failed:
    'The mail server did not accept the username or password. Check them; some providers need an app password.',
  smtp_auth_disabled:
    'SMTP AUTH is disabled for your Microsoft 365 tenant. Connect Outlook instead.',
  sender_rejected:
    'The mail server does not allow sending from this From address. Use the address of the mailbox you sign in to.',
  recipient_rejected:
    'The mail server refused a recipient address. Check the address and try again.',
  message_rejected: 'The mail server refused the message.',
  temporary_failure:
    'The mail server is temporarily unavailable. Please try again in a few minutes.',
  rate_limited:
    'Your mail provider is limiting how many messages you can send right now. Please wait and try again later.',
  too_large:
    'The documents are too large to send by email (3 MB in total at most). Remove some photos or send fewer documents at once.',
  reauth_required:
    'Your email account must be connected again. Reconnect it in Settings → Email, then send again.',
  interrupted:
    'The send was interrupted before the message went out. Nothing was sent; you can send it again.',
  unknown_outcome: 'We could not confirm delivery. Check your Sent folder before sending again.',
}

/** A port the host guard does not allow, named: Test and Send say the same. */
export const portNotAllowedMessage = (port: number) =>
  `Port ${port} is not allowed for mail servers`

/** STARTTLS (or no security) chosen for a port that starts with a TLS handshake (465). */
export const EXPECTS_TLS_MESSAGE = 'This port expects SSL/TLS; choose SSL/TLS or port 587'
/** SSL/TLS chosen for a port that greets in plain text and upgrades with STARTTLS (587, 25). */
export const EXPECTS_STARTTLS_MESSAGE = 'This port expects STARTTLS; choose STARTTLS or port 465'
/** A valid certificate for other names than the server name the therapist typed. */
export const certificateNameMessage = (certificateFor: string, host: string) =>
  `The server's certificate is for ${certificateFor}, not ${host}`

/** What became of the copy in the therapist's Sent folder after a send. */
export const SENT_COPY_OUTCOMES = ['filed', 'already_filed', 'failed', 'not_configured'] as const
export type SentCopyOutcome = (typeof SENT_COPY_OUTCOMES)[number]

/** What the therapist reads for each Sent-folder outcome. */
export const SENT_COPY_MESSAGES: Record<SentCopyOutcome, string> = {
  filed: 'A copy was saved in your Sent folder.',
  already_filed: 'Your provider saved a copy in your Sent folder.',
  failed: 'The message was sent, but we could not save a copy in your Sent folder.',
  not_configured: 'Add IMAP in Settings → Email to keep a copy in your Sent folder.',
}

/** Sending with no mailbox connected (no SMTP account, and no default provider connected). */
export const NO_MAILBOX_CONNECTED =
  'Connect your email account in Settings → Email before sending documents.'
/** An SMTP account id that is not one of the caller's. */
export const SMTP_ACCOUNT_NOT_FOUND =
  'This email account was not found. Choose another in Settings → Email.'
/** `PUT /api/auth/smtp-config` creating the first account without a password. */
export const SMTP_PASSWORD_REQUIRED = 'Password is required'
/** The same Send click arriving again while the first is still going out. */
export const SEND_IN_PROGRESS =
  'This email is already being sent. Wait a moment and check the email history.'
/** The stored password of an account can no longer be read (the server's secret changed). */
export const SMTP_ACCOUNT_NEEDS_PASSWORD =
  'The saved password of this email account can no longer be read. Enter it again in Settings → Email.'

/** Past the limit of connection tests for one account (docs/product/limits.md). */
export const connectionTestsLimited = (minutes: number) =>
  `Too many connection tests for this account. Please try again in ${inMinutes(minutes)}.`

/** What a connection test says for each step that worked or was not set up. */
export const CONNECTION_TEST_MESSAGES = {
  smtpConnected: 'Signed in to your mail server. Sending works.',
  imapConnected: 'Signed in to your mailbox (IMAP).',
  imapNotConfigured: 'IMAP is not set up, so no copy will be saved in your Sent folder.',
  imapSkipped: 'Not tested: fix the sending (SMTP) settings first.',
  sentFolderFound: (path: string) => `Copies will be saved in your “${path}” folder.`,
  sentFolderNotFound:
    'We could not find your Sent folder. Enter its name (for example “Sent Items”) in the Sent folder field.',
  sentFolderNotConfigured: 'Add IMAP to keep a copy of each email in your Sent folder.',
  sentFolderFailed: 'We could not look for your Sent folder because IMAP sign-in failed.',
} as const
