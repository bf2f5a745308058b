/**
 * The audit trail (HIPAA 164.312(b)): who did what, when, from where, and the outcome. Only the
 * events of `AUDIT_EVENTS` may be written, each with the detail fields it allows (ids, counts,
 * flags, fixed words): never patient data, bodies or secrets (docs/decisions/014-audit-log.md).
 * The primary user reads the whole business's trail; a member only their own.
 */
import { pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { AUDIT_EVENTS, auditEventLabel } from '@myodocs/shared/contracts/audit'
import type {
  AuditDetails,
  AuditEntry,
  AuditEventName,
  AuditFilters,
  AuditOutcome,
  AuditPage,
} from '@myodocs/shared/contracts/audit'
import {
  AUDIT_CSV_COLUMNS,
  FORMER_MEMBER,
  INVALID_CURSOR,
  OWN_ACTIVITY_ONLY,
  SYSTEM_ACTOR,
} from '@myodocs/shared/constants/audit-messages'
import { badRequest, forbidden } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { auditEventsOf, insertAuditEvent, replaceActor, searchAuditEvents } from './repository'
import type { AuditCursor, AuditSearch } from './repository'

/** One event of the catalogue with the details it allows (checked by the compiler and at run time). */
export type AuditEvent = {
  [N in AuditEventName]: {
    action: N
    outcome?: AuditOutcome
    businessId?: string | null
    actorId?: string | null
    details?: AuditDetails<N>
  }
}[AuditEventName]

/** Records an event with the call's origin (IP and user agent). */
export async function recordAudit(ctx: ServiceContext, event: AuditEvent): Promise<void> {
  const parsed = AUDIT_EVENTS[event.action].safeParse(event.details ?? {})
  // A detail outside the catalogue is dropped, never stored: the event itself is still kept.
  if (!parsed.success)
    ctx.log.error(
      { action: event.action, fields: parsed.error.issues.map((i) => i.path.join('.')) },
      'audit details outside the catalogue dropped',
    )
  const details = parsed.success ? (parsed.data as Record<string, unknown>) : { invalid: true }
  await insertAuditEvent(ctx.db, {
    action: event.action,
    outcome: event.outcome ?? 'success',
    businessId: event.businessId ?? null,
    actorId: event.actorId ?? null,
    ip: ctx.origin.ip,
    userAgent: ctx.origin.userAgent,
    details: Object.keys(details).length > 0 ? details : null,
  })
}

/** A business's trail, or one person's within it, newest first (the data export). */
export async function auditTrail(
  ctx: ServiceContext,
  query: { businessId: string; actorId?: string; limit: number },
) {
  return auditEventsOf(ctx.db, query.businessId, query.actorId, query.limit)
}

/** Keeps a deleted person's events under a tombstone id (account deletion). */
export async function replaceAuditActor(ctx: ServiceContext, userId: string, tombstoneId: string) {
  await replaceActor(ctx.db, userId, tombstoneId)
}

// ---------------------------------------------------------------------------------------------
// Reading the trail (Settings → Activity)

const CURSOR_AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY_MS = 86_400_000

const encodeCursor = (c: AuditCursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url')

function decodeCursor(cursor: string | undefined): AuditCursor | undefined {
  if (!cursor) return undefined
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (!CURSOR_AT.test(at ?? '') || !UUID.test(id ?? ''))
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR })
  return { at: at!, id: id! }
}

/** The filters as a search of the caller's business; a member is held to their own events. */
function scope(ctx: SignedInContext, filters: AuditFilters): Omit<AuditSearch, 'limit'> {
  const { actor } = ctx
  if (!actor.isPrimaryUser && filters.memberId && filters.memberId !== actor.id)
    throw forbidden(OWN_ACTIVITY_ONLY)
  return {
    businessId: actor.businessId,
    actorId: actor.isPrimaryUser ? filters.memberId : actor.id,
    action: filters.event,
    from: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    // `to` is a whole day, inclusive.
    until: filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) : undefined,
  }
}

type Row = Awaited<ReturnType<typeof searchAuditEvents>>[number]

function toEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    event: row.action,
    label: auditEventLabel(row.action),
    outcome: row.outcome,
    actorId: row.actorId,
    actorName: row.firstName !== null ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null,
    invitee:
      row.inviteeFirstName !== null
        ? `${row.inviteeFirstName} ${row.inviteeLastName ?? ''}`.trim()
        : null,
    ip: row.ip,
    details: row.details ?? null,
  }
}

/** GET /audit: one page, newest first. */
export async function listAudit(
  ctx: SignedInContext,
  query: AuditFilters & { limit: number; cursor?: string },
): Promise<AuditPage> {
  const search = { ...scope(ctx, query), after: decodeCursor(query.cursor), limit: query.limit + 1 }
  const rows = await searchAuditEvents(ctx.db, search)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    entries: page.map(toEntry),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.atText, id: last.id }) : null,
  }
}

const EXPORT_BATCH = 1_000

/**
 * GET /audit/export: the filtered trail as CSV, read in batches so a long trail is never held in
 * memory. Cells a spreadsheet would run as a formula (= + - @ tab CR) are prefixed with `'`.
 */
export function exportAudit(ctx: SignedInContext, filters: AuditFilters): Readable {
  const base = scope(ctx, filters)
  const filtered = Boolean(filters.event || filters.memberId || filters.from || filters.to)
  async function* rows() {
    let after: AuditCursor | undefined
    let count = 0
    for (;;) {
      const batch = await searchAuditEvents(ctx.db, { ...base, after, limit: EXPORT_BATCH })
      for (const row of batch) {
        const entry = toEntry(row)
        yield [
          entry.at,
          entry.event,
          entry.label,
          entry.outcome,
          entry.actorName ?? (entry.actorId ? FORMER_MEMBER : SYSTEM_ACTOR),
          entry.actorId ?? '',
          entry.details ? JSON.stringify(entry.details) : '',
          entry.ip ?? '',
        ]
      }
      count += batch.length
      const last = batch.at(-1)
      if (batch.length < EXPORT_BATCH || !last) break
      after = { at: last.atText, id: last.id }
    }
    await recordAudit(ctx, {
      action: 'audit.export',
      actorId: ctx.actor.id,
      businessId: ctx.actor.businessId,
      details: { rows: count, filtered },
    })
  }
  // pipeline, not pipe: a failed read destroys the response stream instead of leaving it open.
  return pipeline(
    Readable.from(rows()),
    stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], escape_formulas: true }),
    (err) => {
      if (err) ctx.log.error({ err: { message: err.message } }, 'activity export failed')
    },
  )
}
