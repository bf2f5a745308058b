/**
 * The practice's address book of providers (docs/product/providers.md): listed, added, changed,
 * deleted and imported from a CSV file by anyone of the practice, the account holder and members
 * alike. Another practice's provider does not exist for the caller (404). The book holds who a
 * provider is and how to reach them, never a patient nor whom a provider was referred; the
 * activity log names the provider by its id only.
 */
import type { z } from 'zod'
import {
  PROVIDER_NOT_FOUND,
  PROVIDERS_MAX,
  csvRowErrors,
  csvWouldOverfill,
  providerAlreadyInBook,
  providersFull,
} from '@myodocs/shared/constants/provider-messages'
import { providerIdentity } from '@myodocs/shared/contracts/providers'
import type {
  Provider,
  ProviderImportResult,
  ProviderInputSchema,
} from '@myodocs/shared/contracts/providers'
import { normalizeUsPhone } from '@myodocs/shared/domain/phone'
import { AppError, badRequest, notFound } from '../../lib/errors'
import { withDb } from '../../lib/service-context'
import type { SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { readProviderCsv } from './read-csv'
import {
  deleteProvider,
  insertProviders,
  lockBusiness,
  providerCount,
  providersOf,
  updateProvider,
} from './repository'
import type { ProviderRow, ProviderValues } from './repository'

type ProviderFields = z.output<typeof ProviderInputSchema>

const dto = (row: ProviderRow): Provider => ({
  id: row.id,
  name: row.name,
  credentials: row.credentials,
  practice: row.practice,
  specialty: row.specialty,
  email: row.email,
  phone: row.phone,
  fax: row.fax,
  address: row.address,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** A blank field is stored as null, so a change can clear it. */
const orNull = (v: string | undefined) => v || null

/** What is stored: blanks as null, the email in lower case, phone and fax as their 10 digits. */
const values = (p: ProviderFields): ProviderValues => ({
  name: p.name,
  credentials: orNull(p.credentials),
  practice: orNull(p.practice),
  specialty: p.specialty,
  email: orNull(p.email?.toLowerCase()),
  phone: p.phone ? normalizeUsPhone(p.phone) : null,
  fax: p.fax ? normalizeUsPhone(p.fax) : null,
  address: orNull(p.address),
})

const full = () => new AppError('CONFLICT', providersFull(PROVIDERS_MAX), 409)

/** Refuses a provider the book already holds under another id (a letter's "Save" pressed twice). */
function refuseDuplicate(book: readonly ProviderRow[], input: ProviderFields, self?: string) {
  const key = providerIdentity(input)
  if (book.some((row) => row.id !== self && providerIdentity(row) === key))
    throw new AppError('CONFLICT', providerAlreadyInBook(input.name.trim()), 409)
}

/** GET /providers: the practice's providers by name. */
export async function listProviders(ctx: SignedInContext): Promise<Provider[]> {
  return (await providersOf(ctx.db, ctx.actor.businessId)).map(dto)
}

/** POST /providers: adds one provider, within the book's size. */
export async function createProvider(
  ctx: SignedInContext,
  input: ProviderFields,
): Promise<Provider> {
  const { businessId, id: actorId } = ctx.actor
  const row = await ctx.db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    if ((await providerCount(tx, businessId)) >= PROVIDERS_MAX) throw full()
    refuseDuplicate(await providersOf(tx, businessId), input)
    const [created] = await insertProviders(tx, businessId, [values(input)], ctx.now())
    await recordAudit(withDb(ctx, tx), {
      action: 'provider.create',
      actorId,
      businessId,
      details: { providerId: created!.id, specialty: created!.specialty },
    })
    return created!
  })
  return dto(row)
}

/** PUT /providers/{id}: replaces a provider's details; absent fields are cleared. */
export async function changeProvider(
  ctx: SignedInContext,
  id: string,
  input: ProviderFields,
): Promise<Provider> {
  const { businessId, id: actorId } = ctx.actor
  refuseDuplicate(await providersOf(ctx.db, businessId), input, id)
  const row = await updateProvider(ctx.db, businessId, id, values(input), ctx.now())
  if (!row) throw notFound(PROVIDER_NOT_FOUND)
  await recordAudit(ctx, {
    action: 'provider.update',
    actorId,
    businessId,
    details: { providerId: row.id, specialty: row.specialty },
  })
  return dto(row)
}

/** DELETE /providers/{id}. */
export async function removeProvider(ctx: SignedInContext, id: string): Promise<void> {
  const { businessId, id: actorId } = ctx.actor
  const row = await deleteProvider(ctx.db, businessId, id)
  if (!row) throw notFound(PROVIDER_NOT_FOUND)
  await recordAudit(ctx, {
    action: 'provider.delete',
    actorId,
    businessId,
    details: { providerId: row.id },
  })
}

/**
 * POST /providers/import: every row of the file is checked first; one bad row refuses the whole
 * file (nothing imported, each error named by row and field). Rows naming a provider already in
 * the book, or earlier in the file, are skipped and listed. The rest are added in one
 * transaction, within the book's size.
 */
export async function importProviders(
  ctx: SignedInContext,
  csv: string,
): Promise<ProviderImportResult> {
  const { businessId, id: actorId } = ctx.actor
  const reading = readProviderCsv(csv)
  if (!reading.ok) {
    if ('file' in reading) throw badRequest(reading.file)
    throw badRequest(csvRowErrors(reading.rowsWithErrors), reading.rows)
  }
  return ctx.db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    const existing = await providersOf(tx, businessId)
    const known = new Set(existing.map(providerIdentity))
    const skipped: ProviderImportResult['skipped'] = []
    const fresh: ProviderValues[] = []
    for (const { row, provider } of reading.providers) {
      const key = providerIdentity(provider)
      if (known.has(key)) skipped.push({ row, name: provider.name })
      else {
        known.add(key)
        fresh.push(values(provider))
      }
    }
    const room = PROVIDERS_MAX - existing.length
    if (fresh.length > room)
      throw new AppError('CONFLICT', csvWouldOverfill(PROVIDERS_MAX, Math.max(0, room)), 409)
    const created = await insertProviders(tx, businessId, fresh, ctx.now())
    await recordAudit(withDb(ctx, tx), {
      action: 'provider.import',
      actorId,
      businessId,
      details: {
        imported: created.length,
        skipped: skipped.length,
        rows: reading.providers.length,
      },
    })
    return { imported: created.length, skipped, providers: created.map(dto) }
  })
}
