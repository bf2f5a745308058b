/**
 * The companion's days (docs/product/companion.md#on-the-phone): which days the program runs,
 * what each day's sessions hold, the practice log kept on the phone, the streak and its reward,
 * and the reminders as a calendar file. Pure: the phone passes today's date in.
 */
import type { CompanionProgram } from '../contracts/companion'
import { isIsoCalendarDate, toIsoDate } from './dates'
import type { CompanionExerciseView } from './companion-program'

/** Days the log runs when the program has no follow-up date. */
export const DEFAULT_PROGRAM_DAYS = 28

/** `iso` moved by `days` calendar days (UTC arithmetic, so no DST edge moves it). */
export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  const utc = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
    return Date.UTC(y, m - 1, d)
  }
  return Math.round((utc(to) - utc(from)) / 86_400_000)
}

/** The program's days: from the day after the visit, as the printed log, to the follow-up date. */
export function programDays(program: Pick<CompanionProgram, 'issued' | 'followUp'>): {
  first: string
  last: string
} {
  const first = addDaysIso(program.issued, 1)
  const last =
    program.followUp && program.followUp > program.issued
      ? program.followUp
      : addDaysIso(program.issued, DEFAULT_PROGRAM_DAYS)
  return { first, last }
}

/** One practice session of a day: its number and its exercises. */
export interface PlannedSession {
  number: number
  exercises: CompanionExerciseView[]
}

/**
 * A day's plan: `sessionsPerDay` sessions, each exercise in as many as its frequency asks for
 * (all of them when it names no single number), and the habits and passive practice once a day.
 */
export function dayPlan(
  exercises: readonly CompanionExerciseView[],
  sessionsPerDay: number,
): { sessions: PlannedSession[]; habits: CompanionExerciseView[] } {
  const active = exercises.filter((e) => !e.habit)
  const sessions = Array.from({ length: sessionsPerDay }, (_, i) => ({
    number: i + 1,
    exercises: active.filter((e) => (e.timesPerDay ?? sessionsPerDay) > i),
  })).filter((s) => s.exercises.length > 0)
  return { sessions, habits: exercises.filter((e) => e.habit) }
}

/** A value recorded with the timer, on the phone. */
export interface RecordedValue {
  value: number
  unit: 's' | 'count'
}

/** What the phone keeps for one day. */
export interface DayLog {
  /** Session numbers done. */
  sessions: number[]
  /** The day's habits were done. */
  habits?: boolean
  /** Values the timer recorded, by exercise key. */
  records?: Record<string, RecordedValue[]>
}

/** The practice log on the phone, for one program. */
export interface PracticeLog {
  programId: string
  days: Record<string, DayLog>
}

/** An empty log for `programId`. */
export const emptyLog = (programId: string): PracticeLog => ({ programId, days: {} })

/** A day counts as practiced when a session (or, for a program of habits only, the habits) was done. */
export function isPracticed(
  day: DayLog | undefined,
  plan: { sessions: PlannedSession[] },
): boolean {
  if (!day) return false
  return day.sessions.length > 0 || (plan.sessions.length === 0 && Boolean(day.habits))
}

/** `log` with session `number` of `date` marked done, or undone. */
export function markSession(log: PracticeLog, date: string, number: number, done = true) {
  const day = log.days[date] ?? { sessions: [] }
  const sessions = done
    ? [...new Set([...day.sessions, number])].sort((a, b) => a - b)
    : day.sessions.filter((n) => n !== number)
  return { ...log, days: { ...log.days, [date]: { ...day, sessions } } }
}

/** `log` with the habits of `date` marked done or not. */
export function markHabits(log: PracticeLog, date: string, done: boolean): PracticeLog {
  const day = log.days[date] ?? { sessions: [] }
  return { ...log, days: { ...log.days, [date]: { ...day, habits: done } } }
}

/** `log` with a value the timer recorded for exercise `key` on `date`. */
export function recordValue(
  log: PracticeLog,
  date: string,
  key: string,
  value: RecordedValue,
): PracticeLog {
  const day = log.days[date] ?? { sessions: [] }
  const records = { ...day.records, [key]: [...(day.records?.[key] ?? []), value] }
  return { ...log, days: { ...log.days, [date]: { ...day, records } } }
}

/**
 * Days in a row practiced, ending today, or yesterday while today is not practiced yet (a streak
 * is not lost before the day is over).
 */
export function streak(log: PracticeLog, today: string, plan: { sessions: PlannedSession[] }) {
  let day = isPracticed(log.days[today], plan) ? today : addDaysIso(today, -1)
  let count = 0
  while (isPracticed(log.days[day], plan)) {
    count += 1
    day = addDaysIso(day, -1)
  }
  return count
}

/** The reward the family sees: a star per day of the streak, and a word at 3, 7 and 14 days. */
export function reward(days: number, child: boolean): { stars: number; message: string } {
  const stars = Math.min(days, 14)
  if (days >= 14)
    return {
      stars,
      message: child ? 'Two whole weeks! You are a superstar!' : 'Two weeks in a row.',
    }
  if (days >= 7)
    return { stars, message: child ? 'A whole week! Amazing work!' : 'A full week in a row.' }
  if (days >= 3)
    return { stars, message: child ? 'Three days in a row! Keep going!' : 'Three days in a row.' }
  if (days >= 1) return { stars, message: child ? 'Great start!' : 'Good start.' }
  return { stars, message: child ? 'Do a session to earn your first star!' : 'No streak yet.' }
}

// ---------------------------------------------------------------------------------------------
// Reminders

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** True for a reminder time `HH:MM` (24 h). */
export const isReminderTime = (value: string) => TIME.test(value)

/** Escapes a TEXT value of an iCalendar property (RFC 5545). */
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Folds a content line at 75 octets (RFC 5545), never inside a character. */
function fold(line: string): string {
  const bytes = new TextEncoder()
  const parts: string[] = []
  let current = ''
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74
    if (bytes.encode(current + char).length > limit) {
      parts.push(current)
      current = char
    } else current += char
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/**
 * An iCalendar file with one daily event per reminder time, from `start` to the program's last day,
 * each with an alarm at its time: for a phone whose browser cannot notify, the calendar does.
 * Floating local times (no time zone), so a reminder set for 07:30 rings at 07:30 wherever the
 * phone is. The summary names the practice, never the patient.
 */
export function reminderCalendar(
  program: Pick<CompanionProgram, 'issued' | 'followUp' | 'practice' | 'programId'>,
  times: readonly string[],
  start: string,
  stamp: Date,
): string {
  if (!isIsoCalendarDate(start)) throw new Error('reminder calendar: start is not a date')
  const { last } = programDays(program)
  const compact = (iso: string) => iso.replaceAll('-', '')
  const dtstamp = stamp
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  const summary = program.practice ? `Practice time (${program.practice})` : 'Practice time'
  const events = times.filter(isReminderTime).flatMap((time, index) => {
    const hhmm = time.replace(':', '')
    return [
      'BEGIN:VEVENT',
      `UID:${program.programId}-${index}-${hhmm}@myodocs-companion`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART:${compact(start)}T${hhmm}00`,
      'DURATION:PT10M',
      `RRULE:FREQ=DAILY;UNTIL=${compact(last)}T235959`,
      `SUMMARY:${icsText(summary)}`,
      'DESCRIPTION:Open your practice companion and do today’s session.',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${icsText(summary)}`,
      'TRIGGER:PT0M',
      'END:VALARM',
      'END:VEVENT',
    ]
  })
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MyoDocs//Companion//EN',
    'CALSCALE:GREGORIAN',
    ...events,
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n')
}

/**
 * The next moment a reminder is due after `now` (local time), within the program's days, or null.
 * While the companion is open it notifies at that moment where the browser allows.
 */
export function nextReminder(
  program: Pick<CompanionProgram, 'issued' | 'followUp'>,
  times: readonly string[],
  now: Date,
): Date | null {
  const { first, last } = programDays(program)
  let best: Date | null = null
  for (const time of times.filter(isReminderTime)) {
    const [h, m] = time.split(':').map(Number) as [number, number]
    for (const offset of [0, 1]) {
      const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, h, m)
      const day = toIsoDate(at)
      if (at <= now || day < addDaysIso(first, -1) || day > last) continue
      if (!best || at < best) best = at
    }
  }
  return best
}
