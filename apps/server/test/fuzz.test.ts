/**
 * Hostile input on every route: each call of the API table (packages/shared/src/api/table.ts),
 * then every other route the OpenAPI document lists, so a new route is covered without touching
 * this file. For each route fast-check builds FUZZ_RUNS requests (100 on
 * PGlite, 20 on PostgreSQL by default) from the route's own schemas (schema-arbitrary.ts): valid
 * bodies, query strings and path ids, and the same broken at one spot (wrong types, 70 kB strings,
 * deep nesting, control characters, lone surrogates, `__proto__`/`constructor` keys, dropped and
 * unknown keys, huge arrays); then wrong content types, broken JSON, an empty body and one over the
 * route's size limit. Every failure must be our JSON envelope (never a 5xx, never Fastify's own
 * text, never a hang) and must not echo the input; `/api/ready` answers after. The counts print
 * per route. FUZZ_SEED replays a run (the seed prints first).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callKey, openApiPath } from '@myodocs/shared/api/define'
import { API_TABLE } from '@myodocs/shared/api/table'
import { DOCUMENT_REQUEST_BODY_LIMIT_BYTES } from '@myodocs/shared/contracts/documents'
import { ERROR_CODES } from '@myodocs/shared/contracts/envelope'
import { startBillingStripe } from './test-billing'
import type { LocalStripe } from './test-stripe'
import { createTestApp, TEST_ADMIN_TOKEN } from './test-app'
import { testDbKind } from './test-database'
import type { TestAgent, TestApp } from './test-app'
import { acceptAllLegal, insertAccount, setPlan, signIn } from './factories'
import { CANARY, hostileValue, mutated, validValue } from './schema-arbitrary'
import type { JsonSchema } from './schema-arbitrary'

// 100 per route on PGlite, about 10,000 requests: 200 made this the longest file of the run, at
// its 5-minute limit on a busy two-core machine (docs/decisions/019-ci-time.md). PostgreSQL
// differs only in storage, which a fifth of those cases reach. FUZZ_RUNS digs deeper by hand.
const RUNS = Number(process.env.FUZZ_RUNS ?? (testDbKind() === 'postgres' ? 20 : 100))
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
/** An answer slower than this is a hang. */
const ANSWER_MS = 15_000
const ROUTES_AT_ONCE = 4
/** Only the routes matching this (e.g. `FUZZ_ROUTES='documents'`), to chase one failure. */
const ONLY = new RegExp(process.env.FUZZ_ROUTES ?? '')
/**
 * Routes taking no input at all, whose answer is a copy of the whole database: a hundred copies
 * would test nothing more than one (test/backup.test.ts covers it).
 */
const NOT_FUZZED = new Set(['GET /api/admin/backup'])
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE)

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema } | undefined> }
}
type OpenApi = { paths: Record<string, Record<string, Operation>> }

/**
 * Routes that render a PDF for a valid body: a render costs ~100 ms of a worker thread, so valid
 * bodies go there only a few times (the renderer's own inputs are tested in packages/documents);
 * broken ones, refused before rendering, make up the rest of the runs. They run one at a time,
 * so the render queue never fills (a full queue rightly answers 503).
 */

const RENDERS = /^POST \/api\/documents\/(?!verify)/
const RENDER_VALID_RUNS = 3

/**
 * Routes that end or change the caller's session or subscription get a signed-in account of their
 * own, so the other routes keep being fuzzed signed in on the plan they started with.
 */
const OWN_ACCOUNT = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'POST /api/auth/change-password',
  'POST /api/account/delete',
  'POST /api/subscription/cancel',
  'POST /api/subscription/reactivate',
  'POST /api/subscription/change-plan',
])

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) goes out as the bytes of
 * an encoded surrogate, invalid UTF-8 the server must refuse cleanly.
 */
/** The line that says why a property failed (fast-check's message repeats the whole input). */
function reasonOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause
  const text = cause instanceof Error ? cause.message : error.message
  const lines = text.split('\n')
  return (lines.find((l) => l.includes('Got error')) ?? lines[0] ?? '').slice(0, 400)
}

function encodeHostile(text: string): string {
  return Array.from(text, (ch) =>
    /^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch),
  ).join('')
}

const hostileId = fc.oneof(
  fc.constantFrom(
    `${CANARY}${'a'.repeat(300)}`,
    `${CANARY}%00`,
    `${CANARY}%2e%2e%2f`,
    `${CANARY}%E0%A4%A`,
    `${CANARY}%ZZ`,
    `${CANARY}%F0%9F`,
    '00000000-0000-0000-0000-000000000000',
    '-1',
    '0x10',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `${CANARY}${encodeHostile(s)}`),
)

/** A query value broken on purpose: raw (already encoded, possibly badly) or hostile text. */
const hostileQueryValue = fc.oneof(
  fc.constantFrom(`${CANARY}%E0%A4%A`, `${CANARY}%00`, `${CANARY}%`, `${CANARY}&${CANARY}=`),
  hostileValue.map((v) => encodeHostile(typeof v === 'string' ? v : JSON.stringify(v))),
)

type Case = { body?: unknown; ids: string[]; query: string }

/** The query string: declared parameters (valid or broken) and stray ones, `__proto__` too. */
function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const declared = parameters.filter((p) => p.in === 'query')
  const values = fc.record(
    Object.fromEntries(declared.map((p) => [p.name, validValue(p.schema ?? {}, p.name)])),
    { requiredKeys: declared.filter((p) => p.required).map((p) => p.name) },
  )
  const pairs = values.map((v) =>
    Object.entries(v).map(([k, x]) => `${k}=${encodeHostile(String(x))}`),
  )
  const stray = fc.array(
    fc.tuple(
      fc.constantFrom(...declared.map((p) => p.name), '__proto__', 'constructor', CANARY),
      hostileQueryValue,
    ),
    { maxLength: 3 },
  )
  return fc
    .tuple(
      pairs,
      fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 3, arbitrary: stray }),
    )
    .map(([good, bad]) => [...good, ...bad.map(([k, v]) => `${k}=${v}`)].join('&'))
}

/** Path ids: mostly hostile, sometimes well-formed (a random id: 404). */
function idsArbitrary(parameters: Parameter[]): fc.Arbitrary<string[]> {
  const path = parameters.filter((p) => p.in === 'path')
  return fc.tuple(
    ...path.map((p) =>
      fc.oneof(
        validValue(p.schema ?? {}, p.name).map((v) => encodeHostile(String(v))),
        hostileId,
      ),
    ),
  )
}

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

/** One route at a time through here (the render routes share it). */
function serial() {
  let last: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const next = last.then(task, task)
    last = next.catch(() => {})
    return next
  }
}

let t: TestApp
let agent: TestAgent
let stripe: LocalStripe | undefined
beforeAll(async () => {
  // Payments set up against the local Stripe, so the billing routes are fuzzed past their 503.
  const billing = await startBillingStripe(() => new Date())
  stripe = billing.stripe
  t = await createTestApp({
    env: billing.env,
    config: (c) => ({
      ...c,
      // Fuzzing must reach validation, not the request budgets.
      rateLimits: Object.fromEntries(
        Object.entries(c.rateLimits).map(([k, v]) => [k, { ...v, max: 1_000_000 }]),
      ) as typeof c.rateLimits,
    }),
  })
  agent = await signedInAgent()
})
afterAll(async () => {
  await t?.close()
  await stripe?.close()
})

/** A primary user on the top plan (so the logo upload is reached too), legal terms accepted. */
async function signedInAgent() {
  const account = await insertAccount(t.database.db)
  await setPlan(t.database.db, account.businessId, 'premium')
  const a = t.agent()
  await signIn(a, account.email)
  await acceptAllLegal(a)
  return a
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

describe('fuzzing every documented route from its schemas', () => {
  it('answers generated and broken requests with our envelope only', async () => {
    const doc = t.app.swagger() as unknown as OpenApi
    const failures: string[] = []
    const table: Array<{ route: string; requests: number; statuses: Record<number, number> }> = []
    const renders = serial()
    const slow: Array<{ ms: number; what: string }> = []
    const started = Date.now()
    process.stdout.write(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays), ${RUNS} runs per route\n`)

    const fuzzRoute = async (route: string, lower: string, operation: Operation) => {
      const method = lower.toUpperCase()
      const name = `${method} ${route}`
      const who = OWN_ACCOUNT.has(name) ? await signedInAgent() : agent
      const row = { route: name, requests: 0, statuses: {} as Record<number, number> }
      table.push(row)
      const baseHeaders: Record<string, string> = route.startsWith('/api/admin')
        ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }
        : {}
      const hasBody = method !== 'GET'
      const parameters = operation.parameters ?? []
      const schema = operation.requestBody?.content?.['application/json']?.schema
      const url = (ids: string[], query: string) => {
        let i = 0
        const p = route.replace(/\{[^}]+\}/g, () => ids[i++] ?? 'x')
        return query ? `${p}?${query}` : p
      }

      const send = async (what: string, opts: { url: string; payload?: string; type?: string }) => {
        const headers: Record<string, string> = { ...baseHeaders }
        if (opts.type) headers['content-type'] = opts.type
        const request = who.request({
          method,
          url: opts.url,
          headers,
          ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
        })
        let timer: NodeJS.Timeout | undefined
        const hang = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), ANSWER_MS)
        })
        const t1 = Date.now()
        try {
          const res = await Promise.race([request, hang])
          if (VERBOSE)
            slow.push({
              ms: Date.now() - t1,
              what: `${name} ${what} ${opts.url.slice(0, 80)} ${String(opts.payload?.length)} ${opts.payload?.slice(0, 100)}`,
            })
          if (!res) return `${name} ${what}: no answer in ${ANSWER_MS} ms`
          row.requests++
          row.statuses[res.statusCode] = (row.statuses[res.statusCode] ?? 0) + 1
          const why = problem(res)
          if (!why) return null
          const failure = `${name} ${what}: ${why} (${res.statusCode} ${res.body.slice(0, 200)})`
          if (VERBOSE)
            process.stdout.write(
              `fuzz: FAIL ${failure}\n  ${opts.url} ${opts.payload?.slice(0, 3000)}\n`,
            )
          return failure
        } finally {
          clearTimeout(timer)
        }
      }

      const body = validValue(schema ?? {})
      const broken = schema ? mutated(body) : hostileValue
      const caseOf = (bodies: fc.Arbitrary<unknown>) =>
        fc.record({
          body: bodies,
          ids: idsArbitrary(parameters),
          query: queryArbitrary(parameters),
        })
      const run = async (cases: fc.Arbitrary<Case>, numRuns: number, seed: number) => {
        try {
          await fc.assert(
            fc.asyncProperty(cases, async (c) => {
              const why = await send('generated', {
                url: url(c.ids, c.query),
                ...(hasBody
                  ? { payload: JSON.stringify(c.body ?? {}), type: 'application/json' }
                  : {}),
              })
              if (why) throw new Error(why)
            }),
            { numRuns, seed, endOnFailure: false },
          )
        } catch (error) {
          failures.push(reasonOf(error as Error))
        }
      }

      const isRender = RENDERS.test(name)
      const all = async () => {
        if (isRender) {
          // A few valid renders, the rest broken bodies (see RENDERS).
          await run(caseOf(body), RENDER_VALID_RUNS, SEED)
          await run(caseOf(broken), RUNS - RENDER_VALID_RUNS, SEED + 1)
        } else if (hasBody && schema) {
          await run(
            caseOf(fc.oneof({ weight: 1, arbitrary: body }, { weight: 3, arbitrary: broken })),
            RUNS,
            SEED,
          )
        } else {
          await run(caseOf(hasBody ? hostileValue : fc.constant(undefined)), RUNS, SEED)
        }
        if (!hasBody) return
        const plain = url(['00000000-0000-4000-8000-000000000000'], '')
        const limit =
          isRender || name === 'POST /api/email/send'
            ? DOCUMENT_REQUEST_BODY_LIMIT_BYTES
            : 1024 * 1024
        const oversized = JSON.stringify({ [CANARY]: 'x'.repeat(limit + 1024) })
        for (const [what, payload, type] of [
          ['text/plain', `${CANARY}=1`, 'text/plain'],
          ['form-encoded', `${CANARY}=1&__proto__[a]=1`, 'application/x-www-form-urlencoded'],
          ['XML', `<a>${CANARY}</a>`, 'application/xml'],
          ['multipart without boundary', `--x\r\n${CANARY}`, 'multipart/form-data'],
          ['JSON in UTF-16', `{"${CANARY}":1}`, 'application/json; charset=utf-16'],
          ['a content type with a NUL', '{}', `application/json\u0000${CANARY}`],
          ['broken JSON', `{"${CANARY}": [1,`, 'application/json'],
          ['an empty JSON body', '', 'application/json'],
          [
            'a duplicate __proto__',
            `{"__proto__":{"a":1},"__proto__":{"b":2}}`,
            'application/json',
          ],
          ['a body over the limit', oversized, 'application/json'],
        ] as const) {
          const why = await send(what, { url: plain, payload, type })
          if (why) failures.push(why)
        }
      }
      const t0 = Date.now()
      await (isRender ? renders(all) : all())
      if (VERBOSE)
        process.stdout.write(
          `fuzz: done ${name} in ${Date.now() - t0} ms ${JSON.stringify(row.statuses)}\n`,
        )
    }

    const jobs: Array<() => Promise<void>> = []
    const add = (route: string, lower: string, operation: Operation) => {
      const name = `${lower.toUpperCase()} ${route}`
      if (ONLY.test(name) && !NOT_FUZZED.has(name))
        jobs.push(() => fuzzRoute(route, lower, operation))
    }
    // The table's calls, each of which the server must serve with its schemas in the document…
    for (const call of API_TABLE) {
      const route = openApiPath(call)
      const operation = doc.paths[route]?.[call.method.toLowerCase()]
      if (operation) add(route, call.method.toLowerCase(), operation)
      else failures.push(`${callKey(call)}: declared in the API table, not served`)
    }
    // …and the server serves no API route the table does not declare.
    const declared = new Set(API_TABLE.map(callKey))
    for (const [route, operations] of Object.entries(doc.paths)) {
      if (!route.startsWith('/api/')) continue
      for (const lower of Object.keys(operations))
        if (!declared.has(`${lower.toUpperCase()} ${route}`))
          failures.push(`${lower.toUpperCase()} ${route}: served, not declared in the API table`)
    }
    // A few routes at a time: all at once, a request's wait in the queue would read as a hang.
    await Promise.all(
      Array.from({ length: ROUTES_AT_ONCE }, async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) await job()
      }),
    )

    table.sort((a, b) => a.route.localeCompare(b.route))
    if (VERBOSE) {
      const errors = t
        .logs()
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l))
      process.stdout.write(
        errors
          .slice(0, 30)
          .map((l) => `log ${l.slice(0, 600)}`)
          .join('\n') + '\n',
      )
      slow.sort((a, b) => b.ms - a.ms)
      process.stdout.write(
        slow
          .slice(0, 40)
          .map((x) => `slow ${x.ms} ${x.what}`)
          .join('\n') + '\n',
      )
    }
    const total = table.reduce((n, r) => n + r.requests, 0)
    process.stdout.write(
      `fuzz: ${total} requests over ${table.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
        table.map((r) => `  ${r.route}: ${r.requests} ${JSON.stringify(r.statuses)}`).join('\n') +
        '\n',
    )
    expect(table.length).toBeGreaterThan(40)
    expect(failures).toEqual([])
    for (const r of table) expect(r.requests, r.route).toBeGreaterThanOrEqual(RUNS)
    // Still signed in: the routes were fuzzed past authentication, not refused at the door.
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200)
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200)
  }, 300_000)
})
