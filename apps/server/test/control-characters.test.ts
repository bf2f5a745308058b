/**
 * Control characters in request texts (docs/product/validation.md#text-fields): every string field of
 * every JSON body the API documents, found by walking the OpenAPI document generated from the
 * shared schemas, is sent a NUL, an escape, a lone surrogate, a right-to-left override and a
 * zero-width space, and must answer 400 naming that field (never a 500 from the
 * database). A new field or route is covered without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invisibleCharactersMessage, TEXT_CONTROL_CHARACTERS } from '@myodocs/shared/contracts/text'
import { createTestApp, TEST_ADMIN_TOKEN } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import { acceptAllLegal, insertAccount, newInviteCode, registerPayload, signIn } from './factories'

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
}
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content?: Record<string, { schema?: JsonSchema } | undefined> } }
    >
  >
}

const NUL = 'Text\u0000 with a NUL'
const ESC = 'Text \u001b[31m'
/** Half a surrogate pair: no database stores it (a 500 before the shared text check). */
const LONE_SURROGATE = 'Text \ud800 alone'
/** A right-to-left override and a zero-width space: invisible, they make a name read otherwise. */
const RLO = 'Text \u202Etxet'
const ZWSP = 'Te\u200Bxt'

/** Every path to a free string in a body schema: `[['name'], ['links', 'x'], ['items', 0, 'value']]`. */
/** The one value a property allows (`const`, or an enum of one), as zod's literals are written. */
const tagOf = (s: JsonSchema) => s.const ?? (s.enum?.length === 1 ? s.enum[0] : undefined)

type Tag = { at: (string | number)[]; key: string; value: unknown }
type FieldPath = (string | number)[] & { tags?: Tag[] }

function stringPaths(schema: JsonSchema | undefined, at: (string | number)[] = []) {
  const found: FieldPath[] = []
  if (!schema) return found
  if (schema.enum || schema.const !== undefined) return found
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.includes('string')) found.push([...at])
  // A discriminated union's branch needs its tag (`account.type: 'smtp'`) beside the field.
  const tags = Object.entries(schema.properties ?? {}).filter(([, sub]) => tagOf(sub) !== undefined)
  for (const [key, sub] of Object.entries(schema.properties ?? {}))
    for (const found1 of stringPaths(sub, [...at, key]))
      found.push(
        Object.assign(found1, {
          tags: [
            ...(found1.tags ?? []),
            ...tags.map(([k, v]) => ({ at, key: k, value: tagOf(v) })),
          ],
        }),
      )
  if (schema.items) found.push(...stringPaths(schema.items, [...at, 0]))
  if (typeof schema.additionalProperties === 'object')
    found.push(...stringPaths(schema.additionalProperties, [...at, 'exercise_x']))
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...stringPaths(option, at))
  return found
}

/** A body holding only `value` at `path` and the tags on its way (other fields' messages do not matter). */
function bodyWith(path: FieldPath, value: string): unknown {
  const put = (rest: (string | number)[], at: (string | number)[]): unknown => {
    if (rest.length === 0) return value
    const [head, ...tail] = rest
    if (typeof head === 'number') return [put(tail, [...at, head])]
    const node: Record<string, unknown> = {}
    for (const tag of path.tags ?? [])
      if (tag.at.join('.') === at.join('.')) node[tag.key] = tag.value
    node[head!] = put(tail, [...at, head!])
    return node
  }
  return put([...path], [])
}

let t: TestApp
let signedIn: TestAgent
let anonymous: TestAgent
beforeAll(async () => {
  t = await createTestApp()
  const account = await insertAccount(t.database.db)
  signedIn = t.agent()
  await signIn(signedIn, account.email)
  await acceptAllLegal(signedIn)
  anonymous = t.agent()
  await anonymous.csrf()
})
afterAll(() => t.close())

describe('a control character in any request text', () => {
  it('answers 400 naming the field, for every string of every documented JSON body', async () => {
    const doc = t.app.swagger() as unknown as OpenApi
    const rows: string[] = []
    const failures: string[] = []
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema
        const url = route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
        for (const path of stringPaths(schema)) {
          const field = path.join('.')
          for (const value of [NUL, ESC, LONE_SURROGATE, RLO, ZWSP]) {
            // An address per request: per-address limits on public forms run before validation.
            const n = rows.length
            const res = await signedIn.request({
              remoteAddress: `198.18.${n >> 8}.${n & 255}`,
              method: method.toUpperCase(),
              url,
              payload: bodyWith(path, value) as object,
              headers: route.startsWith('/api/admin')
                ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }
                : {},
            })
            const named =
              res.statusCode === 400 &&
              res.json<{ fields?: Record<string, string> }>().fields?.[field]
            rows.push(`${method.toUpperCase()} ${route} ${field || '(body)'}: ${res.statusCode}`)
            if (!named)
              failures.push(
                `${method.toUpperCase()} ${route} ${field}: ${res.statusCode} ${res.body}`,
              )
          }
        }
      }
    }
    process.stdout.write(`control characters: ${rows.length} requests\n`)
    expect(rows.length).toBeGreaterThan(40)
    expect(failures).toEqual([])
  })

  // The inputs first found to answer 500, each with an otherwise valid body.
  it.each([
    ['POST', '/api/waitlist', { name: 'Sam Lee', email: 'sam@clinic.test' }, 'name', 'anonymous'],
    [
      'PUT',
      '/api/business',
      { name: 'Lee Myo', address: '1 Main St', phone: '' },
      'address',
      'signed-in',
    ],
    [
      'PUT',
      '/api/auth/profile',
      { firstName: 'Dana', lastName: 'Reyes', therapistTitle: 'RDH', therapistPhone: '5551234567' },
      'therapistTitle',
      'signed-in',
    ],
    [
      'PUT',
      '/api/settings/email',
      { settings: { defaultSignature: 'Dana' } },
      'settings.defaultSignature',
      'signed-in',
    ],
    [
      'PUT',
      '/api/settings/exercise-videos',
      { links: { lip_seal: 'https://video.test/a' } },
      'links.lip_seal',
      'signed-in',
    ],
  ] as const)('%s %s refuses a NUL in %s with a 400', async (method, url, body, field, who) => {
    const agent = who === 'anonymous' ? anonymous : signedIn
    const [key, sub] = field.split('.') as [string, string | undefined]
    const original = body as Record<string, unknown>
    const payload = sub
      ? { ...original, [key]: { [sub]: `${(original[key] as Record<string, string>)[sub]}\u0000` } }
      : { ...original, [key]: `${original[key] as string}\u0000x` }
    const res = await agent.request({ method, url, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      fields: { [field]: TEXT_CONTROL_CHARACTERS },
    })
  })

  it('POST /api/auth/register refuses a NUL in a name with a 400', async () => {
    const code = await newInviteCode(t.database.db)
    const res = await anonymous.post(
      '/api/auth/register',
      registerPayload(code, { firstName: 'Ri\u0000ley' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ fields: { firstName: TEXT_CONTROL_CHARACTERS } })
  })

  it('PUT /api/auth/profile refuses a right-to-left override in a name, naming the field; emoji and accents stay', async () => {
    const profile = { lastName: 'Reyes', therapistTitle: 'RDH', therapistPhone: '5551234567' }
    const refused = await signedIn.put('/api/auth/profile', {
      ...profile,
      firstName: 'Dana\u202Esoyer',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { firstName: invisibleCharactersMessage(['firstName']) },
    })
    expect(invisibleCharactersMessage(['firstName'])).toMatch(/^First name contains invisible/)
    const kept = await signedIn.put('/api/auth/profile', { ...profile, firstName: 'Zoë 👩‍⚕️' })
    expect(kept.statusCode).toBe(200)
    expect((await signedIn.get('/api/auth/me')).json()).toMatchObject({
      data: { user: { firstName: 'Zoë 👩‍⚕️' } },
    })
  })

  it('keeps tab and line breaks in a multi-line text', async () => {
    const res = await signedIn.put('/api/business', {
      name: 'Lee Myo',
      address: '1 Main St\r\nSuite\t2',
      phone: '',
    })
    expect(res.statusCode).toBe(200)
  })
})
