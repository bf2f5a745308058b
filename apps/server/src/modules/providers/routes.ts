/**
 * /api/providers: the practice's address book of providers, for everyone of the practice (the
 * account holder and members). docs/product/providers.md.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PROVIDER_CSV_COLUMNS,
  PROVIDER_IMPORT_MAX_BYTES,
  PROVIDER_IMPORT_MAX_ROWS,
  PROVIDERS_MAX,
} from '@myodocs/shared/constants/provider-messages'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import {
  ProviderIdParamsSchema,
  ProviderImportRequestSchema,
  ProviderImportResultSchema,
  ProviderInputSchema,
  ProviderListSchema,
  ProviderSchema,
} from '@myodocs/shared/contracts/providers'
import { signedInContext } from '../../plugins/service-context'
import {
  changeProvider,
  createProvider,
  importProviders,
  listProviders,
  removeProvider,
} from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
  409: ApiFailureSchema,
}
const tags = ['providers']
const csrf = [{ csrfToken: [] }]
const scope =
  'The account holder and members of the practice alike; another practice’s provider answers 404.'

export async function providerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)

  r.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The practice’s address book of providers, by name.',
        description: `${scope} Phone and fax are the 10 digits of a US number; absent fields are null.`,
        response: { 200: successEnvelope(ProviderListSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { providers: await listProviders(signedInContext(req)) },
    }),
  )

  r.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add a provider to the address book.',
        description:
          `${scope} Name and specialty (a provider type) are required; credentials, practice, ` +
          `email, phone, fax and address are optional. 409 when the book already holds ` +
          `${PROVIDERS_MAX} providers.`,
        security: csrf,
        body: ProviderInputSchema,
        response: { 200: successEnvelope(ProviderSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await createProvider(signedInContext(req), req.body),
    }),
  )

  r.post(
    '/import',
    {
      schema: {
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
        security: csrf,
        body: ProviderImportRequestSchema,
        response: { 200: successEnvelope(ProviderImportResultSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await importProviders(signedInContext(req), req.body.csv),
    }),
  )

  r.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change a provider: the whole record (a field left out is cleared).',
        description: scope,
        security: csrf,
        params: ProviderIdParamsSchema,
        body: ProviderInputSchema,
        response: { 200: successEnvelope(ProviderSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await changeProvider(signedInContext(req), req.params.id, req.body),
    }),
  )

  r.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a provider from the address book.',
        description: `${scope} Letters already sent are not affected: the book is not a record of referrals.`,
        security: csrf,
        params: ProviderIdParamsSchema,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })), ...failures },
      },
    },
    async (req) => {
      await removeProvider(signedInContext(req), req.params.id)
      return { success: true as const, data: { deleted: true as const } }
    },
  )
}
