/**
 * Text formatting shared by the documents: calendar dates, ages, names. Dates arrive as
 * `YYYY-MM-DD` strings and are printed without ever becoming a local `Date`, so a date
 * of birth cannot shift a day with the server's time zone.
 */
import type { DocumentContext } from './context'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

function parseIsoDate(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim())
  if (!match) return null
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
}

/** `2026-03-05` → `March 5, 2026`; an empty or malformed date prints as given. */
export function formatDate(iso: string): string {
  const date = parseIsoDate(iso)
  if (!date) return iso
  return `${MONTHS[date.month - 1]} ${date.day}, ${date.year}`
}

/** `2026-03-05` plus `days` → `Thursday, March 5` style parts for the practice log. */
export function addDays(iso: string, days: number): { weekday: string; short: string } | null {
  const date = parseIsoDate(iso)
  if (!date) return null
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return {
    weekday: WEEKDAYS[utc.getUTCDay()]!,
    short: `${MONTHS[utc.getUTCMonth()]!.slice(0, 3)} ${utc.getUTCDate()}`,
  }
}

/** Whole days from one `YYYY-MM-DD` date to another, or `null` when one is missing. */
export function daysBetween(fromIso: string, toIso: string): number | null {
  const from = parseIsoDate(fromIso)
  const to = parseIsoDate(toIso)
  if (!from || !to) return null
  const utc = (d: { year: number; month: number; day: number }) =>
    Date.UTC(d.year, d.month - 1, d.day)
  return Math.round((utc(to) - utc(from)) / 86_400_000)
}

/**
 * Age on `onIso` of someone born on `dobIso`: whole years from 2 on ("9 years"), months below
 * ("14 months"), as a child's age is spoken. `null` when a date is missing or reversed.
 */
export function formatAge(dobIso: string, onIso: string): string | null {
  const dob = parseIsoDate(dobIso)
  const on = parseIsoDate(onIso)
  if (!dob || !on) return null
  let months = (on.year - dob.year) * 12 + (on.month - dob.month)
  if (on.day < dob.day) months -= 1
  if (months < 0) return null
  if (months < 24) return months === 1 ? '1 month' : `${months} months`
  return `${Math.floor(months / 12)} years`
}

/** The generated date, in the context's time zone: `March 5, 2026`. */
export function formatGeneratedDate(context: Pick<DocumentContext, 'now' | 'timeZone'>): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(context.timeZone ? { timeZone: context.timeZone } : {}),
  }).format(context.now)
}

/** `Jane`, `Doe` → `Jane Doe`, tolerant of blanks. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ')
}

/** The therapist as signed: `Jane Smith, RDH, COM`, or the name alone without a title. */
export function therapistSignature(therapist: DocumentContext['therapist']): string {
  const name = fullName(therapist.firstName, therapist.lastName)
  const title = therapist.title.trim()
  return title ? `${name}, ${title}` : name
}
