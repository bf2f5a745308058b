/**
 * User-facing texts of sending from the therapist's own mailbox: the address rules, why a send
 * failed, and what became of the copy in the Sent folder. Each failure class is a name the email
 * log stores and the API answers with; its text is what the therapist reads. A text is typed once,
 * here.
 */

/** A recipient or sender address field left empty. */
export const MAIL_ADDRESS_REQUIRED = 'Email address is required'
/** Anything but one plain address: several addresses, a display name in the field, line breaks. */
export const MAIL_ADDRESS_INVALID = 'Enter one email address, like name@example.com'
/** Longer than an address can be (RFC 5321 path limit). */
export const MAIL_ADDRESS_TOO_LONG = 'Email address must be at most 254 characters'
/** A display name that could be read as header syntax. */
export const MAIL_NAME_INVALID = 'Name cannot contain line breaks, =? or any of , ; : < > " \\'
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
  unknown_outcome: 'We could not confirm delivery. Check your Sent folder before sending again.',
}

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
