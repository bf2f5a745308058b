/**
 * The practice's address book of providers (docs/product/providers.md): the people a therapist
 * refers patients to, kept per practice. A provider row holds only who they are and how to reach
 * them, never a patient or whom they were referred.
 */
import { z } from 'zod'
import { multilineText } from './text'
import { ProviderContactSchema, ProviderTypeSchema } from './referral-letter'
import { CSV_TOO_LARGE, PROVIDER_IMPORT_MAX_BYTES } from '../constants/provider-messages'

/**
 * POST /providers and PUT /providers/{id} body: the referral letter's provider contact and the
 * specialty, one of the provider types. The server stores a blank field as absent, the email in
 * lower case and phone and fax as their 10 digits.
 */
export const ProviderInputSchema = ProviderContactSchema.extend({ specialty: ProviderTypeSchema })

/**
 * Who a provider is for the book's "already in it" rule: name, practice and email, trimmed and in
 * any case. Two providers with the same identity are the same provider.
 */
export const providerIdentity = (p: {
  name: string
  practice?: string | null | undefined
  email?: string | null | undefined
}) => [p.name, p.practice ?? '', p.email ?? ''].map((s) => s.trim().toLowerCase()).join('\u0000')

/** A provider of the address book as the API answers it; absent fields are null. */
export const ProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  credentials: z.string().nullable(),
  practice: z.string().nullable(),
  specialty: ProviderTypeSchema,
  email: z.string().nullable(),
  /** 10 digits; the browser shows them as (555) 123-4567. */
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Provider = z.infer<typeof ProviderSchema>

/** GET /providers → data: the practice's providers, by name. */
export const ProviderListSchema = z.object({ providers: z.array(ProviderSchema) })

export const ProviderIdParamsSchema = z.object({ id: z.uuid() })

/**
 * POST /providers/import body: the CSV file's text. The first row names the columns
 * (`PROVIDER_CSV_COLUMNS`, any order, any case; `name` and `specialty` required).
 */
export const ProviderImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file' })
    .max(PROVIDER_IMPORT_MAX_BYTES, CSV_TOO_LARGE)
    .refine((v) => new TextEncoder().encode(v).length <= PROVIDER_IMPORT_MAX_BYTES, CSV_TOO_LARGE)
    // The byte order mark spreadsheets write first is not text; any other invisible is refused.
    .transform((v) => v.replace(/^\uFEFF/, ''))
    .pipe(multilineText()),
})

/**
 * POST /providers/import → data: every row became a provider, except those already in the book
 * (same name, practice and email), which are listed by their line in the file.
 */
export const ProviderImportResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.array(z.object({ row: z.number().int(), name: z.string() })),
  providers: z.array(ProviderSchema),
})
export type ProviderImportResult = z.infer<typeof ProviderImportResultSchema>
