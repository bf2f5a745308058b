/**
 * `POST /api/documents/referral-letter`: the assessment body plus `letter`, the provider the letter
 * is addressed to and what it asks (docs/product/documents.md#referral-letter). The provider's
 * contact fields are the address book's too; nothing here is stored with a patient.
 */
import { z } from 'zod'
import { multilineText, text } from './text'
import { AssessmentDocumentRequestSchema } from './documents'
import { EMAIL_INVALID, PHONE_INVALID } from '../constants/messages'
import { isRequired, tooLong } from '../constants/document-messages'
import { normalizeUsPhone } from '../domain/phone'
import { PROVIDER_TYPES } from '../domain/provider-types'

/** Length limits of a provider's fields and of the letter's ask, ours. */
export const PROVIDER_FIELD_LIMITS = {
  name: 200,
  credentials: 100,
  practice: 200,
  email: 254,
  phone: 40,
  fax: 40,
  address: 500,
  ask: 2_000,
} as const
const M = PROVIDER_FIELD_LIMITS

/** One of `PROVIDER_TYPES`: ENT, orthodontist, frenum release provider, sleep physician, … */
export const ProviderTypeSchema = z.enum(PROVIDER_TYPES, {
  error: 'Choose the kind of provider',
})

const optional = (label: string, max: number, builder = text) =>
  builder().trim().max(max, tooLong(label, max)).optional()

const usPhone = (label: string) =>
  optional(label, M.phone).refine((v) => !v || normalizeUsPhone(v) !== null, PHONE_INVALID)

/** A provider's name and how to reach them: the letter's addressee, an address book entry. */
export const ProviderContactSchema = z.object({
  name: text({ error: isRequired('Provider name') })
    .trim()
    .min(1, isRequired('Provider name'))
    .max(M.name, tooLong('Provider name', M.name)),
  /** "MD", "DDS, MS": printed after the name. */
  credentials: optional('Credentials', M.credentials),
  practice: optional('Practice', M.practice),
  email: optional('Email', M.email).refine(
    (v) => !v || z.email().safeParse(v).success,
    EMAIL_INVALID,
  ),
  phone: usPhone('Phone'),
  fax: usPhone('Fax'),
  address: optional('Address', M.address, multilineText),
})

/** The letter's own part of the request. */
export const ReferralLetterSchema = z.object(
  {
    providerType: ProviderTypeSchema,
    provider: ProviderContactSchema,
    /** The therapist's own question, replacing the provider type's default ask. */
    ask: optional('Ask', M.ask, multilineText),
    /**
     * The assessment report goes with the letter: the letter lists it as an enclosure, and the
     * report travels as its own PDF (`POST /api/documents/assessment`, or beside the letter in
     * the same email), counted as the report is.
     */
    attachReport: z.boolean().default(false),
  },
  { error: 'The letter is required' },
)

/** `POST /api/documents/referral-letter`: the assessment body and the letter. */
export const ReferralLetterRequestSchema = AssessmentDocumentRequestSchema.safeExtend({
  letter: ReferralLetterSchema,
})
/** A valid referral letter request: what the letter's template receives. */
export type ReferralLetterRequest = z.infer<typeof ReferralLetterRequestSchema>
