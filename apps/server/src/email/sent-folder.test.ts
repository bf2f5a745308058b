/**
 * API (no HTTP): the Sent copy against a real Dovecot started by the test (see
 * `test/test-dovecot.ts`): filed exactly once, never twice when the provider (or an earlier run)
 * filed it already, the name fallback on a server without SPECIAL-USE, and every failure an
 * outcome rather than an exception.
 */
import { createServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testMailPolicy } from '../../test/mail-policy'
import { startTestDovecot } from '../../test/test-dovecot'
import type { TestDovecot } from '../../test/test-dovecot'
import { TEST_MAIL_HOSTNAME } from '../../test/test-tls'
import { composeMessage } from './compose'
import type { MailConnectionPolicy } from './connection-policy'
import { checkImapAccount, fileSentCopy } from './sent-folder'
import type { ImapAccount } from './sent-folder'

let marked: TestDovecot
let unmarked: TestDovecot

beforeAll(async () => {
  ;[marked, unmarked] = await Promise.all([
    startTestDovecot({ sentMailbox: 'special-use' }),
    startTestDovecot({ sentMailbox: 'named-only' }),
  ])
})
afterAll(async () => {
  await Promise.all([marked?.close(), unmarked?.close()])
})

const policyFor = (dovecot: TestDovecot, over: Partial<MailConnectionPolicy> = {}) =>
  testMailPolicy({ ca: dovecot.ca, ports: [dovecot.starttlsPort, dovecot.tlsPort], ...over })

const accountOn = (dovecot: TestDovecot, over: Partial<ImapAccount> = {}): ImapAccount => ({
  host: TEST_MAIL_HOSTNAME,
  port: dovecot.tlsPort,
  security: 'tls',
  user: dovecot.user.name,
  password: dovecot.user.password,
  ...over,
})

async function message(subject = 'Your report') {
  const composed = await composeMessage({
    from: { address: 'doc@clinic.test' },
    to: [{ address: 'pat@example.test' }],
    subject,
    text: 'Attached.',
    attachments: [
      {
        filename: 'Report.pdf',
        content: Buffer.from('%PDF-1.7 x'),
        contentType: 'application/pdf',
      },
    ],
  })
  return { raw: composed.raw, messageIds: [composed.messageId], messageId: composed.messageId }
}

const copiesOf = async (dovecot: TestDovecot, messageId: string) =>
  (await dovecot.messages()).filter((m) => m.raw.includes(messageId)).length

describe('fileSentCopy', () => {
  it('files the exact bytes, marked seen, in the mailbox marked \\Sent, over implicit TLS', async () => {
    const sent = await message()
    const result = await fileSentCopy(accountOn(marked), sent, { policy: policyFor(marked) })
    expect(result).toEqual({ outcome: 'filed', folder: 'Sent' })
    const copies = (await marked.messages()).filter((m) => m.raw.includes(sent.messageId))
    expect(copies).toHaveLength(1)
    expect(copies[0]!.raw.equals(sent.raw)).toBe(true)
    expect(copies[0]!.flags).toContain('\\Seen')
  })

  it('over STARTTLS too, and a second run finds the copy instead of filing another', async () => {
    const sent = await message()
    const account = accountOn(marked, { port: marked.starttlsPort, security: 'starttls' })
    const options = { policy: policyFor(marked) }
    expect((await fileSentCopy(account, sent, options)).outcome).toBe('filed')
    expect((await fileSentCopy(account, sent, options)).outcome).toBe('already_filed')
    expect(await copiesOf(marked, sent.messageId)).toBe(1)
  })

  it('leaves alone a copy the provider filed itself', async () => {
    const sent = await message()
    await marked.append(sent.raw)
    const result = await fileSentCopy(accountOn(marked), sent, { policy: policyFor(marked) })
    expect(result.outcome).toBe('already_filed')
    expect(await copiesOf(marked, sent.messageId)).toBe(1)
  })

  it('finds a copy the provider files a moment later, when told to wait for it', async () => {
    const sent = await message()
    const filedLate = new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
      marked.append(sent.raw),
    )
    const result = await fileSentCopy(accountOn(marked), sent, {
      policy: policyFor(marked),
      settleDelayMs: 600,
    })
    await filedLate
    expect(result.outcome).toBe('already_filed')
    expect(await copiesOf(marked, sent.messageId)).toBe(1)
  })

  it('looks for the id the provider gave the message when it replaced ours', async () => {
    const sent = await message()
    const providers = Buffer.from(
      sent.raw.toString().replace(sent.messageId, '<provider-1@mail.test>'),
    )
    await marked.append(providers)
    const result = await fileSentCopy(
      accountOn(marked),
      { raw: sent.raw, messageIds: [sent.messageId, '<provider-1@mail.test>'] },
      { policy: policyFor(marked) },
    )
    expect(result.outcome).toBe('already_filed')
    expect(await copiesOf(marked, sent.messageId)).toBe(0)
  })

  it('falls back to a known name on a server that marks no Sent mailbox', async () => {
    const sent = await message()
    const result = await fileSentCopy(accountOn(unmarked), sent, { policy: policyFor(unmarked) })
    expect(result).toEqual({ outcome: 'filed', folder: 'Sent Items' })
    expect(await copiesOf(unmarked, sent.messageId)).toBe(1)
  })

  it("uses the user's Sent folder only when the server lists it", async () => {
    const sent = await message()
    const drafts = await fileSentCopy(accountOn(marked, { sentFolder: 'drafts' }), sent, {
      policy: policyFor(marked),
    })
    expect(drafts).toEqual({ outcome: 'filed', folder: 'Drafts' })
    const inDrafts = await marked.messages('Drafts')
    expect(inDrafts.filter((m) => m.raw.includes(sent.messageId))).toHaveLength(1)
    const missing = await fileSentCopy(accountOn(marked, { sentFolder: 'Outbox "x"' }), sent, {
      policy: policyFor(marked),
    })
    expect(missing).toEqual({ outcome: 'failed', reason: 'no_sent_folder' })
  })

  it('answers not_configured without IMAP', async () => {
    expect(await fileSentCopy(null, await message(), { policy: policyFor(marked) })).toEqual({
      outcome: 'not_configured',
    })
  })

  it('turns every failure into an outcome: bad password, untrusted certificate, no server', async () => {
    const sent = await message()
    const wrong = await fileSentCopy(accountOn(marked, { password: 'wrong' }), sent, {
      policy: policyFor(marked),
    })
    expect(wrong).toEqual({ outcome: 'failed', reason: 'auth_failed' })
    const untrusted = await fileSentCopy(accountOn(marked), sent, {
      policy: policyFor(marked, { extraCa: [] }),
    })
    expect(untrusted).toEqual({ outcome: 'failed', reason: 'tls_failed' })
    const plaintext = await fileSentCopy(
      accountOn(marked, { port: marked.starttlsPort, security: 'none' }),
      sent,
      {
        policy: policyFor(marked),
      },
    )
    expect(plaintext).toEqual({ outcome: 'failed', reason: 'tls_failed' })
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const down = await fileSentCopy(accountOn(marked, { port }), sent, {
      policy: testMailPolicy({ ca: marked.ca, ports: [port] }),
    })
    expect(down).toEqual({ outcome: 'failed', reason: 'connection_failed' })
    expect(await copiesOf(marked, sent.messageId)).toBe(0)
  })

  it('gives up on a server that never greets, within the timeouts', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    try {
      const started = Date.now()
      const result = await fileSentCopy(accountOn(marked, { port }), await message(), {
        policy: testMailPolicy({ ca: marked.ca, ports: [port] }),
      })
      expect(result).toEqual({ outcome: 'failed', reason: 'connection_failed' })
      expect(Date.now() - started).toBeLessThan(10_000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('refuses a private IMAP host before connecting when private hosts are not allowed', async () => {
    let connections = 0
    const listener = createServer((socket) => socket.destroy())
    listener.on('connection', () => connections++)
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const { port } = listener.address() as AddressInfo
    try {
      const result = await fileSentCopy(
        accountOn(marked, { host: '127.0.0.1', port }),
        await message(),
        {
          policy: testMailPolicy({ ca: marked.ca, ports: [port], allowPrivateHosts: false }),
        },
      )
      expect(result).toEqual({ outcome: 'failed', reason: 'host_refused' })
      expect(connections).toBe(0)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
  })
})

describe('checkImapAccount', () => {
  it('signs in and names the Sent folder, or says what failed', async () => {
    expect(await checkImapAccount(accountOn(marked), { policy: policyFor(marked) })).toEqual({
      status: 'connected',
      sentFolder: 'Sent',
    })
    expect(await checkImapAccount(accountOn(unmarked), { policy: policyFor(unmarked) })).toEqual({
      status: 'connected',
      sentFolder: 'Sent Items',
    })
    const failed = await checkImapAccount(accountOn(marked, { password: 'nope' }), {
      policy: policyFor(marked),
    })
    expect(failed.status === 'failed' && failed.failure.failure).toBe('auth_failed')
  })
})
