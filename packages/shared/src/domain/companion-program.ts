/**
 * The companion program from an exercise session (docs/product/companion.md#what-the-link-carries),
 * and each exercise as the phone shows it: name, steps, how many, and the timer its dose asks for.
 * Catalog exercises travel by id (the companion carries the catalog); only what the therapist
 * changed travels as text.
 */
import type { CompanionExercise, CompanionProgram } from '../contracts/companion'
import type { ExerciseDocumentRequest } from '../contracts/exercise-document'
import { isMinor } from './dates'
import { EXERCISE_CATEGORIES, parseTimesPerDay, type Exercise } from './exercise-catalog'
import {
  exerciseDose,
  exerciseHowTo,
  minutesText,
  plainWords,
  variationLine,
} from './exercise-howto'
import { exerciseOf, type ProgramChoice } from './program-exercise'

const catalog = new Map<string, Exercise>(
  EXERCISE_CATEGORIES.flatMap((c) => c.exercises.map((e) => [e.id, e] as const)),
)

/** The catalog exercise with this id, whatever its category. */
export const catalogExercise = (id: string): Exercise | undefined => catalog.get(id)

/**
 * Practice sessions a day: the most any active (not passive) exercise asks for, read from the
 * frequency the therapist chose, 1 to 3, and 2 when none says — the printed practice log's rule.
 */
export function practiceSessionsPerDay(
  exercises: readonly (Partial<ProgramChoice> & {
    exerciseId: string
    frequency: string
    selected?: boolean
  })[],
): number {
  const perDay = exercises
    .filter((e) => e.selected !== false)
    .map((e) => {
      const exercise =
        e.custom && e.sectionId
          ? exerciseOf({ ...e, sectionId: e.sectionId })
          : catalog.get(e.exerciseId)
      if (!exercise || exercise.categoryId === 'passive') return undefined
      return parseTimesPerDay(e.frequency) ?? exercise.timesPerDay
    })
    .filter((n): n is number => n !== undefined)
  return Math.min(3, Math.max(1, ...(perDay.length ? perDay : [2])))
}

/**
 * The program an exercise session sends to the phone, without its ids and keys (the server adds
 * them): the patient's first name only, the practice's name, its demo-video links (https only).
 */
export function companionProgramOf(
  request: ExerciseDocumentRequest,
  practice: { name: string; videoLinks?: Readonly<Record<string, string>> },
  ids: { programId: string; summaryKey: string },
): CompanionProgram {
  const { sessionData: s } = request
  const selected = request.exercises.filter((e) => e.selected)
  return {
    ...ids,
    issued: s.sessionDate,
    followUp: s.followUpDate,
    firstName: s.patientFirstName.trim(),
    practice: practice.name.trim(),
    child: Boolean(s.patientDOB) && isMinor(s.patientDOB, s.sessionDate),
    sessionsPerDay: practiceSessionsPerDay(selected),
    exercises: selected.map((e): CompanionExercise => {
      const frequency = e.frequency.trim()
      if (e.custom) {
        // A practice's own exercise travels as text: the companion has no library.
        const { custom } = e
        const name = e.exerciseName.trim()
        return {
          id: '',
          custom: {
            name: custom.name,
            instruction: custom.doneRight ? `Done right when: ${custom.doneRight}` : '',
            steps: custom.steps,
            dose: custom.howMany || (e.minutes > 0 ? minutesText(e.minutes) : ''),
          },
          name: name && name !== custom.name ? name : '',
          minutes: e.minutes,
          frequency,
          variation: e.selectedVariation.trim(),
          note: e.customNote.trim(),
          video: custom.demoLink.startsWith('https://') ? custom.demoLink : '',
        }
      }
      const exercise = catalog.get(e.exerciseId)
      const video = practice.videoLinks?.[e.exerciseId] ?? ''
      const name = e.exerciseName.trim()
      return {
        id: e.exerciseId,
        // Only what differs from the catalog travels: the link stays short.
        name: name && name !== exercise?.name ? name : '',
        minutes: e.minutes,
        frequency: frequency && frequency !== exercise?.frequency ? frequency : '',
        variation: e.selectedVariation.trim(),
        note: e.customNote.trim(),
        video: video.startsWith('https://') ? video : '',
      }
    }),
  }
}

/** What the timer does for an exercise, read from its dose. */
export type ExerciseTimer =
  | { kind: 'hold'; seconds: number; times: number }
  | { kind: 'count'; times: number }
  | { kind: 'countdown'; seconds: number }
  | { kind: 'stopwatch' }

/**
 * The timer a dose asks for: "Hold 10 seconds, 5 times" and "30 seconds, 2 times" are holds,
 * "10 times" or "10 clicks" a count, "3 minutes" a countdown; the control pause check a
 * stopwatch whose seconds are recorded. `null` when the dose names no number (a habit).
 */
export function timerFor(exerciseId: string, dose: string): ExerciseTimer | null {
  if (exerciseId === 'control_pause_check') return { kind: 'stopwatch' }
  const number = (pattern: RegExp) => {
    const match = pattern.exec(dose)
    return match ? Number(match[1]) : undefined
  }
  const seconds = number(/(\d+)\s*seconds?/i)
  const times = number(/(\d+)\s*(?:times|rounds)\b/i)
  // "10 taps, holding the last one 5 seconds" counts taps; the hold is one of them.
  const isHold = /\bhold/i.test(dose) || /^\s*\d+\s*seconds?/i.test(dose)
  if (seconds !== undefined && isHold && !/\btaps\b/i.test(dose))
    return { kind: 'hold', seconds, times: times ?? 1 }
  const minutes = number(/^\s*(\d+)\s*minutes?\s*$/i)
  if (minutes !== undefined) return { kind: 'countdown', seconds: minutes * 60 }
  const count = number(/^\s*(?:start with\s+)?(\d+)\s+\w+/i) ?? times
  return count === undefined ? null : { kind: 'count', times: count }
}

/** An exercise as the phone shows it. */
export interface CompanionExerciseView {
  /** Stable within the program: the catalog id, or `custom-<n>`. */
  key: string
  name: string
  instruction: string
  steps: readonly string[]
  dose: string
  /** "Your version: …", or empty. */
  variation: string
  frequency: string
  note: string
  video: string
  /** Sessions a day it belongs to; `undefined` when it says no single number ("2–3× daily"). */
  timesPerDay: number | undefined
  /** A daily habit or passive practice: ticked once a day, outside the sessions. */
  habit: boolean
  timer: ExerciseTimer | null
}

/** Each exercise of `program` with its words, from the catalog or its own text. */
export function companionExercises(program: CompanionProgram): CompanionExerciseView[] {
  return program.exercises.map((e, index) => {
    if (e.custom) {
      return {
        key: `custom-${index}`,
        name: e.name || e.custom.name,
        instruction: e.custom.instruction,
        steps: e.custom.steps,
        dose: e.custom.dose,
        variation: e.variation ? `Your version: ${e.variation}` : '',
        frequency: e.frequency,
        note: e.note,
        video: e.video,
        timesPerDay: parseTimesPerDay(e.frequency),
        habit: false,
        timer: timerFor('', e.custom.dose),
      }
    }
    const exercise = catalog.get(e.id)
    const howTo = exerciseHowTo(e.id)
    const frequency = e.frequency || exercise?.frequency || ''
    const dose = exerciseDose(e.id, e.minutes)
    const habit = exercise?.categoryId === 'passive'
    return {
      key: e.id,
      name: e.name || exercise?.name || e.id,
      instruction: plainWords(exercise?.instruction ?? ''),
      steps: howTo?.steps ?? [],
      dose,
      variation: variationLine(e.id, e.variation),
      frequency,
      note: e.note,
      video: e.video,
      timesPerDay: parseTimesPerDay(frequency) ?? exercise?.timesPerDay,
      habit,
      timer: habit && exercise?.isHabit ? null : timerFor(e.id, dose),
    }
  })
}
