/**
 * /api/providers: the practice's address book of providers, for the account holder and members
 * alike (docs/product/providers.md).
 */
import { z } from 'zod'
import {
  PROVIDER_CSV_COLUMNS,
  PROVIDER_IMPORT_MAX_BYTES,
  PROVIDER_IMPORT_MAX_ROWS,
  PROVIDERS_MAX,
} from '../constants/provider-messages'
import {
  ProviderIdParamsSchema,
  ProviderImportRequestSchema,
  ProviderImportResultSchema,
  ProviderInputSchema,
  ProviderListSchema,
  ProviderSchema,
} from '../contracts/providers'
import { apiCall } from './define'

const tags = ['providers']
const failures = [400, 401, 403, 404, 409] as const
const scope =
  'The account holder and members of the practice alike; another practice’s provider answers 404.'

/** The address-book calls. */
export const providerCalls = {
  list: apiCall({
    method: 'GET',
    path: '/api/providers',
    access: 'signedIn',
    tags,
    summary: 'The practice’s address book of providers, by name.',
    description: `${scope} Phone and fax are the 10 digits of a US number; absent fields are null.`,
    answer: ProviderListSchema,
    failures,
  }),
  create: apiCall({
    method: 'POST',
    path: '/api/providers',
    access: 'signedIn',
    tags,
    summary: 'Add a provider to the address book.',
    description:
      `${scope} Name and specialty (a provider type) are required; credentials, practice, ` +
      `email, phone, fax and address are optional. 409 when the book already holds ` +
      `${PROVIDERS_MAX} providers, or a provider with the same name, practice and email.`,
    body: ProviderInputSchema,
    answer: ProviderSchema,
    failures,
  }),
  import: apiCall({
    method: 'POST',
    path: '/api/providers/import',
    access: 'signedIn',
    tags,
    summary: 'Import providers from a CSV file (its text in `csv`).',
    description:
      `${scope} The first row names the columns: ${PROVIDER_CSV_COLUMNS.join(', ')} (any ` +
      `order and case; name required). A specialty may be its id, its label or a common ` +
      `word for it (ENT, SLP, sleep medicine). At most ${PROVIDER_IMPORT_MAX_ROWS} rows and ` +
      `${PROVIDER_IMPORT_MAX_BYTES / 1024} KB. All or nothing: one invalid row refuses the ` +
      'file with 400 VALIDATION_ERROR, `fields` naming each error as `rows.<row>.<field>` ' +
      '(the header is row 1); a file that is not CSV or has an unknown column answers 400 ' +
      'BAD_REQUEST. Rows with the name, practice and email of a provider already in the ' +
      'book (or earlier in the file) are skipped and listed by row; the rest are added. ' +
      `409 when they would take the book beyond ${PROVIDERS_MAX} providers.`,
    body: ProviderImportRequestSchema,
    answer: ProviderImportResultSchema,
    failures,
  }),
  update: apiCall({
    method: 'PUT',
    path: '/api/providers/:id',
    access: 'signedIn',
    tags,
    summary: 'Change a provider: the whole record (a field left out is cleared).',
    description: `${scope} 409 when another provider in the book has the same name, practice and email.`,
    params: ProviderIdParamsSchema,
    body: ProviderInputSchema,
    answer: ProviderSchema,
    failures,
  }),
  remove: apiCall({
    method: 'DELETE',
    path: '/api/providers/:id',
    access: 'signedIn',
    tags,
    summary: 'Delete a provider from the address book.',
    description: `${scope} Letters already sent are not affected: the book is not a record of referrals.`,
    params: ProviderIdParamsSchema,
    answer: z.object({ deleted: z.literal(true) }),
    failures,
  }),
}
