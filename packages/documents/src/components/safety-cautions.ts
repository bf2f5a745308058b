/**
 * The safety cautions a family document prints (the prescription and the after-visit summary): the
 * general caution each prescribed exercise needs, and this patient's own note of each kind, built
 * once here and drawn by `safetyCallouts` (./blocks).
 */
import type { ExerciseChoice } from '@myodocs/shared/domain/exercise-rules'
import { needsBreathHoldCaution } from '@myodocs/shared/domain/exercise-rules'
import { BREATH_HOLD_CAUTION } from '@myodocs/shared/domain/exercise-catalog'
import {
  NIGHT_TAPE_CAUTION,
  needsNightTapeCaution,
  safetyFlags,
  type ExerciseLookup,
  type SafetyFacts,
  type SafetyFlag,
} from '@myodocs/shared/domain/exercise-safety'

export interface SafetyCautions {
  /** Printed whenever a breath-hold exercise is prescribed. */
  breathHoldCaution: string | null
  /** Printed whenever night mouth tape is prescribed. */
  nightTapeCaution: string | null
  /**
   * Cautions for this patient (control pause, asthma, high blood pressure, age, suspected sleep
   * apnea, swallow precautions, the weeks after a release), in the family's words: breath holds and
   * night tape print with the general caution of their kind, the others on their own.
   */
  patientCautions: { kind: SafetyFlag['kind']; text: string }[]
  /** Whom the patient's own cautions address: "For Avery" for a minor, "For you" for an adult. */
  cautionsFor: string
}

/** The title of the patient's own cautions: "For Avery" for a minor, "For you" for an adult. */
export function cautionsFor(firstName: string, child: boolean): string {
  if (!child) return 'For you'
  return firstName.trim() ? `For ${firstName.trim()}` : 'For your child'
}

/** The cautions of a session's exercises for this patient. */
export function safetyCautions(
  exercises: readonly ExerciseChoice[],
  facts: SafetyFacts,
  firstName: string,
  lookup?: ExerciseLookup,
): SafetyCautions {
  return {
    breathHoldCaution: needsBreathHoldCaution(exercises) ? BREATH_HOLD_CAUTION : null,
    nightTapeCaution: needsNightTapeCaution(exercises) ? NIGHT_TAPE_CAUTION : null,
    // A flag the page alone shows (the session's length) has no family note.
    patientCautions: safetyFlags(exercises, facts, lookup)
      .filter((flag) => flag.familyNote)
      .map((flag) => ({ kind: flag.kind, text: flag.familyNote })),
    cautionsFor: cautionsFor(firstName, facts.child ?? false),
  }
}
