/**
 * One mailbox, as every recipient and sender of an email passes it (contracts/email.ts re-exports
 * all of it): the length limits, the header-safety check, an address, a display name, the From
 * name and line.
 *
 * An address is exactly one mailbox, `{ name?, address }`, never a string the mail library would
 * parse: a loose string can carry a second recipient or group syntax that silently redirects the
 * message (see `docs/decisions/009-own-mailbox-sending.md`).
 */
import { z } from 'zod'
import { hasControlCharacters, text } from './text'
import {
  MAIL_ADDRESS_INVALID,
  MAIL_ADDRESS_REQUIRED,
  MAIL_ADDRESS_TOO_LONG,
  FROM_NAME_INVALID,
  MAIL_NAME_INVALID,
} from '../constants/email-messages'
import { tooLong } from '../constants/document-messages'

// ---------------------------------------------------------------------------------------------
// Limits

/** The longest address every mail server must accept. */
export const MAIL_ADDRESS_MAX_LENGTH = 254
/** The longest local part (before the @) every mail server must accept. */
export const MAIL_LOCAL_PART_MAX_LENGTH = 64
/** The longest display name beside an address. */
export const MAIL_NAME_MAX_LENGTH = 100
/** At most this many recipients (To and Cc together) in one send. */
export const MAX_RECIPIENTS_PER_SEND = 10
export const EMAIL_SUBJECT_MAX_LENGTH = 200
export const EMAIL_MESSAGE_MAX_LENGTH = 10_000
/** The whole message, attachments included, as sent (base64 adds a third to each PDF). */
export const MAX_EMAIL_MESSAGE_BYTES = 3 * 1024 * 1024

// Beyond the request-text rule: C1 controls and the Unicode line and paragraph separators, which
// a mail reader may also render as a line break inside a header.
const HEADER_LINE_BREAKS = /[\u0080-\u009f\u2028\u2029]/
// Angle brackets would let a name show as another address ("Pat <x@y>"); commas, quotes and the
// rest are quoted by the composer (nodemailer) as docs/product/email.md says, so a name may hold them.
const NAME_SYNTAX_CHARACTERS = /[<>]/
// The opener of a MIME encoded word in a header: sent as typed, a reader would decode it (`=?utf-8?q?=0D=0A?=`
// shows as a line break), so what the recipient sees would differ from what was validated.
export const ENCODED_WORD = '=?'

/** Does the text hold a control character (CR, LF, NUL, TAB…) or a Unicode line separator? */
export const hasHeaderUnsafeCharacters = (s: string) =>
  hasControlCharacters(s) || HEADER_LINE_BREAKS.test(s)
/** The opposite of `hasHeaderUnsafeCharacters`, for zod's `refine`. */
export const hasNoControlCharacters = (s: string) => !hasHeaderUnsafeCharacters(s)

// ---------------------------------------------------------------------------------------------
// One mailbox

/**
 * One plain address, `local@domain.tld`, ASCII: no display name, no second address, no quotes,
 * comments or group syntax. Line breaks are refused, not trimmed away, so an injection attempt
 * is a visible error rather than a silently repaired value.
 */
export const MailAddressSchema = text({ error: MAIL_ADDRESS_REQUIRED })
  .refine(hasNoControlCharacters, MAIL_ADDRESS_INVALID)
  .trim()
  .min(1, MAIL_ADDRESS_REQUIRED)
  .max(MAIL_ADDRESS_MAX_LENGTH, MAIL_ADDRESS_TOO_LONG)
  .refine((s) => s.indexOf('@') <= MAIL_LOCAL_PART_MAX_LENGTH, MAIL_ADDRESS_INVALID)
  // zod's address pattern allows only letters, digits and _ ' + - . before the @ and a dotted
  // domain after it: commas, semicolons, quotes, angle brackets and spaces cannot pass.
  .pipe(z.email(MAIL_ADDRESS_INVALID))

/** A display name: printable text without the characters header syntax gives a meaning to. */
export const MailNameSchema = text()
  .refine(hasNoControlCharacters, MAIL_NAME_INVALID)
  .refine((s) => !NAME_SYNTAX_CHARACTERS.test(s) && !s.includes(ENCODED_WORD), MAIL_NAME_INVALID)
  .trim()
  .max(MAIL_NAME_MAX_LENGTH, tooLong('Name', MAIL_NAME_MAX_LENGTH))

/**
 * The therapist's From name (Settings → Email): any printable text, commas, quotes and accents
 * included, since the composer hands it to nodemailer as an address object, which quotes it (or
 * encodes it) as docs/product/email.md says. No line break, and no `=?` (a reader would decode it).
 */
export const FromNameSchema = text()
  .refine((s) => hasNoControlCharacters(s) && !s.includes(ENCODED_WORD), FROM_NAME_INVALID)
  .trim()
  .max(MAIL_NAME_MAX_LENGTH, `From name must be at most ${MAIL_NAME_MAX_LENGTH} characters`)

/** The sender: the account's address and the From name. */
export const SenderSchema = z.strictObject({
  name: FromNameSchema.optional(),
  address: MailAddressSchema,
})

// The characters a display name may hold unquoted, as the composer (nodemailer) decides it.
const PLAIN_NAME = /^[\w ]*$/

/**
 * The From line as the recipient's mail program shows it: the name as typed, in quotes when it
 * holds more than letters, digits and spaces (a comma, a period, a quote, an accent), then the
 * address. The Settings form shows it so what the therapist types is what recipients read.
 */
export function fromLine(name: string, address: string): string {
  const trimmed = name.trim()
  if (!trimmed) return address
  const shown = PLAIN_NAME.test(trimmed) ? trimmed : `"${trimmed.replace(/(["\\])/g, '\\$1')}"`
  return `${shown} <${address}>`
}

/** One mailbox: an address and, optionally, the name shown beside it. */
export const MailboxSchema = z.strictObject({
  name: MailNameSchema.optional(),
  address: MailAddressSchema,
})
export type Mailbox = z.infer<typeof MailboxSchema>

/** Addresses compare without case: `Pat@Example.test` and `pat@example.test` are one recipient. */
export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
