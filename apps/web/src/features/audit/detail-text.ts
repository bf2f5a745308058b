/**
 * The Details cell of Settings › Activity in words: each field's label (AUDIT_DETAIL_LABELS), a
 * member's name where the team is known, a short reference for any other id (the full id stays in
 * the CSV export), Yes/No for flags, a legal document by its title, and fixed words in words
 * (AUDIT_DETAIL_VALUES, else without their underscores).
 */
import {
  AUDIT_DETAIL_LABELS,
  AUDIT_DETAIL_VALUES,
  NO,
  YES,
} from '@myodocs/shared/constants/audit-messages'
import type { AuditEntry } from '@myodocs/shared/contracts/audit'
import { LEGAL_TITLES } from '@myodocs/shared/contracts/legal'
import { formatCents } from '@myodocs/shared/domain/money'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const words = (s: string) => {
  const spaced = s.replace(/[_.-]/g, ' ')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

function valueText(key: string, v: unknown, names: ReadonlyMap<string, string>): string | null {
  if (v === null || v === undefined) return null
  if (typeof v === 'boolean') return v ? YES : NO
  // Money is stored in cents and always read in dollars ("$1,290.00", never "129,000").
  if (typeof v === 'number' && key.endsWith('Cents')) return formatCents(v)
  if (typeof v === 'number') return v.toLocaleString('en-US')
  if (Array.isArray(v)) return v.length.toLocaleString('en-US')
  if (typeof v === 'object') {
    // A plan's state (plan, billing, status): its words in order.
    const parts = Object.values(v).filter((p): p is string => typeof p === 'string')
    return parts.length ? parts.map(words).join(', ') : null
  }
  if (typeof v !== 'string') return null
  const s = v
  if (UUID.test(s)) return names.get(s) ?? `#${s.slice(0, 8)}`
  if (key === 'route' || key === 'version') return s
  // A legal document by its title ("Business Associate Agreement", never "Baa").
  if (key === 'kind' && s in LEGAL_TITLES) return LEGAL_TITLES[s as keyof typeof LEGAL_TITLES]
  return AUDIT_DETAIL_VALUES[s] ?? words(s)
}

/** `Label: value` pairs; `names` maps team members' ids to their names. */
export function detailText(
  details: AuditEntry['details'],
  names: ReadonlyMap<string, string> = new Map(),
): string {
  if (!details) return ''
  return Object.entries(details)
    .map(([k, v]) => {
      const text = valueText(k, v, names)
      return text === null ? null : `${AUDIT_DETAIL_LABELS[k] ?? k}: ${text}`
    })
    .filter((p): p is string => p !== null)
    .join(', ')
}
