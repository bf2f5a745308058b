/**
 * Each event of the catalogue (AUDIT_EVENTS) is written by its action: one test per event,
 * generated from the catalogue, so an event added without a case here fails the suite (and tsc:
 * CASES is a record over the catalogue). The actions run in sequence in one business, through the
 * real API, against real servers on loopback: the system mail server (reset and invitation links
 * are read from what it received), the practice's own SMTP server (with scripted faults), a local
 * OAuth authorization server with the Gmail API stub, and the render pool; time that must pass
 * does so on the app's clock. Each event is read back through GET /api/audit (as the primary
 * user, who reads the whole business, or as the new account a registration made); events that
 * belong to no business (the operator's, a rate-limit block) are read from the table, the only
 * place they are kept. Its details must pass the catalogue's strict schema and hold none of the
 * people's, the practice's or the patient's data. Rules: docs/product/privacy.md#activity-log.
 * The cases are in test/audit-events/ (account-cases.ts, practice-cases.ts), the business and the
 * servers they share in world.ts.
 */
import { and, desc, eq, gte, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { AUDIT_EVENT_NAMES, AUDIT_EVENTS } from '@myodocs/shared/contracts/audit'
import type { AuditEventName } from '@myodocs/shared/contracts/audit'
import { auditEvents } from '../../db/schema'
import type { TestAgent } from '../../../test/test-app'
import { accountCases } from '../../../test/audit-events/account-cases'
import { practiceCases } from '../../../test/audit-events/practice-cases'
import { auditWorld, isReadBack, ok, SECOND } from '../../../test/audit-events/world'
import type { Case } from '../../../test/audit-events/world'

const w = auditWorld()
/** One action per event of the catalogue: tsc fails when an event has no case. */
let CASES: Record<AuditEventName, Case>
beforeAll(() => {
  CASES = { ...accountCases(w), ...practiceCases(w) }
})

/** Words that would be personal data in an event's details. */
const PERSONAL = [
  'Dana',
  'Reyes',
  'Avery',
  'Jordan',
  'Park',
  'Lee',
  'Riley',
  'Okafor',
  'Pat Example',
  'Lindqvist',
  'clinic.test',
  'example.test',
  'mailbox.test',
  '555',
  'Main St',
  'Canary',
  'Practice mailbox',
  'Front desk',
  'exercise program',
]

/** The newest `event` written since `since`, read as `reader` reads it. */
async function readBack(event: AuditEventName, reader: TestAgent | 'no business', since: Date) {
  if (reader === 'no business') {
    // A rate-limit block is recorded beside its 429, not before it: wait for the row a moment.
    return vi.waitFor(async () => {
      const [row] = await w.t.app.db
        .select({ at: auditEvents.at, details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, event),
            isNull(auditEvents.businessId),
            gte(auditEvents.at, since),
          ),
        )
        .orderBy(desc(auditEvents.at))
        .limit(1)
      if (!row) throw new Error(`${event} was not written`)
      return { at: row.at.toISOString(), details: row.details }
    }, 5_000)
  }
  const res = await ok(reader.get(`/api/audit?event=${event}&limit=1`))
  const [entry] = res.json<{
    data: { entries: Array<{ at: string; details: Record<string, unknown> | null }> }
  }>().data.entries
  return entry
}

describe.sequential('each event is written by its action, without personal data', () => {
  for (const event of AUDIT_EVENT_NAMES) {
    test(event, async () => {
      const act = CASES[event]
      expect(act, `no case for ${event}: add one to CASES`).toBeDefined()
      const before = new Date(Date.now() - SECOND)
      const result = await act()
      const reader = isReadBack(result) ? result.readAs : w.agent
      const entry = await readBack(event, reader, before)
      expect(entry, `${event} was not written`).toBeDefined()
      expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(before.getTime())
      expect(AUDIT_EVENTS[event].safeParse(entry!.details ?? {}).success).toBe(true)
      // Ids and hashes (shapes the schema allowed above) are random hex: a word found in one is chance.
      const stored = JSON.stringify(entry!.details ?? {})
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
        .replace(/[0-9a-f]{64}/g, '<hash>')
      for (const word of PERSONAL) expect(stored).not.toContain(word)
    })
  }
})
