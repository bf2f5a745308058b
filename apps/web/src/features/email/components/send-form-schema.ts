/**
 * The Send dialog's form values and their rules: the documents ticked, where each goes (its
 * reader), and one email per reader; only an email that a ticked document goes to is checked.
 */
import { z } from 'zod'
import {
  EMAIL_MESSAGE_MAX_LENGTH,
  EmailSubjectSchema,
  MAX_RECIPIENTS_PER_SEND,
  MailAddressSchema,
  MailNameSchema,
  sameAddress,
} from '@myodocs/shared/contracts/email'
import { DOCUMENT_KINDS, DOCUMENT_READERS } from '@myodocs/shared/contracts/document-registry'
import type { DocumentReader } from '@myodocs/shared/contracts/document-registry'
import { MAIL_RECIPIENT_DUPLICATE } from '@myodocs/shared/constants/email-messages'
import { tooLong } from '@myodocs/shared/constants/document-messages'

const RecipientSchema = z.object({
  address: MailAddressSchema,
  name: MailNameSchema,
})

/** One email's recipients, subject and message (per reader only when a ticked document goes there). */
export const ReaderEmailSchema = z.object({
  to: z
    .array(RecipientSchema)
    .min(1, 'Add at least one recipient')
    .max(MAX_RECIPIENTS_PER_SEND, `At most ${MAX_RECIPIENTS_PER_SEND} recipients`)
    .superRefine((to, ctx) =>
      to.forEach((r, i) => {
        if (to.slice(0, i).some((earlier) => sameAddress(earlier.address, r.address)))
          ctx.addIssue({ code: 'custom', path: [i, 'address'], message: MAIL_RECIPIENT_DUPLICATE })
      }),
    ),
  subject: EmailSubjectSchema,
  message: z.string().max(EMAIL_MESSAGE_MAX_LENGTH, tooLong('Message', EMAIL_MESSAGE_MAX_LENGTH)),
})

export const SendFormSchema = z
  .object({
    accountId: z.string().min(1, 'Choose the account to send from'),
    kinds: z.array(z.enum(DOCUMENT_KINDS)).min(1, 'Choose at least one document'),
    /** Where each document goes; its registry reader until the therapist changes it. */
    routing: z.record(z.string(), z.enum(DOCUMENT_READERS)),
    /** One email per reader, in `DOCUMENT_READERS` order, whether or not in use. */
    emails: z.array(
      z.object({
        to: z.array(z.object({ address: z.string(), name: z.string() })),
        subject: z.string(),
        message: z.string(),
      }),
    ),
  })
  .superRefine((values, ctx) => {
    DOCUMENT_READERS.forEach((reader, i) => {
      if (!values.kinds.some((kind) => values.routing[kind] === reader)) return
      const checked = ReaderEmailSchema.safeParse(values.emails[i])
      for (const issue of checked.success ? [] : checked.error.issues)
        ctx.addIssue({ code: 'custom', path: ['emails', i, ...issue.path], message: issue.message })
    })
  })
export type SendFormValues = z.input<typeof SendFormSchema>

/** Where each ticked document goes. */
export type Routing = Record<string, DocumentReader>
