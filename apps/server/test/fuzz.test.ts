/**
 * Hostile input on every documented route, found by walking the OpenAPI document (a new route is
 * covered without touching this file): fast-check builds bodies from each route's own field names
 * filled with wrong types, huge and control-character strings, lone surrogates, deep nesting and
 * `__proto__`/`constructor` keys, and path ids that are overlong, encoded or not ids at all; plus
 * a wrong content type, broken JSON and an oversized body. Every failure must be our JSON envelope
 * (never a 5xx, never Fastify's own text) and must not echo the input; `/api/ready` answers after.
 * FUZZ_RUNS sets the generated requests per route (a few by default, to stay fast).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@myodocs/shared/contracts/envelope'
import { createTestApp, TEST_ADMIN_TOKEN } from './test-app'
import type { TestAgent, TestApp } from './test-app'
import { acceptAllLegal, insertAccount, signIn } from './factories'

const RUNS = Number(process.env.FUZZ_RUNS ?? 5)
/** Put into every generated string, so an echo of the input is easy to spot. */
const CANARY = 'Zq7canary'

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema }
type Operation = {
  parameters?: Array<{ in: string; name: string }>
  requestBody?: { content?: Record<string, { schema?: JsonSchema } | undefined> }
}
type OpenApi = { paths: Record<string, Record<string, Operation>> }

/** Routes that would end the fuzzing session itself. */
const SKIP = new Set(['POST /api/auth/logout'])

const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${CANARY}${s}`),
  fc.constantFrom(
    `${CANARY}\u0000`,
    `${CANARY}\ud800`,
    `${CANARY}\udfff tail`,
    `${CANARY}\u001b[31m`,
    `${CANARY}<script>alert(1)</script>`,
    `${CANARY}' or 1=1 --`,
    `${CANARY}${'x'.repeat(70_000)}`,
  ),
)
const deep = (depth: number): unknown => (depth === 0 ? CANARY : { a: [deep(depth - 1)] })
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, 0, -1, 1e308, -0, 2 ** 53 + 1, [], {}, deep(400)),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', CANARY), hostileString),
)

/** A body on the route's own field names (found one level deep), each with a hostile value. */
function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const names = Object.keys(schema?.properties ?? {})
  const object = fc
    .record(Object.fromEntries(names.map((n) => [n, hostileValue])), { requiredKeys: [] })
    .chain((o) =>
      fc.constantFrom(
        o,
        { ...o, ['__proto__']: { admin: true } },
        JSON.parse(`{"__proto__":{"isPrimaryUser":true},"constructor":{"prototype":{}}}`),
      ),
    )
  return fc.oneof(object, hostileValue)
}

const hostileId = fc.oneof(
  fc.constantFrom(
    `${CANARY}${'a'.repeat(300)}`,
    `${CANARY}%00`,
    `${CANARY}%2e%2e%2f`,
    `${CANARY}%E0%A4%A`,
    `${CANARY}%ZZ`,
    '00000000-0000-0000-0000-000000000000',
    '-1',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `${CANARY}${encodeURIComponent(s)}`),
)

let t: TestApp
let agent: TestAgent
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => ({
      ...c,
      // Fuzzing must reach validation, not the request budgets.
      rateLimits: Object.fromEntries(
        Object.entries(c.rateLimits).map(([k, v]) => [k, { ...v, max: 1_000_000 }]),
      ) as typeof c.rateLimits,
    }),
  })
  const account = await insertAccount(t.database.db)
  agent = t.agent()
  await signIn(agent, account.email)
  await acceptAllLegal(agent)
})
afterAll(() => t.close())

type Answer = { statusCode: number; body: string; headers: Record<string, unknown> }

/** Why an answer is wrong, or null when it is one of ours. */
function problem(res: Answer): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`
  if (res.statusCode < 400) return null
  if (!String(res.headers['content-type']).startsWith('application/json')) return 'not JSON'
  let body: { success?: unknown; code?: unknown; message?: unknown }
  try {
    body = JSON.parse(res.body) as typeof body
  } catch {
    return 'unparseable body'
  }
  if (body.success !== false || typeof body.message !== 'string') return 'not our envelope'
  if (typeof body.code !== 'string' || !(body.code in ERROR_CODES)) return 'unknown code'
  if (res.body.includes(CANARY)) return 'echoes the input'
  return null
}

describe('malformed URLs', () => {
  it.each([
    ['bad percent-encoding', `/api/invite/${CANARY}%E0%A4%A`],
    ['an overlong id', `/api/invite/${CANARY}${'a'.repeat(300)}`],
    ['a NUL', `/api/invite/${CANARY}%00`],
    ['an unknown route', `/api/${CANARY}/x`],
  ])('%s answers our envelope without echoing the URL', async (_what, url) => {
    const res = await agent.get(url)
    expect(res.statusCode).toBeLessThan(500)
    expect(problem(res)).toBeNull()
  })
})

describe('fuzzing every documented route', () => {
  it('answers hostile bodies, ids and encodings with our envelope only', async () => {
    const doc = t.app.swagger() as unknown as OpenApi
    const counts = { routes: 0, requests: 0 }
    const statuses: Record<number, number> = {}
    const failures: string[] = []
    const record = (what: string, res: Answer) => {
      counts.requests++
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
      const why = problem(res)
      if (why) failures.push(`${what}: ${why} (${res.statusCode} ${res.body.slice(0, 160)})`)
    }
    const oversized = JSON.stringify({ [CANARY]: 'x'.repeat(2 * 1024 * 1024) })

    for (const [route, operations] of Object.entries(doc.paths)) {
      if (!route.startsWith('/api/')) continue
      for (const [lower, operation] of Object.entries(operations)) {
        const method = lower.toUpperCase()
        if (SKIP.has(`${method} ${route}`)) continue
        counts.routes++
        const headers = route.startsWith('/api/admin')
          ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }
          : {}
        const schema = operation.requestBody?.content?.['application/json']?.schema
        const hasBody = method !== 'GET' && method !== 'DELETE'
        const url = (id: string) => route.replace(/\{[^}]+\}/g, id)
        const plainUrl = url('00000000-0000-4000-8000-000000000000')

        await fc.assert(
          fc.asyncProperty(hostileId, hostileBody(schema), async (id, body) => {
            const res = await agent.request({
              method,
              url: route.includes('{')
                ? url(id)
                : `${plainUrl}?${CANARY}=${encodeURIComponent(id)}`,
              headers,
              ...(hasBody ? { payload: JSON.stringify(body) } : {}),
              ...(hasBody ? { headers: { ...headers, 'content-type': 'application/json' } } : {}),
            })
            record(`${method} ${route}`, res)
          }),
          { numRuns: RUNS },
        )
        if (!hasBody) continue
        for (const [kind, payload, type] of [
          ['wrong content type', `${CANARY}=1`, 'text/plain'],
          ['broken JSON', `{"${CANARY}": [1,`, 'application/json'],
          ['oversized body', oversized, 'application/json'],
        ] as const) {
          const res = await agent.request({
            method,
            url: plainUrl,
            payload,
            headers: { ...headers, 'content-type': type },
          })
          record(`${method} ${route} ${kind}`, res)
        }
      }
    }

    process.stdout.write(
      `fuzz: ${counts.requests} requests over ${counts.routes} routes; statuses ${JSON.stringify(statuses)}\n`,
    )
    expect(counts.routes).toBeGreaterThan(40)
    expect(failures).toEqual([])
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200)
  }, 120_000)
})
