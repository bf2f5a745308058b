/**
 * The practice summary the phone hands back (docs/decisions/020-companion.md#the-summary): days
 * practiced per exercise, values recorded with the timer, the family's notes. It is signed on the
 * phone with the program's summary key, an HMAC-SHA256 over `myodocs-practice/1 \n sha256(payload)`;
 * the server re-derives that key from the program id under the practice's own key, so the
 * therapist's browser checks a summary by its digest (`POST /api/companion/verify`) and sees when
 * it was changed after the phone made it. Also: what a document prints from it.
 */
import { base32nopad, base64urlnopad } from '@scure/base'
import { deflateSync, inflateSync } from 'fflate'
import {
  PRACTICE_SUMMARY_FORMAT,
  PRACTICE_SUMMARY_VERSION,
  PracticeSummaryEnvelopeSchema,
  PracticeSummarySchema,
  type CompanionProgram,
  type HomePractice,
  type PracticeSummary,
  type PracticeSummaryEnvelope,
  type Recording,
} from '../contracts/companion'
import { SUMMARY_LINK_KEY } from './practice-summary-link'
import { companionExercises, type CompanionExerciseView } from './companion-program'
import {
  addDaysIso,
  dayPlan,
  isPracticed,
  programDays,
  type PracticeLog,
} from './companion-schedule'

/** What the MAC covers: the format and the payload's SHA-256 (hex). */
export const summaryMacMessage = (digest: string) =>
  `${PRACTICE_SUMMARY_FORMAT}/${PRACTICE_SUMMARY_VERSION}\n${digest}`

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')

/** SHA-256 of the payload's UTF-8 bytes, lowercase hex: what the browser sends to check it. */
export async function summaryDigest(payload: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(payload)))
}

/** The summary's MAC under `summaryKey` (base64url, from the program). */
export async function summaryMac(summaryKey: string, digest: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(base64urlnopad.decode(summaryKey)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(summaryMacMessage(digest)),
  )
  return base64urlnopad.encode(new Uint8Array(mac))
}

/**
 * The summary of `log` made on `today`: the days from the day after the visit (the visit day too
 * when practiced on) to today or the follow-up date, today counted only once practiced (the day
 * is not over), sessions done of those planned, and per exercise its days practiced and the first
 * and last value recorded.
 */
export function practiceSummary(
  program: CompanionProgram,
  log: PracticeLog,
  today: string,
  notes = '',
): PracticeSummary {
  const exercises = companionExercises(program)
  const plan = dayPlan(exercises, program.sessionsPerDay)
  const { first, last } = programDays(program)
  const from = isPracticed(log.days[program.issued], plan) ? program.issued : first
  let to = today < last ? today : last
  if (to === today && !isPracticed(log.days[today], plan)) to = addDaysIso(today, -1)
  const dates: string[] = []
  for (let day = from; day <= to; day = addDaysIso(day, 1)) dates.push(day)
  const practiced = dates.filter((d) => isPracticed(log.days[d], plan))
  const sessionsOf = (e: CompanionExerciseView) =>
    e.habit ? [] : plan.sessions.filter((s) => s.exercises.includes(e)).map((s) => s.number)
  return PracticeSummarySchema.parse({
    version: PRACTICE_SUMMARY_VERSION,
    programId: program.programId,
    firstName: program.firstName,
    issued: program.issued,
    followUp: program.followUp,
    from,
    to: dates.length ? to : from,
    made: today,
    days: dates.length,
    daysPracticed: practiced.length,
    sessions: dates.length * plan.sessions.length,
    sessionsDone: dates.reduce((n, d) => n + (log.days[d]?.sessions.length ?? 0), 0),
    exercises: exercises.map((e) => {
      const recorded: Recording[] = dates.flatMap((date) =>
        (log.days[date]?.records?.[e.key] ?? []).map((r) => ({ date, ...r })),
      )
      const done = (date: string) => {
        const day = log.days[date]
        if (!day) return false
        if (e.habit) return Boolean(day.habits)
        return sessionsOf(e).some((n) => day.sessions.includes(n))
      }
      return {
        id: e.key,
        name: e.name,
        daysPracticed: dates.filter(done).length,
        first: recorded[0] ?? null,
        last: recorded.length > 1 ? recorded[recorded.length - 1]! : null,
      }
    }),
    notes: notes.trim().slice(0, 1000),
  })
}

/** The summary file's text: the envelope with the payload its MAC covers. */
export async function sealSummary(summary: PracticeSummary, summaryKey: string): Promise<string> {
  const payload = JSON.stringify(summary)
  const envelope: PracticeSummaryEnvelope = {
    format: PRACTICE_SUMMARY_FORMAT,
    version: PRACTICE_SUMMARY_VERSION,
    payload,
    mac: await summaryMac(summaryKey, await summaryDigest(payload)),
  }
  return JSON.stringify(envelope)
}

/**
 * Reads a summary file's text: its envelope and summary, or `null` when it is not a practice
 * summary of this version.
 */
export function readSummaryFile(
  json: string,
): { envelope: PracticeSummaryEnvelope; summary: PracticeSummary } | null {
  try {
    const envelope = PracticeSummaryEnvelopeSchema.safeParse(JSON.parse(json))
    if (!envelope.success) return null
    const summary = PracticeSummarySchema.safeParse(JSON.parse(envelope.data.payload))
    return summary.success ? { envelope: envelope.data, summary: summary.data } : null
  } catch {
    return null
  }
}

/** The summary QR code's text: the file compressed, base32 for the QR code's compact mode. */
export function summaryCode(fileText: string): string {
  return base32nopad.encode(deflateSync(new TextEncoder().encode(fileText), { level: 9 }))
}

/** The file's text back from a summary QR code's text, or `null` when it is not one. */
export function summaryFromCode(code: string): string | null {
  try {
    return new TextDecoder().decode(inflateSync(base32nopad.decode(code.trim().toUpperCase())))
  } catch {
    return null
  }
}

/**
 * The address the summary's QR code opens: the therapist's exercise page with the summary in the
 * fragment, which the browser keeps to itself (docs/product/companion.md#back-to-the-therapist).
 */
export function practiceSummaryLink(origin: string, fileText: string): string {
  return `${origin}/app/exercises${SUMMARY_LINK_KEY}${summaryCode(fileText)}`
}

export { practiceSummaryInHash } from './practice-summary-link'

/** What a document prints of a checked summary. */
export function homePracticeOf(summary: PracticeSummary): HomePractice {
  return {
    from: summary.from,
    to: summary.to,
    days: summary.days,
    daysPracticed: summary.daysPracticed,
    sessions: summary.sessions,
    sessionsDone: summary.sessionsDone,
    exercises: summary.exercises.map(({ name, daysPracticed, first, last }) => ({
      name,
      daysPracticed,
      first,
      last,
    })),
  }
}

/** A recorded value as the summary screen shows it: "18 s", "12". */
export const recordingText = (r: Recording) => (r.unit === 's' ? `${r.value} s` : `${r.value}`)

/** "control pause 12 → 18 s" for an exercise with two values recorded, else null. */
export function recordedChange(exercise: HomePractice['exercises'][number]): string | null {
  if (!exercise.first || !exercise.last) return null
  const name = exercise.name.charAt(0).toLowerCase() + exercise.name.slice(1)
  const unit = exercise.last.unit === 's' ? ' s' : ''
  return `${name.replace(/ check$/, '')} ${exercise.first.value} → ${exercise.last.value}${unit}`
}

/**
 * The adherence in one line, as the progress section prints it:
 * "Practiced 11 of 14 days; control pause 12 → 18 s".
 */
export function adherenceLine(practice: HomePractice): string {
  const changes = practice.exercises.map(recordedChange).filter((c): c is string => c !== null)
  return [`Practiced ${practice.daysPracticed} of ${practice.days} days`, ...changes].join('; ')
}
