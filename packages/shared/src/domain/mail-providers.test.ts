import { describe, expect, it } from 'vitest'
import {
  KNOWN_MAIL_PROVIDERS,
  findMailProvider,
  isFreeMailbox,
  isMicrosoft365SmtpHost,
  mailProviderOfAddress,
} from './mail-providers'
import { MailHostSchema, MailPortSchema } from '../contracts/email'
import { defaultMessage, defaultSubject } from '../constants/mailbox-messages'

describe('free consumer mailboxes', () => {
  it.each([
    'dana@gmail.com',
    'dana@Yahoo.com',
    'dana@outlook.com',
    'dana@hotmail.com',
    'dana@live.com',
    'dana@aol.com',
    'dana@icloud.com',
    'dana@yahoo.co.uk',
    'dana@hotmail.fr',
    'dana@gmail.com.',
  ])('%s is one', (address) => expect(isFreeMailbox(address)).toBe(true))

  it.each(['dana@brightsmiles.com', 'dana@clinic.test', 'dana@fastmail.com', 'not an address', ''])(
    '%s is not',
    (address) => expect(isFreeMailbox(address)).toBe(false),
  )
})

describe('known providers', () => {
  it('declare servers and ports the account schema accepts', () => {
    for (const p of KNOWN_MAIL_PROVIDERS) {
      for (const host of [p.smtpHost, p.imapHost])
        expect(MailHostSchema.safeParse(host).success).toBe(true)
      for (const port of [p.smtpPort, p.imapPort])
        expect(MailPortSchema.safeParse(port).success).toBe(true)
      // Implicit TLS on 465/993, STARTTLS on 587.
      expect(p.smtpSecurity).toBe(p.smtpPort === 465 ? 'tls' : 'starttls')
      expect(p.imapSecurity).toBe('tls')
    }
  })

  it('cover Gmail, Outlook, Yahoo, iCloud, Zoho and Fastmail', () => {
    expect(KNOWN_MAIL_PROVIDERS.map((p) => p.id)).toEqual([
      'gmail',
      'outlook',
      'yahoo',
      'icloud',
      'zoho',
      'fastmail',
    ])
    expect(findMailProvider('gmail')?.smtpHost).toBe('smtp.gmail.com')
  })

  it('are found from an address', () => {
    expect(mailProviderOfAddress('dana@me.com')?.id).toBe('icloud')
    expect(mailProviderOfAddress('dana@HOTMAIL.com')?.id).toBe('outlook')
    expect(mailProviderOfAddress('dana@brightsmiles.com')).toBeUndefined()
  })

  it('recognise Microsoft 365 SMTP, which suggests connecting Outlook', () => {
    expect(isMicrosoft365SmtpHost('SMTP.office365.com')).toBe(true)
    expect(isMicrosoft365SmtpHost('smtp.office365.com.')).toBe(true)
    expect(isMicrosoft365SmtpHost('smtp-mail.outlook.com')).toBe(false)
  })
})

describe('send templates', () => {
  it('name the documents, never the patient', () => {
    expect(defaultSubject(['Assessment Report', 'Patient Summary'])).toBe(
      'Assessment Report and Patient Summary',
    )
    expect(defaultSubject(['Exercise Prescription'])).toBe('Exercise Prescription')
    expect(defaultMessage(['Exercise Prescription'])).toContain(
      'Attached is the exercise prescription',
    )
  })
})
