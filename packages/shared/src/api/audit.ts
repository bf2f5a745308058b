/**
 * /api/audit: Settings → Activity, for every signed-in user (docs/product/privacy.md#activity-log).
 */
import { AuditFiltersSchema, AuditPageSchema, AuditQuerySchema } from '../contracts/audit'
import { apiCall } from './define'

const tags = ['audit']
const failures = [400, 401, 403] as const
const who =
  'The primary user reads every event of the business and may filter by member; a member reads ' +
  'only their own events (403 FORBIDDEN when `memberId` names someone else). `from` and `to` are ' +
  'whole UTC days, inclusive. Details hold ids, counts, flags and fixed words only.'

/** The activity log's calls. */
export const auditCalls = {
  list: apiCall({
    method: 'GET',
    path: '/api/audit',
    access: 'signedIn',
    tags,
    summary: 'The activity log, newest first, one page at a time.',
    description: `${who} Pass \`nextCursor\` back as \`cursor\` for the next page; null at the end.`,
    query: AuditQuerySchema,
    answer: AuditPageSchema,
    failures,
  }),
  export: apiCall({
    method: 'GET',
    path: '/api/audit/export',
    access: 'signedIn',
    tags,
    summary: 'The activity log as CSV, with the same filters.',
    description:
      `${who} Streams text/csv (a header row, then one row per event, newest first). Cells ` +
      'starting with =, +, -, @, tab or carriage return are prefixed with an apostrophe so ' +
      'a spreadsheet never runs them as formulas. The export itself is audited.',
    query: AuditFiltersSchema,
    file: 'text/csv',
    failures,
  }),
}
