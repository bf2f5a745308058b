/**
 * Sending through the therapist's own SMTP server (nodemailer's SMTPConnection, one connection per
 * send). TLS is enforced by us, not left to the server: implicit TLS or a required STARTTLS, with
 * certificate checks against the name the user typed, while the socket goes to the address the
 * host guard vetted. Every failure is classified by what the server can have done with the
 * message: until the message body starts to go out nothing was accepted; after that, only an
 * explicit reply says so, and silence or a dropped connection is `unknown_outcome`.
 */
import { Readable } from 'node:stream'
import { checkServerIdentity, connect as tlsConnect } from 'node:tls'
import type { PeerCertificate } from 'node:tls'
import type { MailSecurity } from '@myodocs/shared/contracts/email'
import {
  certificateNameMessage,
  EXPECTS_STARTTLS_MESSAGE,
  EXPECTS_TLS_MESSAGE,
} from '@myodocs/shared/constants/email-messages'
import type { EmailFailureClass } from '@myodocs/shared/constants/email-messages'
import { tlsOptions } from '../connection-policy'
import type { MailConnectionPolicy } from '../connection-policy'
import { vetMailHost } from '../mail-host'
import { MailFailure } from '../transport'
import type { Envelope, HandOver, MailTransport, SendReceipt } from '../transport'

export type SmtpAccount = {
  host: string
  port: number
  security: MailSecurity
  user: string
  password: string
  /**
   * Signs in with XOAUTH2 and this token instead of the password (Yahoo Mail by OAuth). The
   * token is given ready to use: nodemailer never refreshes it (the OAuth module does, under its lock).
   */
  accessToken?: string
}

export type SmtpTransport = MailTransport & {
  /** Connects and signs in, then says goodbye: the settings page's Test. Throws `MailFailure`. */
  verify(): Promise<void>
}

/** How far a conversation got; decides what a failure can mean for the message. */
type Stage = 'connect' | 'auth' | 'envelope' | 'data'

type SmtpError = Error & {
  code?: string
  originalCode?: string
  responseCode?: number
  response?: string
  command?: string
  timeoutType?: string
}

const TLS_ERROR =
  /^(?:ETLS|EPROTO)$|^(?:ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/
// Microsoft 365 tenants with SMTP AUTH (or basic authentication) switched off.
const MICROSOFT_AUTH_DISABLED =
  /5\.7\.139|SmtpClientAuthentication is disabled|basic authentication is disabled/i
const RATE_LIMITED = /rate limit|too many|throttl|try again later.*(?:messages|connections)/i
// OpenSSL reading a plaintext greeting ("220 …") as a TLS record: the port speaks STARTTLS.
const PLAINTEXT_FOR_TLS =
  /wrong version number|packet length too long|unknown protocol|http request/i

/**
 * Turns a nodemailer error into a `MailFailure`, knowing how far the conversation got. Exported
 * for its tests; transports call it through `send`.
 */
export function classifySmtpError(err: unknown, stage: Stage): MailFailure {
  if (err instanceof MailFailure) return err
  const e = (err ?? {}) as SmtpError
  const reply = e.response ?? ''
  const enhanced = /\b[245]\.\d{1,3}\.\d{1,3}\b/.exec(reply)?.[0]
  const status = e.responseCode
  // Only codes, never the reply's text: a reply can echo a recipient's address.
  const detail = [stage, e.code, e.originalCode, e.timeoutType, status, enhanced]
    .filter(Boolean)
    .join(' ')
  const failure = (cls: ConstructorParameters<typeof MailFailure>[0], retryable = false) =>
    new MailFailure(cls, { detail, retryable })
  const transient = () =>
    RATE_LIMITED.test(reply) ? failure('rate_limited') : failure('temporary_failure', true)

  if (stage === 'data') {
    // The message went out: without an explicit reply nobody knows whether the server took it.
    if (!status) return failure('unknown_outcome')
    if (status >= 500) return failure(status === 552 ? 'too_large' : 'message_rejected')
    return transient()
  }
  if (TLS_ERROR.test(e.code ?? '') || TLS_ERROR.test(e.originalCode ?? '')) {
    if (stage === 'connect' && PLAINTEXT_FOR_TLS.test(`${e.originalCode ?? ''} ${e.message}`))
      return new MailFailure('tls_failed', { detail, text: EXPECTS_STARTTLS_MESSAGE })
    return failure('tls_failed')
  }
  if (stage === 'auth' || e.code === 'EAUTH' || e.code === 'ENOAUTH') {
    if (MICROSOFT_AUTH_DISABLED.test(reply)) return failure('smtp_auth_disabled')
    if (status && status < 500) return transient()
    if (status || e.code === 'EAUTH' || e.code === 'ENOAUTH') return failure('auth_failed')
  }
  if (e.code === 'EMESSAGE' && e.command === 'MAIL FROM') return failure('too_large')
  if (status) {
    if (status < 500) return transient()
    if (status === 552) return failure('too_large')
    if (e.command === 'MAIL FROM') return failure('sender_rejected')
    if (e.command === 'RCPT TO') return failure('recipient_rejected')
    if (stage === 'connect') return failure('connection_failed')
    return failure('message_rejected')
  }
  // Refused, unreachable, timed out or cut before the message went out: nothing was accepted.
  return failure('connection_failed', true)
}

/**
 * What decides, without a connection, whether an account may be reached: the security setting
 * and the host guard. The address to connect to, or a `MailFailure`. Test and Send both pass here.
 */
export async function checkSmtpEndpoint(
  account: Pick<SmtpAccount, 'host' | 'port' | 'security'>,
  policy: MailConnectionPolicy,
) {
  if (account.security === 'none' && !policy.allowInsecure)
    throw new MailFailure('tls_failed', { detail: 'plaintext refused' })
  return vetMailHost(account.host, account.port, 'smtp', policy)
}

/** The names a certificate is for, as a person reads them: its DNS names, else its common name. */
function certificateNames(cert: PeerCertificate): string {
  const dns = (cert.subjectaltname ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('DNS:'))
    .map((s) => s.slice(4))
  const names = dns.length ? dns : [cert.subject?.CN].flat().filter(Boolean)
  return names.slice(0, 3).join(', ')
}

/**
 * Without a greeting this long, the port may be waiting for a TLS handshake (implicit TLS, 465):
 * a second connection tries one, so the therapist learns it in seconds, not at the timeout.
 */
const probeAfterMs = (policy: MailConnectionPolicy) =>
  Math.min(2_000, policy.timeouts.greetingMs / 2)

/** Whether the server at the vetted address completes a TLS handshake (any certificate). */
function answersTls(
  endpoint: { address: string; port: number; servername?: string },
  timeoutMs: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tlsConnect({
      host: endpoint.address,
      port: endpoint.port,
      servername: endpoint.servername,
      // Only the protocol is probed; nothing is sent over this connection.
      rejectUnauthorized: false,
    })
    const done = (answer: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    socket.once('secureConnect', () => done(true))
    socket.once('error', () => done(false))
  })
}

// The whole conversation's ceiling: a server that trickles bytes never trips the idle timeout.
const totalDeadline = (policy: MailConnectionPolicy) =>
  policy.timeouts.connectMs + policy.timeouts.greetingMs + 2 * policy.timeouts.socketMs

/**
 * One SMTP conversation: connect, sign in, and when a message is given, send it. Resolves with
 * the receipt (or null without a message); rejects with a `MailFailure`.
 */
async function converse(
  account: SmtpAccount,
  policy: MailConnectionPolicy,
  clientName: string | undefined,
  message?: { raw: Buffer; envelope: Envelope; handOver?: HandOver },
): Promise<SendReceipt | null> {
  const endpoint = await checkSmtpEndpoint(account, policy)
  const { connectMs, greetingMs, socketMs } = policy.timeouts
  // nodemailer loads on the first SMTP conversation, not at start.
  const [{ default: SMTPConnection }, { default: XOAuth2 }] = await Promise.all([
    import('nodemailer/lib/smtp-connection'),
    import('nodemailer/lib/xoauth2'),
  ])
  const connection = new SMTPConnection({
    host: endpoint.address,
    port: endpoint.port,
    servername: endpoint.servername,
    secure: account.security === 'tls',
    requireTLS: account.security === 'starttls',
    ignoreTLS: account.security === 'none',
    opportunisticTLS: false,
    name: clientName,
    connectionTimeout: connectMs,
    greetingTimeout: greetingMs,
    socketTimeout: socketMs,
    tls: {
      ...tlsOptions(policy, endpoint.servername),
      checkServerIdentity: (host, cert) => {
        const mismatch = checkServerIdentity(host, cert)
        if (mismatch) certificateFor = certificateNames(cert)
        return mismatch
      },
    },
    logger: false,
  })

  let stage: Stage = 'connect'
  // Set when the certificate is valid but for other names: the therapist reads which.
  let certificateFor: string | undefined
  return new Promise<SendReceipt | null>((resolve, reject) => {
    let settled = false
    const deadline = setTimeout(
      () => fail(Object.assign(new Error('deadline'), { code: 'ETIMEDOUT' })),
      totalDeadline(policy),
    )
    const probe =
      account.security === 'tls'
        ? undefined
        : setTimeout(() => {
            void answersTls(endpoint, connectMs).then((tls) => {
              if (tls && stage === 'connect')
                fail(
                  new MailFailure('tls_failed', {
                    detail: 'connect implicit TLS port',
                    text: EXPECTS_TLS_MESSAGE,
                  }),
                )
            })
          }, probeAfterMs(policy))
    const finish = () => {
      settled = true
      clearTimeout(deadline)
      clearTimeout(probe)
    }
    const fail = (err: unknown) => {
      if (settled) return
      finish()
      connection.close()
      reject(
        certificateFor
          ? new MailFailure('tls_failed', {
              detail: 'certificate name',
              text: certificateNameMessage(certificateFor, account.host),
            })
          : classifySmtpError(err, stage),
      )
    }
    // The connection reports most failures both here and to the callback in flight; the first wins.
    connection.on('error', fail)
    connection.once('end', () => fail(Object.assign(new Error('closed'), { code: 'ECONNECTION' })))

    connection.connect((err?: Error | null) => {
      if (err) return fail(err)
      clearTimeout(probe)
      stage = 'auth'
      const credentials = account.accessToken
        ? {
            user: account.user,
            oauth2: new XOAuth2({ user: account.user, accessToken: account.accessToken }),
          }
        : { user: account.user, pass: account.password }
      connection.login(credentials, (loginErr) => {
        if (loginErr) return fail(loginErr)
        if (!message) {
          finish()
          connection.quit()
          return resolve(null)
        }
        // Until MAIL FROM nothing can have been accepted; the send path records the moment.
        void Promise.resolve(message.handOver?.()).then(
          () => (settled ? undefined : sendMessage(message)),
          fail,
        )
      })
    })

    const sendMessage = (message: { raw: Buffer; envelope: Envelope }) => {
      stage = 'envelope'
      // Read only once the server answered DATA with 354: from then on the message is out.
      const body = new Readable({
        read() {
          stage = 'data'
          this.push(message.raw)
          this.push(null)
        },
      })
      connection.send(
        { from: message.envelope.from, to: message.envelope.to, size: message.raw.length },
        body,
        (sendErr, info) => {
          if (sendErr || !info) return fail(sendErr)
          finish()
          connection.quit()
          resolve({
            providerMessageId: queueId(info.response),
            accepted: info.accepted,
            rejected: info.rejected,
            rejectedReasons: rejectedReasons(info.rejectedErrors),
            replacedMessageId: info.serverMessageId,
          })
        },
      )
    }
  })
}

/** Each refused recipient's class, from the server's reply code (never its text). */
function rejectedReasons(
  errors: Array<Error & { recipient?: string; responseCode?: number }> | undefined,
): Record<string, EmailFailureClass> {
  const reasons: Record<string, EmailFailureClass> = {}
  for (const e of errors ?? [])
    if (e.recipient)
      reasons[e.recipient] =
        e.responseCode && e.responseCode < 500 ? 'temporary_failure' : 'recipient_rejected'
  return reasons
}

// "250 2.0.0 Ok: queued as 4Zx9…" and similar: the server's own id, useful to trace a message.
function queueId(response: string | undefined): string | undefined {
  const match = /queued as ([A-Za-z0-9._-]{1,100})/i.exec(response ?? '')
  return match?.[1]
}

/** An SMTP transport for one account under one connection policy. */
export function createSmtpTransport(
  account: SmtpAccount,
  options: { policy: MailConnectionPolicy; clientName?: string },
): SmtpTransport {
  return {
    reportsHandOver: true,
    async send(raw, envelope, handOver) {
      const receipt = await converse(account, options.policy, options.clientName, {
        raw,
        envelope,
        handOver,
      })
      return receipt!
    },
    async verify() {
      await converse(account, options.policy, options.clientName)
    },
  }
}
