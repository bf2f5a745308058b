/**
 * Exercise safety tied to the patient (docs/product/clinical-content.md#exercise-safety): which
 * selected exercises need a caution for this patient, and why. Breath holds are cautioned when the
 * control pause is under 10 seconds, with asthma, or for a child; night mouth tape always carries
 * its caution and is flagged when sleep apnea is suspected (STOP-BANG ≥ 3, an AHI at or above the
 * age's cut-off, an oxygen low under 90 %) or for a child. The page warns the therapist with
 * `builderWarning`; the prescription prints `familyNote`.
 */
import type { AssessmentValues } from './assessment-scales'
import { computeAssessmentScales } from './assessment-scales'
import { isMinor } from './assessment-findings'
import { findExercise } from './exercise-catalog'
import { AHI_APNEA, SPO2_LOW_PERCENT } from './sleep-study'

/** Under this control pause (seconds) breath holds are cautioned. */
export const CONTROL_PAUSE_CAUTION_SECONDS = 10
/** STOP-BANG total from which sleep apnea is suspected (intermediate risk). */
export const STOP_BANG_SUSPECT = 3

/** What the safety rules read about the patient; every field is optional. */
export interface SafetyFacts {
  controlPauseSeconds?: number | null
  asthma?: boolean
  stopBang?: number | null
  ahi?: number | null
  lowestSpO2?: number | null
  /** Under 18 on the session date. */
  child?: boolean
}

/** The night mouth tape caution, printed whenever it is prescribed. */
export const NIGHT_TAPE_CAUTION =
  'Use mouth tape at night only when the nose is clear and breathing through it is easy, and only after daytime taping feels comfortable. Take it off at once with a blocked nose, a cold, nausea or vomiting, or any trouble breathing. Stop and tell your therapist if snoring with pauses, gasping or choking in sleep is noticed.'

/** A caution one selected exercise needs for this patient. */
export interface SafetyFlag {
  kind: 'breath_hold' | 'night_tape'
  /** The reasons in plain words, e.g. "the control pause is 8 seconds (under 10)". */
  reasons: string[]
  /** For the therapist on the exercise page. */
  builderWarning: string
  /** For the family, printed on the prescription. */
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
  if (facts.child) reasons.push('a child')
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

const joinReasons = (reasons: readonly string[]) =>
  reasons.length > 1 ? `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)!}` : reasons[0]!

/** The fields of a selected exercise these rules read. */
interface Choice {
  sectionId: string
  exerciseId: string
  selected: boolean
}

/** The families' safety notes, as the prescription prints them. */
export const CHILD_BREATH_HOLD_NOTE =
  'An adult watches every breath hold. Keep holds short and gentle, stop at the first air hunger, and stop completely with wheezing, dizziness, a headache or a racing heart.'
export const ADULT_BREATH_HOLD_NOTE =
  'Keep breath holds short and gentle, stop at the first air hunger, and stop completely with wheezing, dizziness, a headache or a racing heart.'
export const APNEA_NIGHT_TAPE_NOTE =
  'Do not start night mouth tape until a doctor has checked for sleep apnea and said it is safe.'
export const CHILD_NIGHT_TAPE_NOTE =
  'For a child, use night mouth tape only with an adult checking during the night, and only a gentle tape the child can remove alone.'

/** The cautions the selected exercises need for this patient, breath holds first. */
export function safetyFlags(choices: readonly Choice[], facts: SafetyFacts): SafetyFlag[] {
  const picked = choices
    .filter((c) => c.selected)
    .map((c) => findExercise(c.sectionId, c.exerciseId))
  const flags: SafetyFlag[] = []
  const hold = breathHoldReasons(facts)
  if (hold.length && picked.some((e) => e?.breathHold))
    flags.push({
      kind: 'breath_hold',
      reasons: hold,
      builderWarning: `Breath-hold exercise selected for ${joinReasons(hold)}: consider leaving it out or keeping holds short and supervised.`,
      familyNote: facts.child ? CHILD_BREATH_HOLD_NOTE : ADULT_BREATH_HOLD_NOTE,
    })
  const tape = nightTapeReasons(facts)
  if (tape.length && picked.some((e) => e?.id === 'night_mouth_tape')) {
    const apnea = tape.some((r) => r !== 'a child')
    flags.push({
      kind: 'night_tape',
      reasons: tape,
      builderWarning: `Night mouth tape selected for ${joinReasons(tape)}: ${apnea ? 'not advised before a sleep physician has assessed for sleep apnea.' : 'only with an adult checking during the night.'}`,
      familyNote: apnea ? APNEA_NIGHT_TAPE_NOTE : CHILD_NIGHT_TAPE_NOTE,
    })
  }
  return flags
}

/** Whether night mouth tape is among the selected exercises (its caution then always prints). */
export function needsNightTapeCaution(choices: readonly Choice[]): boolean {
  return choices.some((c) => c.selected && c.exerciseId === 'night_mouth_tape')
}

/**
 * The safety facts an assessment records (control pause, asthma, STOP-BANG, sleep study), with
 * the child flag from the date of birth on `onIso`, so the exercise page can take them over.
 */
export function safetyFactsFromAssessment(
  values: AssessmentValues,
  dobIso: string,
  onIso: string,
): SafetyFacts {
  const breathing = values.breathing_sleep ?? {}
  const num = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v)
      ? v
      : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim())
        ? Number(v)
        : null
  const history = breathing.nasal_history
  const stopBang = computeAssessmentScales(values).find((r) => r.scale === 'stop_bang')?.result
  return {
    controlPauseSeconds: num(breathing.bolt_seconds),
    asthma: Array.isArray(history) && history.includes('asthma'),
    stopBang: stopBang ? stopBang.value : null,
    ahi: num(breathing.sleep_study_ahi),
    lowestSpO2: num(breathing.sleep_study_lowest_spo2),
    child: isMinor(dobIso, onIso),
  }
}
