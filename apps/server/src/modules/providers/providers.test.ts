/**
 * The practice's address book (docs/product/providers.md): the account holder and members list,
 * add, change and delete the practice's providers; another practice's never shows nor changes
 * (404); every field is checked with its message; the CSV import adds all its rows or none, names
 * each bad row and field, skips providers already in the book, and refuses files that are not
 * CSV, too large or too long. The book's size is held under a lock.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_INVALID, PHONE_INVALID } from '@myodocs/shared/constants/messages'
import {
  CSV_EMPTY,
  CSV_NO_NAME_COLUMN,
  CSV_TOO_LARGE,
  CSV_TOO_MANY_ROWS,
  PROVIDER_IMPORT_MAX_BYTES,
  PROVIDER_IMPORT_MAX_ROWS,
  PROVIDER_NOT_FOUND,
  PROVIDER_SPECIALTY_REQUIRED,
  PROVIDER_SPECIALTY_UNKNOWN,
  PROVIDERS_MAX,
  csvDuplicateColumn,
  csvRowErrors,
  csvUnknownColumn,
  csvUnreadable,
  csvWouldOverfill,
  providerAlreadyInBook,
  providersFull,
} from '@myodocs/shared/constants/provider-messages'
import { isRequired, tooLong } from '@myodocs/shared/constants/document-messages'
import type { Provider, ProviderImportResult } from '@myodocs/shared/contracts/providers'
import { auditEvents, providers } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestAgent, TestApp } from '../../../test/test-app'
import { insertAccount, insertMember, signIn } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function practice() {
  const account = await insertAccount(t.database.db)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

async function memberOf(businessId: string) {
  const account = await insertMember(t.database.db, businessId)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

const NAME_REQUIRED = isRequired('Provider name')
const KIND_REQUIRED = 'Choose the kind of provider'

type Failure = { code: string; message: string; fields?: Record<string, string> }

const DANA = {
  name: 'Dana Reyes',
  credentials: 'DDS, MS',
  practice: 'Bright Smiles Orthodontics',
  specialty: 'orthodontist',
  email: 'Dana@Bright.test',
  phone: '(503) 555-0142',
  fax: '503.555.0143',
  address: '12 Main St\nPortland, OR 97201',
}

const add = async (agent: TestAgent, body: unknown = DANA) => {
  const res = await agent.post('/api/providers', body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: Provider }>().data
}
const list = async (agent: TestAgent) => {
  const res = await agent.get('/api/providers')
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: { providers: Provider[] } }>().data.providers
}
const importCsv = (agent: TestAgent, csv: string) => agent.post('/api/providers/import', { csv })

describe('the address book', () => {
  it('adds, lists by name, changes and deletes a provider', async () => {
    const { agent, account } = await practice()
    expect(await list(agent)).toEqual([])

    const dana = await add(agent)
    expect(dana).toMatchObject({
      name: 'Dana Reyes',
      credentials: 'DDS, MS',
      practice: 'Bright Smiles Orthodontics',
      specialty: 'orthodontist',
      email: 'dana@bright.test',
      phone: '5035550142',
      fax: '5035550143',
      address: '12 Main St\nPortland, OR 97201',
    })
    const avery = await add(agent, { name: 'avery Lin', specialty: 'ent' })
    expect(avery).toMatchObject({ credentials: null, email: null, phone: null, address: null })
    expect((await list(agent)).map((p) => p.name)).toEqual(['avery Lin', 'Dana Reyes'])

    // A change is the whole record: what is left out is cleared.
    const changed = await agent.put(`/api/providers/${dana.id}`, {
      name: 'Dana Reyes',
      specialty: 'release_provider',
      email: 'dana@release.test',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json<{ data: Provider }>().data).toMatchObject({
      id: dana.id,
      specialty: 'release_provider',
      email: 'dana@release.test',
      practice: null,
      phone: null,
    })

    expect((await agent.delete(`/api/providers/${dana.id}`)).statusCode).toBe(200)
    expect((await list(agent)).map((p) => p.id)).toEqual([avery.id])
    const again = await agent.delete(`/api/providers/${dana.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json<Failure>().message).toBe(PROVIDER_NOT_FOUND)

    // The activity log names the provider by id, never by name.
    const events = await t.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.businessId, account.businessId))
    expect(events.filter((e) => e.action.startsWith('provider.'))).toEqual(
      expect.arrayContaining([
        { action: 'provider.create', details: { providerId: dana.id, specialty: 'orthodontist' } },
        {
          action: 'provider.update',
          details: { providerId: dana.id, specialty: 'release_provider' },
        },
        { action: 'provider.delete', details: { providerId: dana.id } },
      ]),
    )
    expect(JSON.stringify(events)).not.toContain('Dana')
  })

  it.each([
    ['no name', { specialty: 'ent' }, 'name', NAME_REQUIRED],
    ['a blank name', { name: '   ', specialty: 'ent' }, 'name', NAME_REQUIRED],
    [
      'a long name',
      { name: 'x'.repeat(201), specialty: 'ent' },
      'name',
      tooLong('Provider name', 200),
    ],
    ['no specialty', { name: 'Avery Lin' }, 'specialty', KIND_REQUIRED],
    ['an unknown specialty', { name: 'A', specialty: 'wizard' }, 'specialty', KIND_REQUIRED],
    ['a bad email', { name: 'A', specialty: 'ent', email: 'not-an-email' }, 'email', EMAIL_INVALID],
    ['a bad phone', { name: 'A', specialty: 'ent', phone: '555-01' }, 'phone', PHONE_INVALID],
    ['a bad fax', { name: 'A', specialty: 'ent', fax: 'fax me' }, 'fax', PHONE_INVALID],
    [
      'a long address',
      { name: 'A', specialty: 'ent', address: 'x'.repeat(501) },
      'address',
      tooLong('Address', 500),
    ],
    ['a control character', { name: 'A\u0007', specialty: 'ent' }, 'name', undefined],
  ])('refuses %s with the field’s message', async (_what, body, field, message) => {
    const { agent } = await practice()
    for (const res of [
      await agent.post('/api/providers', body),
      await agent.put(`/api/providers/${(await add(agent)).id}`, body),
    ]) {
      expect(res.statusCode).toBe(400)
      const failure = res.json<Failure>()
      expect(failure.code).toBe('VALIDATION_ERROR')
      expect(failure.fields?.[field]).toBeDefined()
      if (message) expect(failure.fields?.[field]).toBe(message)
    }
    expect(await list(agent)).toHaveLength(1)
  })

  it('is the practice’s: members read and edit it, another practice neither sees nor touches it', async () => {
    const { agent: owner, account } = await practice()
    const { agent: member } = await memberOf(account.businessId)
    const dana = await add(owner)
    const avery = await add(member, { name: 'Avery Lin', specialty: 'sleep_physician' })
    expect((await list(member)).map((p) => p.id).sort()).toEqual([dana.id, avery.id].sort())
    expect((await list(owner)).map((p) => p.id).sort()).toEqual([dana.id, avery.id].sort())
    const edited = await member.put(`/api/providers/${dana.id}`, { ...DANA, credentials: 'DMD' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await owner.delete(`/api/providers/${avery.id}`)).statusCode).toBe(200)

    const { agent: stranger } = await practice()
    const { agent: strangersMember } = await memberOf(
      (await insertAccount(t.database.db)).businessId,
    )
    for (const other of [stranger, strangersMember]) {
      expect(await list(other)).toEqual([])
      const put = await other.put(`/api/providers/${dana.id}`, { name: 'Taken', specialty: 'ent' })
      expect(put.statusCode).toBe(404)
      expect(put.json<Failure>().message).toBe(PROVIDER_NOT_FOUND)
      expect((await other.delete(`/api/providers/${dana.id}`)).statusCode).toBe(404)
    }
    const [row] = await t.database.db.select().from(providers).where(eq(providers.id, dana.id))
    expect(row).toMatchObject({ name: 'Dana Reyes', credentials: 'DMD' })
  })

  it('refuses a provider already in the book (same name, practice and email, any case)', async () => {
    const { agent } = await practice()
    const dana = await add(agent)
    const again = await agent.post('/api/providers', {
      ...DANA,
      name: ' dana reyes ',
      email: 'DANA@bright.test',
      phone: '',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json<Failure>()).toMatchObject({
      code: 'CONFLICT',
      message: providerAlreadyInBook('dana reyes'),
    })
    // Another practice or another email is another provider; a change may keep its own identity.
    const other = await add(agent, { ...DANA, email: 'dana@other.test' })
    const renamed = await agent.put(`/api/providers/${dana.id}`, { ...DANA, phone: '' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const clash = await agent.put(`/api/providers/${other.id}`, DANA)
    expect(clash.statusCode).toBe(409)
    expect(clash.json<Failure>().message).toBe(providerAlreadyInBook('Dana Reyes'))
    expect(await list(agent)).toHaveLength(2)
  })

  it(`holds at most ${PROVIDERS_MAX} providers`, async () => {
    const { agent, account } = await practice()
    await t.database.db.insert(providers).values(
      Array.from({ length: PROVIDERS_MAX - 1 }, (_, i) => ({
        businessId: account.businessId,
        name: `Provider ${i}`,
        specialty: 'dentist' as const,
      })),
    )
    const overfill = await importCsv(agent, 'name,specialty\nA One,ENT\nB Two,ENT\n')
    expect(overfill.statusCode).toBe(409)
    expect(overfill.json<Failure>().message).toBe(csvWouldOverfill(PROVIDERS_MAX, 1))
    // Two at once for the last place: one gets it, whichever the database lets in first.
    const both = await Promise.all([
      agent.post('/api/providers', DANA),
      agent.post('/api/providers', { ...DANA, name: 'Lee Park', email: 'lee@example.test' }),
    ])
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409])
    const refused = both.find((res) => res.statusCode === 409)!
    expect(refused.json<Failure>().message).toBe(providersFull(PROVIDERS_MAX))
    expect(await list(agent)).toHaveLength(PROVIDERS_MAX)
  })
})

describe('the CSV import', () => {
  it('adds every row, reading the header and specialties as people write them', async () => {
    const { agent } = await practice()
    await add(agent)
    const csv = [
      '\ufeffName,E-mail,Specialty,Phone,Fax,Address,Credentials,Practice',
      'Avery Lin,avery@ent.test,ENT,503-555-0100,,,"MD, FACS",Portland ENT',
      '"Okafor, Riley",,sleep medicine,,(503) 555-0101,"1 Elm St',
      'Salem, OR",,',
      ',,,,,,,',
      'Jordan Park,,slp,,,,CCC-SLP,',
      // Already in the book (name, practice and email, any case): skipped.
      'dana reyes,DANA@bright.test,orthodontist,,,,,Bright Smiles Orthodontics',
      // Twice in the file: the second is skipped.
      'Jordan Park,,Speech-language pathologist,,,,,',
    ].join('\r\n')
    const res = await importCsv(agent, csv)
    expect(res.statusCode, res.body).toBe(200)
    const result = res.json<{ data: ProviderImportResult }>().data
    expect(result.imported).toBe(3)
    expect(result.skipped).toEqual([
      // Rows as a spreadsheet numbers them: the quoted two-line address is one row.
      { row: 6, name: 'dana reyes' },
      { row: 7, name: 'Jordan Park' },
    ])
    expect(result.providers.map((p) => [p.name, p.specialty])).toEqual([
      ['Avery Lin', 'ent'],
      ['Okafor, Riley', 'sleep_physician'],
      ['Jordan Park', 'slp'],
    ])
    expect(result.providers[0]).toMatchObject({
      credentials: 'MD, FACS',
      practice: 'Portland ENT',
      email: 'avery@ent.test',
      phone: '5035550100',
      fax: null,
    })
    expect(result.providers[1]).toMatchObject({ fax: '5035550101', address: '1 Elm St\nSalem, OR' })
    expect(await list(agent)).toHaveLength(4)
  })

  it('imports nothing when a row is wrong, naming each row and field', async () => {
    const { agent } = await practice()
    const csv = [
      'name,specialty,email,phone',
      'Avery Lin,ENT,avery@ent.test,',
      ',ENT,,',
      'Riley Okafor,wizard,riley@,555',
      'Jordan Park,slp,,,extra',
    ].join('\n')
    const res = await importCsv(agent, csv)
    expect(res.statusCode).toBe(400)
    const failure = res.json<Failure>()
    expect(failure.code).toBe('VALIDATION_ERROR')
    expect(failure.message).toBe(csvRowErrors(3))
    expect(failure.fields).toEqual({
      'rows.3.name': NAME_REQUIRED,
      'rows.4.specialty': PROVIDER_SPECIALTY_UNKNOWN,
      'rows.4.email': EMAIL_INVALID,
      'rows.4.phone': PHONE_INVALID,
      'rows.5': 'Row 5 has 5 cells but the header names 4 columns',
    })
    const blankSpecialty = await importCsv(agent, 'name,specialty\nAvery Lin,\n')
    expect(blankSpecialty.json<Failure>().fields).toEqual({
      'rows.2.specialty': PROVIDER_SPECIALTY_REQUIRED,
    })
    expect(await list(agent)).toEqual([])
  })

  it.each([
    ['an empty file', '', CSV_EMPTY],
    ['a header only', 'name,specialty\n\n', CSV_EMPTY],
    ['no name column', 'specialty,email\nENT,a@b.test\n', CSV_NO_NAME_COLUMN],
    ['an unknown column', 'name,specialty,notes\nA,ENT,x\n', csvUnknownColumn(3)],
    ['a column twice', 'name,email,Name\nA,a@b.test,B\n', csvDuplicateColumn('name')],
    ['an unclosed quote', 'name,specialty\n"Avery Lin,ENT\n', csvUnreadable(2)],
  ])('refuses %s, saying what is wrong with the file', async (_what, csv, message) => {
    const { agent } = await practice()
    const res = await importCsv(agent, csv)
    expect(res.statusCode).toBe(400)
    expect(res.json<Failure>()).toMatchObject({ code: 'BAD_REQUEST', message })
    expect(await list(agent)).toEqual([])
  })

  it(`takes at most ${PROVIDER_IMPORT_MAX_ROWS} rows and ${PROVIDER_IMPORT_MAX_BYTES / 1024} KB`, async () => {
    const { agent } = await practice()
    const rows = (n: number) =>
      ['name,specialty', ...Array.from({ length: n }, (_, i) => `Provider ${i},dentist`)].join('\n')
    const tooMany = await importCsv(agent, rows(PROVIDER_IMPORT_MAX_ROWS + 1))
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json<Failure>().message).toBe(CSV_TOO_MANY_ROWS)

    const big = `name,specialty,address\nAvery Lin,ENT,"${'x'.repeat(PROVIDER_IMPORT_MAX_BYTES)}"\n`
    const tooLarge = await importCsv(agent, big)
    expect(tooLarge.statusCode).toBe(400)
    expect(tooLarge.json<Failure>().fields?.csv).toBe(CSV_TOO_LARGE)
    expect(await list(agent)).toEqual([])

    const most = await importCsv(agent, rows(PROVIDER_IMPORT_MAX_ROWS))
    expect(most.statusCode, most.body).toBe(200)
    expect(most.json<{ data: ProviderImportResult }>().data.imported).toBe(PROVIDER_IMPORT_MAX_ROWS)
  })

  it('needs a session and the CSRF token', async () => {
    const anonymous = t.agent()
    expect((await anonymous.get('/api/providers')).statusCode).toBe(401)
    const { agent } = await practice()
    const res = await agent.request({
      method: 'POST',
      url: '/api/providers/import',
      payload: { csv: 'name,specialty\nA,ENT\n' },
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(await list(agent)).toEqual([])
  })
})
