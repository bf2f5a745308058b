/**
 * Rules of the Exercise Prescription: minutes when an exercise is switched on, time per
 * session, the program-length warning and the breath-hold caution.
 *
 * Time is counted in three parts, because the reference's dosage guidance does:
 * - active: every category but Passive ("about 5 minutes, 2× daily for active work"); this is
 *   what the program-length warning watches ("keep the active total per session short");
 * - passive: timed Passive items ("plus 20–30 minutes of passive work once a day"), done during
 *   TV or reading, so they never trigger the warning;
 * - habits: Passive items with 0 default minutes (night tape, posture reminders, habit
 *   interrupter), counted, never timed.
 *
 * Habits and the toggle rule (docs/product/clinical-content.md#toggling). "Toggling an exercise on sets its minutes to its default, or 1" applies to
 * habits too (their default is 0, so they get 1) so every selected exercise has minutes ≥ 1 on
 * the wire; but a habit's minutes are ignored by every total and the prescription prints
 * "Daily habit" instead.
 */
import { PROGRAM_TOO_LONG } from '../constants/document-messages'
import type { Exercise } from './exercise-catalog'
import { exerciseOf, type CustomExerciseText } from './program-exercise'

/** The active minutes per session above which the prescription warns (strictly above). */
export const PROGRAM_LENGTH_WARNING_MINUTES = 10

/** The fields of a selected exercise these rules read. */
export interface ExerciseChoice {
  /** The exercise's category id (the spec calls it `sectionId`). */
  sectionId: string
  exerciseId: string
  selected: boolean
  minutes: number
  /** A practice-library exercise's own text (./program-exercise). */
  custom?: CustomExerciseText | undefined
}

/** Minutes an exercise gets when switched on: its default, or 1 when the default is 0. */
export function minutesOnToggle(exercise: Pick<Exercise, 'defaultMinutes'> | undefined): number {
  return exercise && exercise.defaultMinutes > 0 ? exercise.defaultMinutes : 1
}

/**
 * Switches an exercise on or off. Switching on resets its minutes; switching off keeps
 * them, so an accidental untick loses nothing the therapist typed.
 */
export function toggleExercise<T extends ExerciseChoice>(choice: T, selected: boolean): T {
  if (!selected) return { ...choice, selected: false }
  // A custom exercise has no catalog default: it keeps the minutes the library gave it.
  if (choice.custom) return { ...choice, selected: true }
  const exercise = exerciseOf(choice)
  return { ...choice, selected: true, minutes: minutesOnToggle(exercise) }
}

/** Time of the selected exercises per session (see the file comment for the three parts). */
export interface ExerciseTime {
  /** Minutes of selected exercises outside Passive: what one practice session takes. */
  activeMinutes: number
  /** Minutes of selected timed Passive items. */
  passiveMinutes: number
  /** `activeMinutes + passiveMinutes`: the session's "total exercise time". */
  totalMinutes: number
  /** Selected daily habits, which have no minutes. */
  habitCount: number
  /** Selected exercises of any kind. */
  selectedCount: number
}

/** Adds up the selected exercises. Unknown ids count as active, so nothing silently vanishes. */
export function exerciseTime(choices: readonly ExerciseChoice[]): ExerciseTime {
  const time: ExerciseTime = {
    activeMinutes: 0,
    passiveMinutes: 0,
    totalMinutes: 0,
    habitCount: 0,
    selectedCount: 0,
  }
  for (const choice of choices) {
    if (!choice.selected) continue
    time.selectedCount += 1
    const exercise = exerciseOf(choice)
    const minutes = Number.isFinite(choice.minutes) && choice.minutes > 0 ? choice.minutes : 0
    if (exercise?.isHabit) time.habitCount += 1
    else if (exercise?.categoryId === 'passive') time.passiveMinutes += minutes
    else time.activeMinutes += minutes
  }
  time.totalMinutes = time.activeMinutes + time.passiveMinutes
  return time
}

/**
 * The program-length warning when the active minutes per session pass
 * `PROGRAM_LENGTH_WARNING_MINUTES` (10 is fine, 11 warns), else `null`. A warning, not an error:
 * some programs use 10–15 minute sessions.
 */
export function programLengthWarning(choices: readonly ExerciseChoice[]): string | null {
  return exerciseTime(choices).activeMinutes > PROGRAM_LENGTH_WARNING_MINUTES
    ? PROGRAM_TOO_LONG
    : null
}

/** Whether any selected exercise holds the breath, so the prescription shows `BREATH_HOLD_CAUTION`. */
export function needsBreathHoldCaution(choices: readonly ExerciseChoice[]): boolean {
  return choices.some((c) => c.selected && exerciseOf(c)?.breathHold)
}
