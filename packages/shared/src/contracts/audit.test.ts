/** The audit catalogue: every event labelled, every details schema strict and free of free text. */
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { AUDIT_EVENT_LABELS } from '../constants/audit-messages'
import { AUDIT_EVENT_NAMES, AUDIT_EVENTS, AuditQuerySchema, auditEventLabel } from './audit'

const PATIENT = 'Zqxcanary Patient'

/** Every leaf of a details schema: where a string may go, it must be a fixed word or a pattern. */
function leaves(schema: z.ZodType, at = ''): Array<[string, z.ZodType]> {
  const def = (schema as z.ZodType & { _zod: { def: Record<string, unknown> } })._zod.def
  if (def.type === 'optional' || def.type === 'nullable')
    return leaves(def.innerType as z.ZodType, at)
  if (def.type === 'object')
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
      leaves(v, `${at}.${k}`),
    )
  if (def.type === 'array') return leaves(def.element as z.ZodType, `${at}[]`)
  return [[at, schema]]
}

describe('AUDIT_EVENTS', () => {
  test('every event has a label and every label an event', () => {
    expect(Object.keys(AUDIT_EVENT_LABELS).sort()).toEqual([...AUDIT_EVENT_NAMES].sort())
  })

  test.each(AUDIT_EVENT_NAMES)('%s refuses a field outside its schema', (name) => {
    expect(AUDIT_EVENTS[name].safeParse({ patientName: PATIENT }).success).toBe(false)
  })

  test.each(AUDIT_EVENT_NAMES)('%s has no field that takes free text', (name) => {
    for (const [path, leaf] of leaves(AUDIT_EVENTS[name])) {
      type Def = { type: string; checks?: unknown[]; format?: string }
      const def = (leaf as z.ZodType & { _zod: { def: Def } })._zod.def
      if (def.type === 'string') {
        // A string leaf is a format (uuid) or carries a pattern check (hash, route, version)...
        expect(Boolean(def.format) || (def.checks?.length ?? 0) > 0, `${name}${path}`).toBe(true)
      } else {
        expect(['enum', 'number', 'boolean'], `${name}${path}`).toContain(def.type)
      }
      // ...and none of them lets a name with a space through.
      expect(leaf.safeParse(PATIENT).success, `${name}${path}`).toBe(false)
    }
  })

  test('an email event keeps recipient hashes, never addresses', () => {
    const base = { logId: crypto.randomUUID(), provider: 'smtp' }
    expect(
      AUDIT_EVENTS['email.sent'].safeParse({ ...base, recipientHashes: ['a'.repeat(64)] }).success,
    ).toBe(true)
    expect(
      AUDIT_EVENTS['email.sent'].safeParse({ ...base, recipientHashes: ['pat@example.test'] })
        .success,
    ).toBe(false)
  })

  test('a retired event reads as its name', () => {
    expect(auditEventLabel('document.generated')).toBe('Document generated')
    expect(auditEventLabel('old.event')).toBe('old.event')
  })
})

describe('AuditQuerySchema', () => {
  test('takes the filters, a page size and a cursor; refuses an unknown event and reversed dates', () => {
    expect(AuditQuerySchema.parse({ event: 'auth.login', limit: '20' })).toMatchObject({
      event: 'auth.login',
      limit: 20,
    })
    expect(AuditQuerySchema.parse({}).limit).toBe(50)
    expect(AuditQuerySchema.safeParse({ event: 'x' }).success).toBe(false)
    expect(AuditQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01' }).success).toBe(false)
  })
})
