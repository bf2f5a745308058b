/**
 * The connection policy the mail tests use: loopback allowed, the test CA trusted, the test
 * servers' free ports allowed, timeouts short enough that a hung server costs seconds yet long enough for a busy CI machine, and a
 * resolver that knows only `mail.test` (→ 127.0.0.1), so no test ever asks real DNS. Also
 * `mailFailureOf`, the failure a mail call ends with.
 */
import { expect } from 'vitest'
import type { MailConnectionPolicy } from '../src/email/connection-policy'
import { MailFailure } from '../src/email/transport'
import type { HostResolver } from '../src/email/mail-host'
import { TEST_MAIL_HOSTNAME } from './test-tls'

export const TEST_MAIL_TIMEOUTS = { connectMs: 3_000, greetingMs: 3_000, socketMs: 4_000 }

/** Resolves `mail.test`, `localhost` and anything in `extra`; every other name is unknown. */
export function testResolver(extra: Record<string, string[]> = {}): HostResolver {
  const table: Record<string, string[]> = {
    [TEST_MAIL_HOSTNAME]: ['127.0.0.1'],
    localhost: ['127.0.0.1'],
    ...extra,
  }
  return async (hostname) => {
    const found = table[hostname]
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return found
  }
}

export function testMailPolicy(
  options: { ca: string; ports: number[] } & Partial<MailConnectionPolicy>,
): MailConnectionPolicy {
  const { ca, ports, ...overrides } = options
  return {
    allowInsecure: false,
    allowPrivateHosts: true,
    extraCa: [ca],
    extraPorts: ports,
    timeouts: TEST_MAIL_TIMEOUTS,
    resolve: testResolver(),
    ...overrides,
  }
}

/** Awaits a call that must fail and returns its `MailFailure` (failing the test otherwise). */
export async function mailFailureOf(promise: Promise<unknown>): Promise<MailFailure> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(MailFailure)
  return err as MailFailure
}
