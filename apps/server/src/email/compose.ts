/**
 * The one composer: builds a message's MIME exactly once, with our own Message-ID, from validated
 * mailboxes only. Every transport sends these bytes unchanged and the Sent step files the same
 * bytes, so the size check, the injection rules and the Message-ID the Sent folder is searched by
 * hold for every provider. See `docs/decisions/009-own-mailbox-sending.md`.
 */
import { randomUUID } from 'node:crypto'
import {
  MAX_EMAIL_MESSAGE_BYTES,
  MailboxSchema,
  SenderSchema,
  hasHeaderUnsafeCharacters,
} from '@myodocs/shared/contracts/email'
import type { Mailbox } from '@myodocs/shared/contracts/email'
import type { Envelope } from './transport'

export type MailAttachment = {
  /** Made by the server (the document registry's file name), never taken from the request. */
  filename: string
  content: Buffer
  contentType: 'application/pdf'
}

export type OutgoingMessage = {
  from: Mailbox
  to: Mailbox[]
  cc?: Mailbox[]
  replyTo?: Mailbox
  subject: string
  text: string
  attachments?: MailAttachment[]
}

export type ComposedMessage = {
  /** The whole message, CRLF line ends, exactly as it is sent and filed. */
  raw: Buffer
  /** `<uuid@domain>`, the header's value. */
  messageId: string
  envelope: Envelope
}

/** The composed message is over the size every provider path can carry. */
export class MessageTooLargeError extends Error {
  readonly code = 'MESSAGE_TOO_LARGE'
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(`message of ${size} bytes is over the ${limit}-byte limit`)
    this.name = 'MessageTooLargeError'
  }
}

// Control characters, path separators or a leading dot would let a file name carry meaning.
const isSafeFilename = (name: string) =>
  name.length > 0 &&
  name.length <= 200 &&
  !name.startsWith('.') &&
  !/[/\\]/.test(name) &&
  !hasHeaderUnsafeCharacters(name)

const mailboxes = (list: Mailbox[] | undefined) => (list ?? []).map((m) => MailboxSchema.parse(m))

// nodemailer takes `{name, address}` as given; an empty name would still print `"" <a@b>`.
const asNodemailer = (m: Mailbox) => (m.name ? { name: m.name, address: m.address } : m.address)

/**
 * Builds the message. Every mailbox is validated again here (the composer is the last gate
 * before bytes leave), and the envelope nodemailer derives must equal the validated recipients.
 * Throws `MessageTooLargeError` above `maxBytes` (default 3 MB).
 */
export async function composeMessage(
  message: OutgoingMessage,
  options: { messageIdDomain?: string; maxBytes?: number; date?: Date } = {},
): Promise<ComposedMessage> {
  // The From name may hold commas and quotes: nodemailer quotes (or encodes) an address object's name.
  const from = SenderSchema.parse(message.from)
  const to = mailboxes(message.to)
  const cc = mailboxes(message.cc)
  const replyTo = message.replyTo ? MailboxSchema.parse(message.replyTo) : undefined
  if (to.length === 0) throw new Error('a message needs at least one recipient')
  const all = [...to, ...cc].map((m) => m.address.toLowerCase())
  // nodemailer would merge a repeated address into one RCPT; the request schema refuses it first.
  if (new Set(all).size !== all.length) throw new Error('a recipient is listed twice')
  for (const a of message.attachments ?? [])
    if (!isSafeFilename(a.filename)) throw new Error('unsafe attachment file name')

  const domain = (
    options.messageIdDomain ?? from.address.slice(from.address.lastIndexOf('@') + 1)
  ).toLowerCase()
  if (!/^[a-z0-9.-]{1,253}$/.test(domain)) throw new Error('invalid Message-ID domain')
  const messageId = `<${randomUUID()}@${domain}>`
  // nodemailer loads on the first message composed, not at start.
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer')
  const node = new MailComposer({
    from: asNodemailer(from),
    to: to.map(asNodemailer),
    cc: cc.length ? cc.map(asNodemailer) : undefined,
    replyTo: replyTo ? asNodemailer(replyTo) : undefined,
    subject: message.subject,
    // SMTP allows only CRLF line ends; a bare LF is refused or misread by strict servers.
    text: message.text.replace(/\r\n|\r|\n/g, '\r\n'),
    messageId,
    date: options.date ?? new Date(),
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
    // Nothing in a message may be fetched from a path or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  }).compile()

  const envelope = node.getEnvelope()
  const derived = envelope.to.map((a) => a.toLowerCase())
  if (
    String(envelope.from).toLowerCase() !== from.address.toLowerCase() ||
    derived.length !== all.length ||
    derived.some((a, i) => a !== all[i])
  )
    throw new Error('the envelope does not match the validated recipients')

  const raw = await node.build()
  const limit = options.maxBytes ?? MAX_EMAIL_MESSAGE_BYTES
  if (raw.length > limit) throw new MessageTooLargeError(raw.length, limit)
  return {
    raw,
    messageId,
    envelope: { from: from.address, to: [...to, ...cc].map((m) => m.address) },
  }
}
