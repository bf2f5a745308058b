// Unit: the host guard in front of user-chosen SMTP/IMAP servers (no sockets; resolvers injected).
import { describe, expect, it, vi } from 'vitest'
import type { MailConnectionPolicy } from './connection-policy'
import { isAllowedAddress, vetMailHost } from './mail-host'
import type { HostResolver } from './mail-host'
import { MailFailure } from './transport'
import { mailFailureOf as failureOf } from '../../test/mail-policy'

const policy = (over: Partial<MailConnectionPolicy> = {}): MailConnectionPolicy => ({
  allowInsecure: false,
  allowPrivateHosts: false,
  timeouts: { connectMs: 500, greetingMs: 500, socketMs: 500 },
  resolve: async () => ['93.184.215.14'],
  ...over,
})

// Loopback, private, link-local, CGNAT, ULA, metadata and the odd spellings of 127.0.0.1.
const REFUSED_HOSTS = [
  '127.0.0.1',
  'localhost',
  '::1',
  '[::1]',
  '0.0.0.0',
  '[::ffff:127.0.0.1]',
  '::ffff:7f00:1',
  '2130706433',
  '0x7f000001',
  '017700000001',
  '127.1',
  '0177.0.0.1',
  '169.254.169.254',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  'fd00::1',
  'fe80::1',
  'fe80::1%eth0',
  '224.0.0.1',
  '255.255.255.255',
  '64:ff9b::7f00:1',
  '2002:7f00:1::',
]

describe('vetMailHost', () => {
  it('refuses loopback, private, link-local, CGNAT, ULA, metadata and odd encodings', async () => {
    // `localhost` is a name: the system would resolve it to loopback, as this resolver does.
    const resolve = vi.fn<HostResolver>(async () => ['127.0.0.1'])
    for (const host of REFUSED_HOSTS) {
      const failure = await failureOf(vetMailHost(host, 587, 'smtp', policy({ resolve })))
      expect(failure.failure, host).toBe('host_refused')
      expect(failure.retryable).toBe(false)
    }
    // Only `localhost` reached the resolver; every literal was judged without a lookup.
    expect(resolve.mock.calls.map(([h]) => h)).toEqual(['localhost'])
  })

  it('refuses a name that resolves to a private address, or to public and private at once', async () => {
    for (const answer of [
      ['127.0.0.1'],
      ['10.1.2.3'],
      ['93.184.215.14', '192.168.0.10'],
      ['::ffff:10.0.0.1'],
    ]) {
      const failure = await failureOf(
        vetMailHost('smtp.example.com', 587, 'smtp', policy({ resolve: async () => answer })),
      )
      expect(failure.failure, answer.join()).toBe('host_refused')
    }
  })

  it('resolves once and hands back the vetted address with the name for TLS (no rebinding)', async () => {
    // A rebinding resolver answers public first and loopback afterwards.
    const answers = [['93.184.215.14'], ['127.0.0.1']]
    const resolve = vi.fn<HostResolver>(async () => answers.shift() ?? [])
    const endpoint = await vetMailHost('smtp.example.com', 465, 'smtp', policy({ resolve }))
    expect(endpoint).toEqual({
      address: '93.184.215.14',
      port: 465,
      servername: 'smtp.example.com',
    })
    expect(resolve).toHaveBeenCalledTimes(1)
  })

  it('prefers an IPv4 answer and keeps no TLS name for an IP literal', async () => {
    const both = policy({ resolve: async () => ['2606:4700::1111', '93.184.215.14'] })
    expect((await vetMailHost('mail.example.com.', 993, 'imap', both)).address).toBe(
      '93.184.215.14',
    )
    expect(await vetMailHost('93.184.215.14', 993, 'imap', policy())).toEqual({
      address: '93.184.215.14',
      port: 993,
      servername: undefined,
    })
  })

  it('allows only mail ports, per protocol, plus the ones a policy adds', async () => {
    for (const port of [22, 80, 5432, 6379, 993]) {
      const failure = await failureOf(vetMailHost('smtp.example.com', port, 'smtp', policy()))
      expect(failure.failure, String(port)).toBe('host_refused')
    }
    for (const port of [25, 465, 587, 2525])
      await expect(vetMailHost('smtp.example.com', port, 'smtp', policy())).resolves.toBeTruthy()
    await expect(vetMailHost('imap.example.com', 587, 'imap', policy())).rejects.toThrow(
      MailFailure,
    )
    await expect(
      vetMailHost('smtp.example.com', 40_123, 'smtp', policy({ extraPorts: [40_123] })),
    ).resolves.toBeTruthy()
  })

  it('lets private hosts through only when allowed, and never the metadata service', async () => {
    const allow = policy({ allowPrivateHosts: true, resolve: async () => ['127.0.0.1'] })
    await expect(vetMailHost('localhost', 587, 'smtp', allow)).resolves.toMatchObject({
      address: '127.0.0.1',
    })
    for (const host of ['10.0.0.1', 'fd00::1', '100.64.0.1'])
      await expect(vetMailHost(host, 587, 'smtp', allow)).resolves.toBeTruthy()
    for (const host of ['169.254.169.254', 'fe80::1', 'fd00:ec2::254', '0.0.0.0', '2130706433']) {
      const failure = await failureOf(vetMailHost(host, 587, 'smtp', allow))
      expect(failure.failure, host).toBe('host_refused')
    }
  })

  it('reports a name that does not resolve, or resolves too slowly, as a connection failure', async () => {
    const missing = await failureOf(
      vetMailHost(
        'nowhere.example',
        587,
        'smtp',
        policy({ resolve: () => Promise.reject(new Error('ENOTFOUND')) }),
      ),
    )
    expect(missing.failure).toBe('connection_failed')
    const slow = await failureOf(
      vetMailHost('slow.example', 587, 'smtp', policy({ resolve: () => new Promise(() => {}) })),
    )
    expect(slow.failure).toBe('connection_failed')
  })

  it('classifies addresses as the guard does', () => {
    expect(isAllowedAddress('93.184.215.14', false)).toBe(true)
    expect(isAllowedAddress('2606:4700::1111', false)).toBe(true)
    expect(isAllowedAddress('::ffff:93.184.215.14', false)).toBe(true)
    expect(isAllowedAddress('192.0.2.1', true)).toBe(false)
    expect(isAllowedAddress('not-an-ip', true)).toBe(false)
  })
})
