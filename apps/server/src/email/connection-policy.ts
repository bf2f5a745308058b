/**
 * How the server may talk to a mail server the user named: which hosts and ports, how long to
 * wait, and which certificates to trust. One policy serves SMTP and IMAP alike; the server's
 * configuration builds it (production: strict), tests build their own (loopback, short timeouts).
 */
import { rootCertificates } from 'node:tls'
import type { ConnectionOptions } from 'node:tls'
import type { HostResolver } from './mail-host'

export type MailTimeouts = {
  /** TCP connect (and the TLS handshake of implicit TLS). */
  connectMs: number
  /** The server's first line after connecting. */
  greetingMs: number
  /** Silence in the middle of a conversation, including the wait for the reply to the message. */
  socketMs: number
}

export type MailConnectionPolicy = {
  /** Lets `none` (no TLS) and certificates no trusted CA signed through; for local testing only. */
  allowInsecure: boolean
  /** Lets hosts resolve to loopback, private, CGNAT and unique-local addresses (a self-hosted server). */
  allowPrivateHosts: boolean
  /** CA certificates (PEM) trusted beside the system's, for a private CA. */
  extraCa?: readonly string[]
  /** Ports allowed beside the mail ports; for test servers on free ports. */
  extraPorts?: readonly number[]
  timeouts: MailTimeouts
  /** Resolves a host name to its addresses; the system resolver unless a test injects one. */
  resolve?: HostResolver
}

/** Long enough for a slow provider, short enough that a request answers well inside a minute. */
export const DEFAULT_MAIL_TIMEOUTS: MailTimeouts = {
  connectMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
}

/**
 * TLS options for a connection made to a vetted IP address: the name the user typed is what the
 * certificate must match (and the SNI the server sees), so connecting by IP weakens nothing.
 */
export function tlsOptions(
  policy: MailConnectionPolicy,
  servername: string | undefined,
): ConnectionOptions {
  return {
    servername,
    minVersion: 'TLSv1.2',
    rejectUnauthorized: !policy.allowInsecure,
    ...(policy.extraCa?.length ? { ca: [...rootCertificates, ...policy.extraCa] } : {}),
  }
}
