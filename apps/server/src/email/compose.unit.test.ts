// Unit: the one composer (MIME built once, our Message-ID, envelope from validated mailboxes only).
import { randomBytes } from 'node:crypto'
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { MessageTooLargeError, composeMessage } from './compose'
import type { OutgoingMessage } from './compose'
import { recipientHash } from './recipient-hash'

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64 * 1024)])

const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  from: { name: 'Dana Reyes RDH', address: 'dana@clinic.test' },
  to: [{ name: 'Pat Example', address: 'pat@example.test' }],
  cc: [{ address: 'Referrer@Dental.test' }],
  subject: 'Your assessment report',
  text: 'Hello,\nplease find the report attached.\n\nDana',
  attachments: [
    {
      filename: 'Assessment-Report_Example-Pat_2025-03-04.pdf',
      content: pdf,
      contentType: 'application/pdf',
    },
  ],
  ...over,
})

describe('composeMessage', () => {
  it('builds the message once, with our Message-ID and the envelope of the validated mailboxes', async () => {
    const composed = await composeMessage(message())
    expect(composed.messageId).toMatch(/^<[0-9a-f-]{36}@clinic\.test>$/)
    expect(composed.envelope).toEqual({
      from: 'dana@clinic.test',
      to: ['pat@example.test', 'Referrer@Dental.test'],
    })
    const parsed = await simpleParser(composed.raw)
    expect(parsed.messageId).toBe(composed.messageId)
    expect(parsed.headers.has('bcc')).toBe(false)
    expect(parsed.attachments).toHaveLength(1)
    expect(parsed.attachments[0]!.content.equals(pdf)).toBe(true)
    expect(parsed.attachments[0]!.contentType).toBe('application/pdf')
    expect(parsed.text).toContain('please find the report attached.')
  })

  it('ends every line with CRLF, as SMTP requires', async () => {
    const raw = (await composeMessage(message({ text: 'a\nb\rc\r\nd' }))).raw.toString('latin1')
    expect(raw).not.toMatch(/[^\r]\n/)
    expect(raw).not.toMatch(/\r(?!\n)/)
  })

  it('takes the Message-ID domain it is given', async () => {
    const composed = await composeMessage(message(), { messageIdDomain: 'MyoDocs.Example' })
    expect(composed.messageId).toMatch(/@myodocs\.example>$/)
    await expect(composeMessage(message(), { messageIdDomain: 'x>\r\nBcc: y' })).rejects.toThrow()
  })

  it('refuses a message over the size limit with a typed error', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024)
    const err = await composeMessage(
      message({
        attachments: [{ filename: 'big.pdf', content: big, contentType: 'application/pdf' }],
      }),
    ).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MessageTooLargeError)
    expect((err as MessageTooLargeError).size).toBeGreaterThan(4 * 1024 * 1024)
    await expect(composeMessage(message(), { maxBytes: 1_000 })).rejects.toBeInstanceOf(
      MessageTooLargeError,
    )
  })

  it('validates every mailbox again, whatever the caller passed', async () => {
    const bad = [
      { to: [{ address: 'p@example.test\r\nBcc: evil@attacker.test' }] },
      { to: [{ address: 'p@example.test, evil@attacker.test' }] },
      { to: [{ address: 'evil:p@example.test;' }] },
      { cc: [{ name: 'Pat <evil@attacker.test>', address: 'p@example.test' }] },
      { from: { address: '"p"@example.test' } },
      { to: [] },
      { cc: [{ address: 'PAT@example.test' }] },
    ]
    for (const over of bad)
      await expect(composeMessage(message(over)), JSON.stringify(over)).rejects.toThrow()
  })

  it('refuses attachment names that could carry a path or a header', async () => {
    for (const filename of ['../x.pdf', 'a/b.pdf', 'a\r\nb.pdf', '.hidden.pdf', ''])
      await expect(
        composeMessage(
          message({ attachments: [{ filename, content: pdf, contentType: 'application/pdf' }] }),
        ),
        filename,
      ).rejects.toThrow()
  })
})

describe('recipientHash', () => {
  it('is the same for one address whatever its case, and different for another', () => {
    const secret = 'k'.repeat(40)
    expect(recipientHash(secret, ' Pat@Example.test ')).toBe(
      recipientHash(secret, 'pat@example.test'),
    )
    expect(recipientHash(secret, 'pat@example.test')).not.toBe(
      recipientHash(secret, 'pam@example.test'),
    )
  })
})
