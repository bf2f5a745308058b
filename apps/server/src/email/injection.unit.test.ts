/**
 * Unit (property): mail header injection. Names, addresses and subjects are built from pieces
 * that break mail headers (CR, LF, NUL, `,`, `;`, quotes, angle brackets, group syntax, unicode).
 * Whatever the shared schema refuses carries such a piece; whatever it accepts composes into a
 * message whose parsed recipients are exactly the validated ones, with no Bcc and no header of
 * its own.
 */
import fc from 'fast-check'
import { simpleParser } from 'mailparser'
import type { AddressObject, EmailAddress } from 'mailparser'
import { describe, expect, it } from 'vitest'
import {
  EmailSubjectSchema,
  MailboxSchema,
  hasHeaderUnsafeCharacters,
  sameAddress,
} from '@myodocs/shared/contracts/email'
import type { Mailbox } from '@myodocs/shared/contracts/email'
import { composeMessage } from './compose'

const HOSTILE = [
  '\r',
  '\n',
  '\r\n',
  '\0',
  '\t',
  ',',
  ';',
  ':',
  '"',
  "'",
  '<',
  '>',
  '\\',
  ' ',
  '@',
  '.',
  '(',
  ')',
  '\u2028',
  '\u0085',
  'é',
  '中',
  '😀',
  '\r\nBcc: evil@attacker.test',
  'evil@attacker.test',
  'undisclosed:',
  '=?utf-8?q?=0D=0A?=',
]

const piece = fc.oneof(fc.stringMatching(/^[a-z0-9]{1,6}$/), fc.constantFrom(...HOSTILE))
const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''))
const address = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constantFrom('pat', 'a.b', "o'neil", 'x+tag', 'first_last'), text),
      fc.oneof(fc.constantFrom('example.test', 'mail.example.org'), text),
    )
    .map(([local, domain]) => `${local}@${domain}`),
  text,
)
const mailbox = fc.record({ name: fc.option(text, { nil: undefined }), address })
const subject = fc.oneof(fc.constantFrom('Your report', 'Résumé 中 😀'), text)

// What an accepted input may not carry, by field (besides control characters).
const ADDRESS_BREAKERS = /[,;:<>"\\()\s]/
const NAME_BREAKERS = /[<>]|=\?/
const carriesIn = (value: string, breakers: RegExp) =>
  hasHeaderUnsafeCharacters(value) || breakers.test(value)

const EXPECTED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
])

const listOf = (field: AddressObject | AddressObject[] | undefined): EmailAddress[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((o) => o.value)

describe('mail header injection (property)', () => {
  it('refuses every hostile piece, and sends what it accepts to exactly the validated recipients', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(mailbox, { minLength: 1, maxLength: 4 }),
        subject,
        async (inputs, rawSubject) => {
          const valid: Mailbox[] = []
          for (const input of inputs) {
            const parsed = MailboxSchema.safeParse(input)
            const carries =
              // Spaces around an address are trimmed; control characters anywhere are refused.
              hasHeaderUnsafeCharacters(input.address) ||
              carriesIn(input.address.trim(), ADDRESS_BREAKERS) ||
              (input.name !== undefined && carriesIn(input.name, NAME_BREAKERS))
            if (carries) expect(parsed.success, JSON.stringify(input)).toBe(false)
            // The request schema refuses a repeated recipient; here it is simply left out.
            if (parsed.success && !valid.some((m) => sameAddress(m.address, parsed.data.address)))
              valid.push(parsed.data)
          }
          const parsedSubject = EmailSubjectSchema.safeParse(rawSubject)
          if (carriesIn(rawSubject, /=\?/)) expect(parsedSubject.success).toBe(false)
          if (valid.length === 0) return

          const [first, ...rest] = valid
          const composed = await composeMessage({
            from: { name: 'Dana Reyes', address: 'dana@clinic.test' },
            to: [first!],
            cc: rest,
            subject: parsedSubject.success ? parsedSubject.data : 'Your report',
            text: `Hello ${rawSubject}`,
          })
          const expected = valid.map((m) => m.address.toLowerCase())
          expect(composed.envelope.to.map((a) => a.toLowerCase())).toEqual(expected)

          const message = await simpleParser(composed.raw)
          const recipients = [...listOf(message.to), ...listOf(message.cc)]
          expect(recipients.some((r) => r.group)).toBe(false)
          expect(recipients.map((r) => r.address?.toLowerCase())).toEqual(expected)
          expect(recipients.map((r) => r.name)).toEqual(valid.map((m) => m.name ?? ''))
          expect([...message.headers.keys()].filter((k) => !EXPECTED_HEADERS.has(k))).toEqual([])
          expect(message.headers.has('bcc')).toBe(false)
          if (parsedSubject.success) expect(message.subject).toBe(parsedSubject.data)
        },
      ),
      { numRuns: 500 },
    )
  })
})
