/**
 * The guard in front of every connection to a mail server the user named. A user-chosen host and
 * port would otherwise let anyone make the server probe its own network (an SSRF and port-scan
 * oracle through the Test button). So, before any connection:
 * - the host must be a plain DNS name or a canonical IP literal (no `2130706433`, `0x7f000001`,
 *   `127.1`, zone ids);
 * - the port must be a mail port;
 * - the name is resolved once and every address must be public (loopback, private, CGNAT and
 *   unique-local only when the policy allows private hosts; link-local, cloud metadata,
 *   multicast, reserved and IPv4-in-IPv6 forms never);
 * - the caller connects to the vetted address, sending the name as the TLS server name, so a
 *   second DNS answer (rebinding) never comes into play.
 */
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import type { MailConnectionPolicy } from './connection-policy'
import { portNotAllowedMessage } from '@myodocs/shared/constants/email-messages'
import { MailFailure } from './transport'

/** Resolves a host name to its IP addresses. */
export type HostResolver = (hostname: string) => Promise<string[]>

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address)

export type MailProtocol = 'smtp' | 'imap'

/** Submission and relay ports for SMTP, plain and TLS ports for IMAP. */
export const MAIL_PORTS: Record<MailProtocol, readonly number[]> = {
  smtp: [25, 465, 587, 2525],
  imap: [143, 993],
}

/** Where to connect: the vetted address, and the name TLS must verify (absent for an IP literal). */
export type VettedEndpoint = { address: string; port: number; servername: string | undefined }

// Ranges a self-hosted server may sit in when private hosts are allowed.
const PRIVATE_RANGES = new Set(['loopback', 'private', 'carrierGradeNat', 'uniqueLocal'])
// Cloud instance metadata services, refused even when private hosts are allowed.
const METADATA_ADDRESSES = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  'fd00:ec2::254',
])

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
// A last label that a resolver would read as a number makes the whole name an IPv4 address.
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|[0-9]+)$/

const refused = (detail: string) => new MailFailure('host_refused', { detail })

/** Is this address one the policy lets the server connect to? */
export function isAllowedAddress(address: string, allowPrivateHosts: boolean): boolean {
  if (!ipaddr.isValid(address)) return false
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const ip = ipaddr.process(address)
  if (METADATA_ADDRESSES.has(ip.toString())) return false
  const range = ip.range()
  return range === 'unicast' || (allowPrivateHosts && PRIVATE_RANGES.has(range))
}

type HostLiteral = { kind: 'ip'; address: string } | { kind: 'name'; name: string }

// Accepts a DNS name or a canonical IP literal; anything a resolver might read some other way is refused.
function parseHost(input: string): HostLiteral {
  let host = input.trim().toLowerCase()
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1)
  if (host.includes(':')) {
    if (host.includes('%') || !ipaddr.IPv6.isValid(host)) throw refused('syntax')
    return { kind: 'ip', address: host }
  }
  if (host.endsWith('.')) host = host.slice(0, -1)
  const last = host.slice(host.lastIndexOf('.') + 1)
  if (NUMERIC_LABEL.test(last)) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(host)) throw refused('syntax')
    return { kind: 'ip', address: host }
  }
  if (!HOST_NAME.test(host)) throw refused('syntax')
  return { kind: 'name', name: host }
}

async function resolveWithin(resolve: HostResolver, name: string, ms: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new MailFailure('connection_failed', { detail: 'EDNS timeout', retryable: true })),
      ms,
    )
  })
  try {
    return await Promise.race([resolve(name), timeout])
  } catch (err) {
    if (err instanceof MailFailure) throw err
    // A name that does not resolve is the user's typo far more often than a transient fault.
    throw new MailFailure('connection_failed', { detail: 'EDNS', cause: err })
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Checks a user-chosen mail server before any connection and returns the address to connect to.
 * Throws `MailFailure('host_refused')` for a host or port the policy refuses, and
 * `MailFailure('connection_failed')` for a name that does not resolve.
 */
export async function vetMailHost(
  host: string,
  port: number,
  protocol: MailProtocol,
  policy: MailConnectionPolicy,
): Promise<VettedEndpoint> {
  if (!MAIL_PORTS[protocol].includes(port) && !policy.extraPorts?.includes(port))
    throw new MailFailure('host_refused', { detail: 'port', text: portNotAllowedMessage(port) })
  const literal = parseHost(host)
  const addresses =
    literal.kind === 'ip'
      ? [literal.address]
      : await resolveWithin(
          policy.resolve ?? systemResolver,
          literal.name,
          policy.timeouts.connectMs,
        )
  if (addresses.length === 0) throw new MailFailure('connection_failed', { detail: 'EDNS empty' })
  // Every answer must pass: a name that also points inside the network is refused outright.
  if (!addresses.every((a) => isAllowedAddress(a, policy.allowPrivateHosts)))
    throw refused('address')
  // IPv4 first: hosts with an AAAA record but no IPv6 route are common.
  const address = [...addresses].sort(
    (a, b) => Number(a.includes(':')) - Number(b.includes(':')),
  )[0]!
  return {
    address: ipaddr.process(address).toString(),
    port,
    servername: literal.kind === 'name' ? literal.name : undefined,
  }
}
