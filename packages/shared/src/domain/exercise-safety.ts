/**
 * Exercise safety tied to the patient (docs/product/clinical-content.md#exercise-safety): which
 * selected exercises need a caution for this patient, and why. Every rule names the recorded values
 * it reads and says nothing when none of them is recorded:
 * - breath holds: a control pause under 10 seconds, asthma, high blood pressure, a child or an
 *   older adult;
 * - night mouth tape: always its caution; flagged when sleep apnea is suspected (STOP-BANG ≥ 3, an
 *   AHI at or above the age's cut-off, an oxygen low under 90 %) or for a child;
 * - swallow exercises: recorded dysphagia, a stroke, or swallowing managed by an SLP;
 * - any program in the weeks after a recorded tongue- or lip-tie release: the post-operative note;
 * - a child's or an older adult's whole session: its length.
 * The page warns the therapist with `builderWarning`; the documents print `familyNote`.
 */
import type { AssessmentValues } from './assessment-scales'
import { computeAssessmentScales } from './assessment-scales'
import { isIsoCalendarDate, isMinor, yearsBetween } from './dates'
import { exerciseOf, type CustomExerciseText } from './program-exercise'
import { exerciseTime } from './exercise-rules'
import { historyFacts, type AssessmentHistory } from './exercise-safety-history'
import { AHI_APNEA, SPO2_LOW_PERCENT } from './sleep-study'

/** Under this control pause (seconds) breath holds are cautioned. */
export const CONTROL_PAUSE_CAUTION_SECONDS = 10
/** STOP-BANG total from which sleep apnea is suspected (intermediate risk). */
export const STOP_BANG_SUSPECT = 3
/** From this age on the session date a patient is an older adult (checked like a child). */
export const OLDER_ADULT_YEARS = 65
/** Weeks after a recorded release during which the post-operative caution prints. */
export const POST_RELEASE_CAUTION_WEEKS = 6
/**
 * Above these minutes per session (active plus timed passive) a child's or an older adult's
 * program is flagged: the reference program is about 5 active and at most 30 passive minutes.
 */
export const SUPERVISED_SESSION_WARNING_MINUTES = 35

/** What the safety rules read about the patient; every field is optional. */
export interface SafetyFacts {
  controlPauseSeconds?: number | null
  asthma?: boolean
  stopBang?: number | null
  ahi?: number | null
  lowestSpO2?: number | null
  highBloodPressure?: boolean
  dysphagia?: boolean
  stroke?: boolean
  /** Swallowing is managed by a speech-language pathologist (their precautions apply). */
  slpSwallowCare?: boolean
  /** The day of a tongue- or lip-tie release (`YYYY-MM-DD`). */
  releaseDate?: string
  /** The session's day (`YYYY-MM-DD`): the post-release weeks are counted to it. */
  sessionDate?: string
  /** Under 18 on the session date. */
  child?: boolean
  /** 65 or over on the session date. */
  olderAdult?: boolean
}

/** Under 18 and 65-or-over on `onIso`, from the date of birth; unknown ages are neither. */
export function ageFacts(dobIso: string, onIso: string): Pick<SafetyFacts, 'child' | 'olderAdult'> {
  const years = yearsBetween(dobIso, onIso)
  return { child: isMinor(dobIso, onIso), olderAdult: years !== null && years >= OLDER_ADULT_YEARS }
}

/** The night mouth tape caution, printed whenever it is prescribed. */
export const NIGHT_TAPE_CAUTION =
  'Use mouth tape at night only when the nose is clear and breathing through it is easy, and only after daytime taping feels comfortable. Take it off at once with a blocked nose, a cold, nausea or vomiting, or any trouble breathing. Stop and tell your therapist if snoring with pauses, gasping or choking in sleep is noticed.'

/** A caution the selected exercises need for this patient. */
export interface SafetyFlag {
  kind: 'breath_hold' | 'night_tape' | 'swallow' | 'post_release' | 'session_length'
  /** The reasons in plain words, e.g. "the control pause is 8 seconds (under 10)". */
  reasons: string[]
  /** For the therapist on the exercise page. */
  builderWarning: string
  /** For the family, printed on the exercise documents; empty for a warning the page alone shows. */
  familyNote: string
}

const isNumber = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n)

/** Why breath holds need care for this patient; empty when nothing recorded says so. */
export function breathHoldReasons(facts: SafetyFacts): string[] {
  const reasons: string[] = []
  if (
    isNumber(facts.controlPauseSeconds) &&
    facts.controlPauseSeconds < CONTROL_PAUSE_CAUTION_SECONDS
  )
    reasons.push(
      `the control pause is ${facts.controlPauseSeconds} seconds (under ${CONTROL_PAUSE_CAUTION_SECONDS})`,
    )
  if (facts.asthma) reasons.push('asthma')
  if (facts.highBloodPressure) reasons.push('high blood pressure')
  if (facts.child) reasons.push('a child')
  if (facts.olderAdult) reasons.push(`an older adult (${OLDER_ADULT_YEARS} or over)`)
  return reasons
}

/** Why night mouth tape needs a doctor's word first; empty when nothing recorded says so. */
export function nightTapeReasons(facts: SafetyFacts): string[] {
  const reasons: string[] = []
  if (isNumber(facts.stopBang) && facts.stopBang >= STOP_BANG_SUSPECT)
    reasons.push(
      `STOP-BANG ${facts.stopBang} of 8 (sleep apnea suspected from ${STOP_BANG_SUSPECT})`,
    )
  const ahiCut = facts.child ? AHI_APNEA.child : AHI_APNEA.adult
  if (isNumber(facts.ahi) && facts.ahi >= ahiCut)
    reasons.push(`an AHI of ${facts.ahi} events per hour (${ahiCut} or more)`)
  if (isNumber(facts.lowestSpO2) && facts.lowestSpO2 < SPO2_LOW_PERCENT)
    reasons.push(`an oxygen low of ${facts.lowestSpO2}% (under ${SPO2_LOW_PERCENT}%)`)
  if (facts.child) reasons.push('a child')
  return reasons
}

/** Why exercises with a sip, food or a swallow need the swallow precautions; empty otherwise. */
export function swallowReasons(facts: SafetyFacts): string[] {
  const reasons: string[] = []
  if (facts.dysphagia) reasons.push('dysphagia')
  if (facts.stroke) reasons.push('a stroke')
  if (facts.slpSwallowCare) reasons.push('swallowing managed by a speech-language pathologist')
  return reasons
}

const DAY_MS = 86_400_000
const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10))

/**
 * Whole days from a recorded release to the session, when the session falls within
 * `POST_RELEASE_CAUTION_WEEKS` of it (release day included); `null` otherwise or when either date
 * is missing.
 */
export function daysSinceRelease(facts: SafetyFacts): number | null {
  const { releaseDate, sessionDate } = facts
  if (!releaseDate || !sessionDate) return null
  if (!isIsoCalendarDate(releaseDate) || !isIsoCalendarDate(sessionDate)) return null
  const days = Math.round((dayNumber(sessionDate) - dayNumber(releaseDate)) / DAY_MS)
  return days >= 0 && days < POST_RELEASE_CAUTION_WEEKS * 7 ? days : null
}

const joinReasons = (reasons: readonly string[]) =>
  reasons.length > 1 ? `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)!}` : reasons[0]!

/** The fields of a selected exercise these rules read. */
interface Choice {
  sectionId: string
  exerciseId: string
  selected: boolean
  minutes?: number
  custom?: CustomExerciseText | undefined
}

/** The families' safety notes, as the documents print them. */
export const CHILD_BREATH_HOLD_NOTE =
  'An adult watches every breath hold. Keep holds short and gentle, stop at the first air hunger, and stop completely with wheezing, dizziness, a headache or a racing heart.'
export const ADULT_BREATH_HOLD_NOTE =
  'Keep breath holds short and gentle, stop at the first air hunger, and stop completely with wheezing, dizziness, a headache or a racing heart.'
export const OLDER_ADULT_BREATH_HOLD_NOTE =
  'Do breath holds sitting down, with someone nearby. Keep them short and gentle, stop at the first air hunger, and stop completely with dizziness, chest pain, a headache or a racing heart.'
export const BLOOD_PRESSURE_BREATH_HOLD_NOTE =
  'Your therapist noted high blood pressure. Ask your doctor before doing any breath hold, and do none until your doctor says they are safe for you.'
export const APNEA_NIGHT_TAPE_NOTE =
  'Do not start night mouth tape until a doctor has checked for sleep apnea and said it is safe.'
export const CHILD_NIGHT_TAPE_NOTE =
  'For a child, use night mouth tape only with an adult checking during the night, and only a gentle tape the child can remove alone.'
export const SLP_SWALLOW_NOTE =
  'Follow the swallow precautions your speech-language pathologist gave you in every exercise with a sip, food or a swallow: the same way of sitting, sip size and food textures. Stop and tell your therapist and your speech-language pathologist if you cough, choke, sound wet or gurgly, or feel food stick.'
export const SWALLOW_NOTE =
  'Follow the swallow precautions your doctor or speech-language pathologist gave you in every exercise with a sip, food or a swallow: the same way of sitting, sip size and food textures. Stop and tell your therapist if you cough, choke, sound wet or gurgly, or feel food stick.'
export const CHILD_POST_RELEASE_NOTE =
  'In the weeks after the release, do every stretch gently with clean hands and never force the tongue or lip. Call the provider who did the release for bleeding that does not stop with gentle pressure, a fever, or if your child refuses to drink.'
export const ADULT_POST_RELEASE_NOTE =
  'In the weeks after the release, do every stretch gently with clean hands and never force the tongue or lip. Call the provider who did the release for bleeding that does not stop with gentle pressure, a fever, or pain or swelling that gets worse.'

/** Every fixed note above, for the documents' text-shaping memo. */
export const SAFETY_NOTES = [
  CHILD_BREATH_HOLD_NOTE,
  ADULT_BREATH_HOLD_NOTE,
  OLDER_ADULT_BREATH_HOLD_NOTE,
  BLOOD_PRESSURE_BREATH_HOLD_NOTE,
  APNEA_NIGHT_TAPE_NOTE,
  CHILD_NIGHT_TAPE_NOTE,
  SLP_SWALLOW_NOTE,
  SWALLOW_NOTE,
  CHILD_POST_RELEASE_NOTE,
  ADULT_POST_RELEASE_NOTE,
] as const

function breathHoldNote(facts: SafetyFacts): string {
  const base = facts.child
    ? CHILD_BREATH_HOLD_NOTE
    : facts.olderAdult
      ? OLDER_ADULT_BREATH_HOLD_NOTE
      : ADULT_BREATH_HOLD_NOTE
  return facts.highBloodPressure ? `${BLOOD_PRESSURE_BREATH_HOLD_NOTE} ${base}` : base
}

/** What a selected exercise is, for these rules: catalog or practice-library flags. */
export interface ExerciseFlags {
  name: string
  breathHold: boolean
  swallow: boolean
}
/** Finds a selected exercise's flags; the catalog's by default. */
export type ExerciseLookup = (choice: Choice) => ExerciseFlags | undefined
const catalogLookup: ExerciseLookup = (c) => exerciseOf(c)

/** The cautions the selected exercises need for this patient, breath holds first. */
export function safetyFlags(
  choices: readonly Choice[],
  facts: SafetyFacts,
  lookup: ExerciseLookup = catalogLookup,
): SafetyFlag[] {
  const selected = choices.filter((c) => c.selected)
  const picked = selected.map(lookup)
  const flags: SafetyFlag[] = []
  const hold = breathHoldReasons(facts)
  if (hold.length && picked.some((e) => e?.breathHold))
    flags.push({
      kind: 'breath_hold',
      reasons: hold,
      builderWarning: facts.highBloodPressure
        ? `Breath-hold exercise selected for ${joinReasons(hold)}: leave it out until the patient's doctor has said breath holds are safe.`
        : `Breath-hold exercise selected for ${joinReasons(hold)}: consider leaving it out or keeping holds short and supervised.`,
      familyNote: breathHoldNote(facts),
    })
  const tape = nightTapeReasons(facts)
  if (tape.length && selected.some((c) => c.exerciseId === 'night_mouth_tape')) {
    const apnea = tape.some((r) => r !== 'a child')
    flags.push({
      kind: 'night_tape',
      reasons: tape,
      builderWarning: `Night mouth tape selected for ${joinReasons(tape)}: ${apnea ? 'not advised before a sleep physician has assessed for sleep apnea.' : 'only with an adult checking during the night.'}`,
      familyNote: apnea ? APNEA_NIGHT_TAPE_NOTE : CHILD_NIGHT_TAPE_NOTE,
    })
  }
  const swallow = swallowReasons(facts)
  const swallowing = picked.filter((e): e is ExerciseFlags => Boolean(e?.swallow))
  if (swallow.length && swallowing.length)
    flags.push({
      kind: 'swallow',
      reasons: swallow,
      builderWarning: `Swallow exercise${swallowing.length > 1 ? 's' : ''} (${swallowing.map((e) => e.name).join(', ')}) selected for ${joinReasons(swallow)}: check ${swallowing.length > 1 ? 'they fit' : 'it fits'} the swallow precautions${facts.slpSwallowCare ? ' of the patient’s speech-language pathologist' : ''} before printing.`,
      familyNote: facts.slpSwallowCare ? SLP_SWALLOW_NOTE : SWALLOW_NOTE,
    })
  const days = daysSinceRelease(facts)
  if (days !== null && selected.length) {
    const weeks = Math.floor(days / 7)
    const since =
      days < 7 ? `${days} day${days === 1 ? '' : 's'}` : `${weeks} week${weeks === 1 ? '' : 's'}`
    flags.push({
      kind: 'post_release',
      reasons: [`a tie release ${since} before this session`],
      builderWarning: `A tie release ${since} before this session: keep stretches gentle; the documents print the post-operative caution for the first ${POST_RELEASE_CAUTION_WEEKS} weeks.`,
      familyNote: facts.child ? CHILD_POST_RELEASE_NOTE : ADULT_POST_RELEASE_NOTE,
    })
  }
  const session = exerciseTime(
    selected.map((c) => ({ ...c, minutes: c.minutes ?? 0 })),
  ).totalMinutes
  if ((facts.child || facts.olderAdult) && session > SUPERVISED_SESSION_WARNING_MINUTES) {
    const who = facts.child ? 'a child' : `an older adult (${OLDER_ADULT_YEARS} or over)`
    flags.push({
      kind: 'session_length',
      reasons: [who],
      builderWarning: `A ${session}-minute session for ${who}: more than ${SUPERVISED_SESSION_WARNING_MINUTES} minutes (about 5 active and up to 30 passive) is hard to keep up; consider fewer or shorter exercises.`,
      familyNote: '',
    })
  }
  return flags
}

/** Whether night mouth tape is among the selected exercises (its caution then always prints). */
export function needsNightTapeCaution(choices: readonly Choice[]): boolean {
  return choices.some((c) => c.selected && c.exerciseId === 'night_mouth_tape')
}

/**
 * The safety facts an assessment records (control pause, asthma, STOP-BANG and its high blood
 * pressure answer, the sleep study; from the history: high blood pressure, dysphagia, a stroke,
 * swallowing managed by an SLP, a release date; `./exercise-safety-history`), with the age flags
 * from the date of birth on `onIso`, so the exercise page can take them over.
 */
export function safetyFactsFromAssessment(
  values: AssessmentValues,
  dobIso: string,
  onIso: string,
  history: AssessmentHistory = {},
): SafetyFacts {
  const breathing = values.breathing_sleep ?? {}
  const num = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v)
      ? v
      : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim())
        ? Number(v)
        : null
  const nasal = breathing.nasal_history
  const stopBang = computeAssessmentScales(values).find((r) => r.scale === 'stop_bang')?.result
  const fromHistory = historyFacts(values, history)
  return {
    controlPauseSeconds: num(breathing.bolt_seconds),
    asthma: Array.isArray(nasal) && nasal.includes('asthma'),
    stopBang: stopBang ? stopBang.value : null,
    ahi: num(breathing.sleep_study_ahi),
    lowestSpO2: num(breathing.sleep_study_lowest_spo2),
    highBloodPressure: breathing.stop_bang_pressure === 'yes' || fromHistory.highBloodPressure,
    dysphagia: fromHistory.dysphagia,
    stroke: fromHistory.stroke,
    slpSwallowCare: fromHistory.slpSwallowCare,
    releaseDate: fromHistory.releaseDate,
    ...ageFacts(dobIso, onIso),
  }
}
