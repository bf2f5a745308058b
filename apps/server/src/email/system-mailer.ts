/**
 * One mailer for the server's own messages (contact form, waitlist, invitations, password reset).
 * SYSTEM_SMTP_URL set → SMTP through nodemailer; unset → each message is written to
 * DATA_DIR/outbox/<time>-<id>.eml and one log line shows its recipient, subject and links, so a
 * newcomer can finish a password reset with nothing else running. In production that line names
 * the file only: a reset or invitation link is a credential and the recipient personal data, and
 * neither belongs in production logs; the server warns at start that nothing is delivered.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { createTransport, Transporter } from 'nodemailer'
import type { RenderedEmail } from './layout'

export type Address = { name?: string; address: string }

export type SystemMessage = RenderedEmail & {
  to: Address
  replyTo?: Address
}

export type SystemMailer = {
  kind: 'smtp' | 'outbox'
  send(message: SystemMessage): Promise<{ messageId: string }>
  close(): void
}

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void }

const toNodemailer = (a: Address) => ({ name: a.name ?? '', address: a.address })

/** Pulls http(s) links out of a text body, for the outbox log line. */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0])
}

type TransportOptions = Parameters<typeof createTransport>[0]

/** nodemailer loads on the first message, not at start (most starts send nothing). */
function lazyTransport(options: TransportOptions) {
  let transport: Promise<Transporter> | undefined
  return {
    get: () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      )),
    close: () => void transport?.then((t) => t.close()),
  }
}

export function createSystemMailer(
  config: {
    systemSmtpUrl: string | undefined
    systemFrom: string
    dataDir: string
    env: 'development' | 'production' | 'test'
  },
  log: Log,
): SystemMailer {
  const from = config.systemFrom
  if (config.systemSmtpUrl) {
    const transport = lazyTransport({
      url: config.systemSmtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    return {
      kind: 'smtp',
      async send(m) {
        const info = (await (
          await transport.get()
        ).sendMail({
          from,
          to: toNodemailer(m.to),
          replyTo: m.replyTo ? toNodemailer(m.replyTo) : undefined,
          subject: m.subject,
          text: m.text,
          html: m.html,
        })) as { messageId: string }
        return { messageId: info.messageId }
      },
      close: transport.close,
    }
  }

  const outbox = path.join(config.dataDir, 'outbox')
  const production = config.env === 'production'
  if (production)
    log.warn(
      { outbox },
      'SYSTEM_SMTP_URL is not set: password resets, invitations and alerts are written to the outbox, not delivered',
    )
  const transport = lazyTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    kind: 'outbox',
    async send(m) {
      const info = (await (
        await transport.get()
      ).sendMail({
        from,
        to: toNodemailer(m.to),
        replyTo: m.replyTo ? toNodemailer(m.replyTo) : undefined,
        subject: m.subject,
        text: m.text,
        html: m.html,
      })) as { messageId: string; message: Buffer }
      mkdirSync(outbox, { recursive: true, mode: 0o700 })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(outbox, `${stamp}-${randomUUID().slice(0, 8)}.eml`)
      writeFileSync(file, info.message, { mode: 0o600 })
      log.info(
        production
          ? { subject: m.subject, file }
          : { to: m.to.address, subject: m.subject, links: extractLinks(m.text), file },
        'system mail written to the outbox (SYSTEM_SMTP_URL is not set)',
      )
      return { messageId: info.messageId }
    },
    close: () => {},
  }
}
