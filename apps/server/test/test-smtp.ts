/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed by mailparser.
 * `failNext(n)` makes the next n messages fail with a 451 so error paths can be driven.
 */
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: Buffer }

export type TestSmtp = {
  url: string
  port: number
  messages: ReceivedMail[]
  failNext(count?: number): void
  /** Holds each message this long before answering the DATA command (slow server). */
  setDelay(ms: number): void
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = []
  const waiters: Array<{
    match: (m: ReceivedMail) => boolean
    resolve: (m: ReceivedMail) => void
  }> = []
  let failures = 0
  let delayMs = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => void later(delayMs).then(() => finish()))
      const finish = () => {
        if (failures > 0) {
          failures--
          const err = Object.assign(new Error('Temporary failure'), { responseCode: 451 })
          callback(err)
          return
        }
        const raw = Buffer.concat(chunks)
        simpleParser(raw).then(
          (parsed) => {
            const mail = Object.assign(parsed, {
              raw,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            })
            messages.push(mail)
            for (const w of [...waiters]) {
              if (w.match(mail)) {
                waiters.splice(waiters.indexOf(w), 1)
                w.resolve(mail)
              }
            }
            callback()
          },
          (err: Error) => callback(err),
        )
      }
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    failNext(count = 1) {
      failures = count
    },
    setDelay(ms) {
      delayMs = ms
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching email arrived')), timeoutMs)
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer)
            resolve(m)
          },
        })
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
