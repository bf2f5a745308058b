/**
 * fast-check arbitraries from the JSON Schema that the OpenAPI document carries for each route
 * (zod's own conversion of the shared schemas): `validValue` builds values the schema accepts,
 * nested to any depth; `mutated` takes such a value and breaks one spot of it the way an attacker
 * would. zod refinements (e.g. an email's shape) are not in JSON Schema, so a "valid" value may
 * still be refused: that is fine, the fuzz test only asks that every answer is one of ours.
 * (The zod → fast-check library on npm supports zod 3 and fast-check 3 only; we use 4 of both.)
 */
import fc from 'fast-check'

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  nullable?: boolean
}

/** Put into every hostile string, so an echo of the input is easy to spot. */
export const CANARY = 'Zq7canary'

/** Longest generated text and array, so a run stays fast; limits are tested by mutations. */
const MAX_TEXT = 40
const MAX_ITEMS = 3

// Built once: fast-check's webUrl builds its character tables on each call, which was a tenth of
// the fuzz test's CPU with one call per uri field of every route (arbitraries hold no state).
const webUrl = fc.webUrl()

const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString())

function stringValue(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = schema.maxLength ?? Infinity
  // Shaped strings are cut to fit (never filtered: a filter that cannot pass loops for ever).
  const fit = (s: string) => s.slice(0, maxLength)
  const freeMax = Math.min(maxLength, Math.max(minLength, MAX_TEXT))
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern))
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.format === 'date-time') return isoDate
  if (schema.format === 'uri') return webUrl
  if (schema.format === 'date' || /date|dob/i.test(name)) return isoDate.map((d) => d.slice(0, 10))
  if (/email|address$/i.test(name)) return fc.emailAddress().map(fit)
  if (/password/i.test(name))
    return fc.string({ minLength: 8, maxLength: 16 }).map((s) => `Aa1!${s}`)
  if (/phone|fax/i.test(name)) return fc.stringMatching(/^\+?1?[0-9]{10}$/).map(fit)
  return fc.oneof(
    fc.string({ minLength, maxLength: freeMax }),
    fc.string({ unit: 'grapheme', minLength, maxLength: freeMax }),
  )
}

/** A value the schema accepts; `name` is the property's name, a hint for free strings. */
export function validValue(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined)
  const base = baseValue(schema, name)
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base
}

function baseValue(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const union = schema.anyOf ?? schema.oneOf
  if (union) return fc.oneof(...union.map((s) => validValue(s, name)))
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return stringValue(schema, name)
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1e6 - 1) + 1
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1e6 + 1) - 1
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
    }
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const minLength = schema.minItems ?? 0
      const maxLength = Math.min(schema.maxItems ?? MAX_ITEMS, Math.max(minLength, MAX_ITEMS))
      return fc.array(validValue(schema.items ?? {}, name), { minLength, maxLength })
    }
    case 'object': {
      const properties = schema.properties ?? {}
      const entries = Object.entries(properties).map(([k, s]) => [k, validValue(s, k)] as const)
      const record = fc.record(Object.fromEntries(entries), {
        requiredKeys: (schema.required ?? []).filter((k) => k in properties),
      })
      if (entries.length || schema.additionalProperties === false) return record
      // A record of anything (z.record): a few free keys.
      const values =
        typeof schema.additionalProperties === 'object'
          ? validValue(schema.additionalProperties)
          : fc.jsonValue({ maxDepth: 1 })
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 })
    }
    case undefined:
    default:
      // No type at all (z.unknown()): any JSON.
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Characters that break naive code: controls, lone surrogates, bidi, BOM, separators, quotes. */
const POISON_CHARS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\u00ad',
  '\u061c',
  '\u{e0041}',
  '\ufeff',
  '\uffff',
  '\ud800',
  '\udfff',
  '\ud83d',
  '\t',
  '\r\n',
  '%00',
  '\\',
  '"',
  "'",
  '`',
  '${x}',
  '<',
  '../',
]

const deep = (depth: number): unknown => (depth === 0 ? CANARY : { a: [deep(depth - 1)] })
const deepArray = (depth: number): unknown => (depth === 0 ? [] : [deepArray(depth - 1)])

/** Values of the wrong type, size or shape for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${CANARY}${s}`),
  fc.constantFrom(...POISON_CHARS).map((c) => `${CANARY}${c}`),
  fc.constantFrom(
    `${CANARY}${'x'.repeat(70_000)}`,
    `${CANARY}<script>alert(1)</script>`,
    `${CANARY}' or 1=1 --`,
    `${CANARY}{{7*7}}`,
    '',
    '   ',
  ),
  fc.constantFrom(null, true, false, 0, -1, 0.5, 1e308, -1e308, -0, 2 ** 53 + 1, 2 ** 31),
  fc.constantFrom([], {}, [null], deep(400), deepArray(2000)),
  fc.array(
    fc.string().map((s) => `${CANARY}${s}`),
    { maxLength: 3 },
  ),
)

/** The kinds of damage `mutated` does, one per body. */
const MUTATIONS = [
  'replace',
  'replace',
  'poison',
  'poison',
  'proto',
  'drop',
  'extra',
  'huge array',
] as const

type Path = Array<string | number>

/** Every spot in a JSON value, the root first. */
function spots(value: unknown, at: Path = []): Path[] {
  const found: Path[] = [at]
  if (Array.isArray(value)) value.forEach((v, i) => found.push(...spots(v, [...at, i])))
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) found.push(...spots(v, [...at, k]))
  return found
}

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value)
}

/** Sets an own, enumerable property even for `__proto__` (so JSON.stringify writes it). */
function setOwn(target: object, key: string | number, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

function put(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value
  setOwn(get(root, path.slice(0, -1)) as object, path[path.length - 1]!, value)
  return root
}

/** Breaks one spot of a valid value (a deep copy; the original is left alone). */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .record({
      value: valid,
      kind: fc.constantFrom(...MUTATIONS),
      pick: fc.nat(),
      hostile: hostileValue,
      poison: fc.constantFrom(...POISON_CHARS),
      key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
    })
    .map(({ value, kind, pick, hostile, poison, key }) => {
      const root = value === undefined ? {} : structuredClone(value)
      const all = spots(root)
      const path = all[pick % all.length]!
      const here = get(root, path)
      const objects = all.filter((p) => {
        const v = get(root, p)
        return v !== null && typeof v === 'object' && !Array.isArray(v)
      })
      switch (kind) {
        case 'poison':
          if (typeof here === 'string') {
            const i = pick % (here.length + 1)
            return put(root, path, here.slice(0, i) + poison + here.slice(i))
          }
          return put(root, path, `${CANARY}${poison}`)
        case 'proto': {
          const target = objects.length ? objects[pick % objects.length]! : null
          if (!target) return put(root, path, { [CANARY]: hostile })
          setOwn(
            get(root, target) as object,
            key,
            key === 'constructor' ? { prototype: {} } : { isPrimaryUser: true },
          )
          return root
        }
        case 'drop': {
          const parent = path.length ? get(root, path.slice(0, -1)) : null
          if (parent && typeof parent === 'object' && !Array.isArray(parent))
            delete (parent as Record<string, unknown>)[path[path.length - 1] as string]
          else return put(root, path, hostile)
          return root
        }
        case 'extra': {
          const target = objects.length ? objects[pick % objects.length]! : null
          if (!target) return put(root, path, hostile)
          setOwn(get(root, target) as object, `${CANARY}extra`, hostile)
          return root
        }
        case 'huge array':
          return put(
            root,
            path,
            Array.from({ length: 2_000 }, () => here ?? hostile),
          )
        case 'replace':
          return put(root, path, hostile)
      }
    })
}
