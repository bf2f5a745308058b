// Unit: the email contracts: one mailbox per address field, the SMTP account body, the send request.
import { describe, expect, it } from 'vitest'
import {
  MAIL_ADDRESS_INVALID,
  MAIL_NAME_INVALID,
  MAIL_RECIPIENT_DUPLICATE,
  MAIL_SUBJECT_INVALID,
} from '../constants/email-messages'
import {
  MailAddressSchema,
  MailHostSchema,
  MailboxSchema,
  SendEmailRequestSchema,
  SmtpConfigCreateRequestSchema,
  fromLine,
  sendMessagesOf,
  SmtpConfigUpdateRequestSchema,
  SmtpConfigurationSchema,
} from './email'

const messagesOf = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('MailAddressSchema', () => {
  it('accepts one plain address, trimmed of spaces', () => {
    for (const ok of [
      'pat@example.test',
      "o'neil@dental.example.org",
      'first.last+tag@mail.example.com',
    ])
      expect(MailAddressSchema.parse(ok)).toBe(ok)
    expect(MailAddressSchema.parse('  pat@example.test ')).toBe('pat@example.test')
  })

  it('refuses line breaks, several addresses, display names, quotes, groups and non-ASCII', () => {
    for (const bad of [
      'pat@example.test\r\nBcc: evil@attacker.test',
      'pat@example.test\n',
      'pat@example.test\u0000',
      'pat@example.test, evil@attacker.test',
      'pat@example.test;evil@attacker.test',
      'Pat <pat@example.test>',
      '"pat"@example.test',
      'undisclosed:pat@example.test;',
      'pat@localhost',
      'pät@example.test',
      'pat@exämple.test',
      'pat @example.test',
      `${'a'.repeat(65)}@example.test`,
    ]) {
      const result = MailAddressSchema.safeParse(bad)
      expect(result.success, JSON.stringify(bad)).toBe(false)
    }
    expect(messagesOf(MailAddressSchema.safeParse('a@b.test, c@d.test'))).toEqual({
      '': MAIL_ADDRESS_INVALID,
    })
    expect(MailAddressSchema.safeParse(`${'a'.repeat(60)}@${'b'.repeat(190)}.test`).success).toBe(
      false,
    )
  })
})

describe('MailboxSchema', () => {
  it('takes a name beside the address, and nothing else', () => {
    expect(MailboxSchema.parse({ name: ' Dr. Lee ', address: 'lee@dental.test' })).toEqual({
      name: 'Dr. Lee',
      address: 'lee@dental.test',
    })
    expect(MailboxSchema.safeParse({ address: 'lee@dental.test', bcc: 'x@y.test' }).success).toBe(
      false,
    )
  })

  it('takes names with commas, quotes and accents (the composer quotes them)', () => {
    for (const name of ['Lee, Sam DDS', 'Dr. "Sam" Lee; ENT', 'Zoë Núñez: MD', 'a\\b'])
      expect(MailboxSchema.parse({ name, address: 'lee@dental.test' }).name).toBe(name)
  })

  it('refuses names that could show as another address or break a header', () => {
    for (const name of ['Lee <x@y.test>', 'Lee >', 'Lee\r\nBcc: x@y.test', '=?utf-8?q?=0D=0A?='])
      expect(
        messagesOf(MailboxSchema.safeParse({ name, address: 'lee@dental.test' })),
        name,
      ).toEqual({
        name: MAIL_NAME_INVALID,
      })
  })
})

describe('MailHostSchema', () => {
  it('takes a host name or an IP literal, never a URL', () => {
    for (const ok of [
      'smtp.gmail.com',
      'mail.example.org.',
      '203.0.113.7',
      '2001:db8::25',
      '[2001:db8::25]',
    ])
      expect(MailHostSchema.safeParse(ok).success, ok).toBe(true)
    for (const bad of [
      'smtp://mail.example.org',
      'mail.example.org:587',
      'mail example',
      'mail.example.org/x',
      'a\r\nb',
      '',
    ])
      expect(MailHostSchema.safeParse(bad).success, bad).toBe(false)
  })
})

const account = {
  name: 'Practice mailbox',
  smtpHost: 'smtp.example.org',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  smtpUser: 'dana@example.org',
  smtpPassword: ' pass with spaces ',
  fromAddress: 'dana@example.org',
}

describe('SMTP account bodies', () => {
  it('keeps the password exactly as typed and needs IMAP all or nothing', () => {
    expect(SmtpConfigCreateRequestSchema.parse(account).smtpPassword).toBe(' pass with spaces ')
    expect(
      SmtpConfigCreateRequestSchema.safeParse({
        ...account,
        imapHost: 'imap.example.org',
        imapPort: 993,
        imapSecurity: 'tls',
      }).success,
    ).toBe(true)
    expect(
      messagesOf(
        SmtpConfigCreateRequestSchema.safeParse({ ...account, imapHost: 'imap.example.org' }),
      ),
    ).toEqual({
      imapPort: 'Required when an IMAP server is set',
      imapSecurity: 'Required when an IMAP server is set',
    })
    expect(
      messagesOf(SmtpConfigCreateRequestSchema.safeParse({ ...account, imapPort: 993 })),
    ).toEqual({
      imapHost: 'IMAP server is required',
    })
  })

  it('refuses unknown fields, bad ports and a password with a NUL', () => {
    expect(SmtpConfigCreateRequestSchema.safeParse({ ...account, isDefault: true }).success).toBe(
      false,
    )
    expect(SmtpConfigCreateRequestSchema.safeParse({ ...account, smtpPort: 70_000 }).success).toBe(
      false,
    )
    expect(SmtpConfigCreateRequestSchema.safeParse({ ...account, smtpPort: 58.7 }).success).toBe(
      false,
    )
    expect(
      SmtpConfigCreateRequestSchema.safeParse({ ...account, smtpPassword: 'a\u0000b' }).success,
    ).toBe(false)
    expect(
      SmtpConfigCreateRequestSchema.safeParse({ ...account, smtpPassword: undefined }).success,
    ).toBe(false)
  })

  it('lets an update leave the password out, to keep the stored one', () => {
    expect(
      SmtpConfigUpdateRequestSchema.safeParse({ ...account, smtpPassword: undefined }).success,
    ).toBe(true)
  })

  it('shows an account without any password field', () => {
    const shown = SmtpConfigurationSchema.parse({
      id: 'a1',
      ...account,
      imapHost: null,
      imapPort: null,
      imapSecurity: null,
      imapUser: null,
      sentFolder: null,
      isActive: true,
      isDefault: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    })
    expect(Object.keys(shown).filter((k) => /password/i.test(k))).toEqual([])
  })
})

describe('SendEmailRequestSchema', () => {
  const request = {
    documentTypes: ['assessment', 'patient-summary'],
    data: {},
    to: [{ name: 'Pat Example', address: 'pat@example.test' }],
    cc: [{ address: 'referrals@dental.test' }],
    subject: 'Your assessment documents',
    message: 'Hello,\nattached.',
    account: { type: 'smtp', id: 'a1' },
    idempotencyKey: 'b1f0c2d4-7e9a-4c11-9f3e-2a6d8e4b5c70',
  }

  it('accepts a send to a patient with a referrer in copy', () => {
    expect(SendEmailRequestSchema.safeParse(request).success).toBe(true)
    expect(
      SendEmailRequestSchema.safeParse({
        ...request,
        account: { type: 'oauth', provider: 'gmail' },
      }).success,
    ).toBe(true)
  })

  it('refuses a repeated recipient, a string recipient, a subject with a line break and a repeated document', () => {
    expect(
      messagesOf(
        SendEmailRequestSchema.safeParse({ ...request, cc: [{ address: 'PAT@example.test' }] }),
      ),
    ).toEqual({
      'cc.0.address': MAIL_RECIPIENT_DUPLICATE,
    })
    expect(SendEmailRequestSchema.safeParse({ ...request, to: ['pat@example.test'] }).success).toBe(
      false,
    )
    expect(SendEmailRequestSchema.safeParse({ ...request, to: [] }).success).toBe(false)
    expect(
      messagesOf(SendEmailRequestSchema.safeParse({ ...request, subject: 'Hi\r\nBcc: x@y.test' })),
    ).toEqual({
      subject: MAIL_SUBJECT_INVALID,
    })
    expect(
      SendEmailRequestSchema.safeParse({ ...request, documentTypes: ['assessment', 'assessment'] })
        .success,
    ).toBe(false)
    expect(
      SendEmailRequestSchema.safeParse({ ...request, documentTypes: ['invoice'] }).success,
    ).toBe(false)
    // One request body feeds every document of a send: an assessment and an exercise cannot mix.
    expect(
      SendEmailRequestSchema.safeParse({ ...request, documentTypes: ['assessment', 'exercise'] })
        .success,
    ).toBe(false)
    expect(
      SendEmailRequestSchema.safeParse({
        ...request,
        documentTypes: ['exercise', 'after-visit-summary'],
      }).success,
    ).toBe(true)
    expect(SendEmailRequestSchema.safeParse({ ...request, idempotencyKey: 'short' }).success).toBe(
      false,
    )
    expect(
      SendEmailRequestSchema.safeParse({ ...request, bcc: [{ address: 'x@y.test' }] }).success,
    ).toBe(false)
  })

  it('caps the recipients at 10, To and Cc together', () => {
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ address: `${prefix}${i}@example.test` }))
    expect(
      SendEmailRequestSchema.safeParse({ ...request, to: many(5, 't'), cc: many(5, 'c') }).success,
    ).toBe(true)
    expect(
      SendEmailRequestSchema.safeParse({ ...request, to: many(6, 't'), cc: many(5, 'c') }).success,
    ).toBe(false)
  })
})

describe('SendEmailRequestSchema with messages (one email per reader)', () => {
  const message = (address: string, documentTypes: string[]) => ({
    to: [{ address }],
    documentTypes,
    subject: 'Documents',
    message: 'Attached.',
  })
  const request = {
    data: {},
    messages: [
      message('referrals@dental.test', ['assessment']),
      message('pat@example.test', ['patient-summary']),
    ],
    idempotencyKey: 'b1f0c2d4-7e9a-4c11-9f3e-2a6d8e4b5c70',
  }

  it('accepts one email per reader; one address may get two of them', () => {
    const parsed = SendEmailRequestSchema.safeParse(request)
    expect(parsed.success).toBe(true)
    expect(sendMessagesOf(parsed.data!).map((m) => m.to[0]!.address)).toEqual([
      'referrals@dental.test',
      'pat@example.test',
    ])
    const twice = {
      ...request,
      messages: [
        request.messages[0],
        { ...request.messages[1], to: [{ address: 'referrals@dental.test' }] },
      ],
    }
    expect(SendEmailRequestSchema.safeParse(twice).success).toBe(true)
  })

  it('refuses both forms at once, documents of two pages, a repeat inside one email and none at all', () => {
    expect(
      messagesOf(SendEmailRequestSchema.safeParse({ ...request, subject: 'Both' })),
    ).toHaveProperty('subject')
    expect(
      messagesOf(
        SendEmailRequestSchema.safeParse({
          ...request,
          messages: [request.messages[0], message('pat@example.test', ['exercise'])],
        }),
      ),
    ).toHaveProperty('messages')
    expect(
      messagesOf(
        SendEmailRequestSchema.safeParse({
          ...request,
          messages: [
            {
              ...request.messages[0],
              cc: [{ address: 'Referrals@dental.test' }],
            },
          ],
        }),
      ),
    ).toEqual({ 'messages.0.cc.0.address': MAIL_RECIPIENT_DUPLICATE })
    expect(SendEmailRequestSchema.safeParse({ ...request, messages: [] }).success).toBe(false)
    const { messages: _none, ...neither } = request
    expect(Object.keys(messagesOf(SendEmailRequestSchema.safeParse(neither)))).toEqual(
      expect.arrayContaining(['documentTypes', 'to', 'subject', 'message']),
    )
  })
})

describe('fromLine', () => {
  it('shows the From line as recipients read it: quoted when the name holds more than letters and spaces', () => {
    expect(fromLine('Dana Reyes', 'doc@clinic.test')).toBe('Dana Reyes <doc@clinic.test>')
    expect(fromLine('Dana Probe, RDH · Probe Myo Clinic', 'doc@clinic.test')).toBe(
      '"Dana Probe, RDH · Probe Myo Clinic" <doc@clinic.test>',
    )
    expect(fromLine('Dana "DJ" Probe', 'doc@clinic.test')).toBe(
      '"Dana \\"DJ\\" Probe" <doc@clinic.test>',
    )
    expect(fromLine('  ', 'doc@clinic.test')).toBe('doc@clinic.test')
  })
})
