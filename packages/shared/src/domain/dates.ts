/**
 * Calendar dates as the API carries them: `YYYY-MM-DD` strings that are real calendar days.
 * Strings, not `Date`s, so a date of birth never shifts a day across time zones.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * True when `value` is `YYYY-MM-DD` and names a real calendar day (2024-02-29 yes, 2023-02-29 and
 * 2024-13-01 no).
 */
export function isIsoCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1) return false
  // Day 0 of the next month is the last day of this one; UTC so no DST edge can move it.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= daysInMonth
}

/**
 * The local calendar day of `date` as `YYYY-MM-DD`. Local, not UTC: "today" for a therapist in
 * California at 8 pm is still today, which `toISOString()` would turn into tomorrow.
 */
export function toIsoDate(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Whole years between two `YYYY-MM-DD` dates, or `null` when one is missing or reversed. */
export function yearsBetween(fromIso: string, toIso: string): number | null {
  const parse = (iso: string) => ISO_DATE.exec(iso.trim())
  const from = parse(fromIso)
  const to = parse(toIso)
  if (!from || !to) return null
  let years = Number(to[1]) - Number(from[1])
  if (Number(to[2]) * 100 + Number(to[3]) < Number(from[2]) * 100 + Number(from[3])) years -= 1
  return years < 0 ? null : years
}

/** Under 18 on the given day; unknown ages count as adults (no child wording is guessed). */
export const isMinor = (dobIso: string, onIso: string): boolean => {
  const years = yearsBetween(dobIso, onIso)
  return years !== null && years < 18
}
