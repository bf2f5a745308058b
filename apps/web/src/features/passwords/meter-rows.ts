/**
 * What the strength meter lists (docs/product/accounts.md#password-rules): one row per rule, met
 * (true), missing (false) or not checked yet (null), and the notes under them. Pure, so the rows
 * can be tested without rendering the meter.
 */
import { commonPasswordReason } from '@myodocs/shared/domain/password-policy'
import type { PasswordPolicy } from '@myodocs/shared/domain/password-policy'
import type { PasswordStrength } from './hooks/use-password-strength'

export type MeterRow = [label: string, ok: boolean | null]

export function meterRows(
  strength: PasswordStrength,
  policy: Pick<PasswordPolicy, 'minLength' | 'checkBreaches'>,
  showHistory = false,
): { rows: MeterRow[]; notes: string[] } {
  const v = strength.validation
  if (!v) return { rows: [], notes: [] }
  const r = v.requirements
  // A password built around a common one says which: "✗ Not a common password" alone reads as
  // a contradiction when the password is clearly not on any list the user knows.
  const commonRow: MeterRow = r.notCommon
    ? ['Not a common password', true]
    : [commonPasswordReason(v.feedback) ?? 'Not a common password', false]
  const rows: MeterRow[] = [
    [`At least ${policy.minLength} characters`, r.minLength],
    ['An upper-case letter', r.hasUpperCase],
    ['A lower-case letter', r.hasLowerCase],
    ['A number', r.hasNumbers],
    ['A special character', r.hasSpecialChars],
    commonRow,
  ]
  // The server checks breaches only once the rules above pass; "unknown" before that just means
  // "not checked yet". After that, it means the check service could not be asked.
  const rulesMet = rows.every(([, ok]) => ok)
  const breachUnavailable =
    strength.source === 'server' && !strength.pending && rulesMet && v.breachCheck === 'unknown'
  if (policy.checkBreaches) {
    rows.push(
      breachUnavailable
        ? ['Breach check unavailable', null]
        : ['Not found in a data breach', v.breachCheck === 'unknown' ? null : r.notBreached],
    )
  }
  if (showHistory || !r.notInHistory) rows.push(['Not a recent password', r.notInHistory])
  const allMet = rows.every(([, ok]) => ok !== false)
  return { rows, notes: allMet ? v.feedback.slice(0, 2) : [] }
}
