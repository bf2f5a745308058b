/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed by mailparser.
 * `failNext(n)` makes the next n messages fail with a 451 so error paths can be driven.
 *
 * Called with options it is also a user's own mail server: AUTH PLAIN and LOGIN with one
 * account, implicit TLS or STARTTLS with a certificate from the test CA (`test-tls.ts`), and
 * scripted faults (`setFaults`): a 421 or no greeting at all, AUTH refused with a chosen reply,
 * RCPT TO deferred with 451 or refused with 550 for chosen addresses, the connection cut in the middle of DATA, or the message taken and
 * never answered. `connections` counts TCP connections, so a test can prove none was made.
 */
import { SMTPServer } from 'smtp-server'
import type { SMTPServerOptions } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { ParsedMail } from 'mailparser'
import type { AddressInfo, Socket } from 'node:net'
import type { TestCertificate } from './test-tls'

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: Buffer }

export type SmtpFaults = {
  /** `reject`: 421 instead of the greeting; `silent`: the greeting never comes. */
  greeting?: 'reject' | 'silent'
  /** Every AUTH fails with 535 and this text (e.g. Microsoft's `5.7.139 …`). */
  authReply?: string
  /** The next n RCPT TO commands are deferred with 451. */
  rcptFailures?: number
  /** RCPT TO for these addresses is refused with 550 (the others are taken). */
  refuseRecipients?: string[]
  /** `drop`: the connection is cut after the first bytes of the message; `hang`: the whole
   * message is taken (and kept in `messages`) but never answered. */
  data?: 'drop' | 'hang'
}

export type TestSmtpOptions = {
  /** AUTH required, with this account (otherwise AUTH is optional, as for system mail). */
  auth?: { user: string; password: string }
  /** Which AUTH mechanisms the server offers (default PLAIN and LOGIN). */
  authMethods?: Array<'PLAIN' | 'LOGIN' | 'XOAUTH2'>
  /** XOAUTH2: whether this bearer token is valid for this user (the OAuth tests' token check). */
  oauth?: (user: string, accessToken: string) => boolean | Promise<boolean>
  /** `none` (default): plaintext only; `starttls`: offered on connect; `tls`: implicit TLS. */
  tls?: 'none' | 'starttls' | 'tls'
  /** The certificate for `starttls` and `tls`. */
  certificate?: TestCertificate
}

export type TestSmtp = {
  url: string
  port: number
  messages: ReceivedMail[]
  /** TCP connections accepted so far. */
  readonly connections: number
  /** The AUTH mechanism of each successful login, in order. */
  logins: string[]
  /** Connection errors the server reported (a client that dropped a TLS handshake, …). */
  errors: Error[]
  failNext(count?: number): void
  /** Holds each message this long before answering the DATA command (slow server). */
  setDelay(ms: number): void
  /** Replaces the scripted faults (an empty object clears them). */
  setFaults(faults: SmtpFaults): void
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode })

export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = []
  const logins: string[] = []
  const waiters: Array<{
    match: (m: ReceivedMail) => boolean
    resolve: (m: ReceivedMail) => void
  }> = []
  let failures = 0
  let delayMs = 0
  let faults: SmtpFaults = {}
  let connections = 0
  const errors: Error[] = []
  const mode = options.tls ?? 'none'
  if (mode !== 'none' && !options.certificate) throw new Error('TLS needs a certificate')

  const keep = (mail: ReceivedMail) => {
    messages.push(mail)
    for (const w of [...waiters]) {
      if (w.match(mail)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(mail)
      }
    }
  }

  const serverOptions: SMTPServerOptions = {
    logger: false,
    disableReverseLookup: true,
    // A hung test conversation must not hold `close()` for smtp-server's default 30 s.
    closeTimeout: 200,
    secure: mode === 'tls',
    ...(options.certificate
      ? { key: options.certificate.key, cert: options.certificate.cert }
      : {}),
    disabledCommands: mode === 'none' ? ['STARTTLS'] : [],
    authOptional: !options.auth,
    authMethods: options.authMethods ?? ['PLAIN', 'LOGIN'],
    allowInsecureAuth: mode === 'none',
    onConnect(_session, callback) {
      if (faults.greeting === 'reject') return callback(smtpError(421, 'Service not available'))
      if (faults.greeting === 'silent') return
      callback()
    },
    onAuth(auth, _session, callback) {
      if (faults.authReply) return callback(smtpError(535, faults.authReply))
      if (auth.method === 'XOAUTH2') {
        void Promise.resolve(
          options.oauth?.(auth.username ?? '', auth.accessToken ?? '') ?? false,
        ).then((valid) => {
          if (!valid) return callback(null, { data: { status: '401', schemes: 'bearer' } })
          logins.push(auth.method)
          callback(null, { user: auth.username })
        })
        return
      }
      if (auth.username === options.auth?.user && auth.password === options.auth?.password) {
        logins.push(auth.method)
        return callback(null, { user: auth.username })
      }
      callback(smtpError(535, '5.7.8 Authentication credentials invalid'))
    },
    onRcptTo(address, _session, callback) {
      if (faults.refuseRecipients?.includes(address.address.toLowerCase()))
        return callback(smtpError(550, '5.1.1 Mailbox unavailable'))
      if (faults.rcptFailures && faults.rcptFailures > 0) {
        faults.rcptFailures--
        return callback(smtpError(451, '4.3.0 Temporary failure, try again'))
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => {
        if (faults.data === 'drop' && chunks.length === 0) {
          for (const connection of server.connections as Set<{ id: string; _socket: Socket }>)
            if (connection.id === session.id) connection._socket.destroy()
        }
        chunks.push(c)
      })
      stream.on('end', () => void later(delayMs).then(() => finish()))
      const finish = () => {
        if (faults.data === 'hang') {
          void simpleParser(Buffer.concat(chunks)).then((parsed) =>
            keep(
              Object.assign(parsed, {
                raw: Buffer.concat(chunks),
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              }),
            ),
          )
          return
        }
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
            keep(mail)
            callback()
          },
          (err: Error) => callback(err),
        )
      }
    },
  }
  const server = new SMTPServer(serverOptions)
  server.server.on('connection', () => connections++)
  // A client that gives up mid-handshake (the TLS failure tests) is reported here; unheard, it
  // would end the test process.
  server.on('error', (err) => errors.push(err))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get connections() {
      return connections
    },
    logins,
    errors,
    failNext(count = 1) {
      failures = count
    },
    setDelay(ms) {
      delayMs = ms
    },
    setFaults(next) {
      faults = { ...next }
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
    // Connections a fault left hanging (no greeting, no reply) are cut after `closeTimeout`.
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
