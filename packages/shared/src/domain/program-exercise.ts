/**
 * An exercise of a program, from the catalog or from the practice library
 * (docs/product/clinical-content.md#custom-exercises). A custom exercise travels in the program
 * with its own text (`CustomExerciseTextSchema`), so every rule that reads a program (time, the
 * breath-hold and swallow cautions, the practice log, the companion) reads it through `exerciseOf`
 * and treats it like a catalog exercise.
 */
import type { CustomExerciseEntry } from '../contracts/custom-exercises'
import type { z } from 'zod'
import type { CustomExerciseTextSchema } from '../contracts/custom-exercises'
import {
  findExercise,
  isExerciseCategoryId,
  parseTimesPerDay,
  type Exercise,
} from './exercise-catalog'

/** The words and flags a program carries of a custom exercise (as a form holds it: defaults optional). */
export type CustomExerciseText = z.input<typeof CustomExerciseTextSchema>

/** Ids of custom exercises in a program start with this; no catalog id does. */
export const CUSTOM_EXERCISE_ID_PREFIX = 'custom-'

/** The program id of a library entry. */
export const customExerciseId = (libraryId: string) => `${CUSTOM_EXERCISE_ID_PREFIX}${libraryId}`

/** Whether an exercise id names a custom exercise. */
export const isCustomExerciseId = (id: string) => id.startsWith(CUSTOM_EXERCISE_ID_PREFIX)

/** The fields of a program's exercise that say what it is. */
export interface ProgramChoice {
  sectionId: string
  exerciseId: string
  minutes?: number
  /** A custom exercise's own text; absent for a catalog exercise. */
  custom?: CustomExerciseText | undefined
}

/**
 * A custom exercise as the catalog's shape: listed under its category, its steps as the
 * instruction, a daily habit when its minutes are 0 (as the library says).
 */
export function customAsExercise(
  id: string,
  categoryId: string,
  custom: CustomExerciseText,
  minutes: number,
  frequency = '',
): Exercise {
  const category = isExerciseCategoryId(categoryId) ? categoryId : 'tongue_function_posture'
  const timesPerDay = parseTimesPerDay(frequency)
  return {
    id,
    categoryId: category,
    name: custom.name,
    instruction: custom.steps.join(' '),
    defaultMinutes: minutes,
    variations: [],
    frequency,
    ...(timesPerDay === undefined ? {} : { timesPerDay }),
    breathHold: custom.breathHold ?? false,
    swallow: custom.swallow ?? false,
    isHabit: minutes === 0,
  }
}

/** A library entry as the exercise it adds to a program. */
export function libraryExercise(entry: CustomExerciseEntry): Exercise {
  return customAsExercise(
    customExerciseId(entry.id),
    entry.categoryId,
    entry,
    entry.minutes,
    entry.frequency,
  )
}

/** What a program's exercise is: the catalog's entry, or its custom text in the catalog's shape. */
export function exerciseOf(choice: ProgramChoice): Exercise | undefined {
  if (choice.custom)
    return customAsExercise(choice.exerciseId, choice.sectionId, choice.custom, choice.minutes ?? 1)
  return findExercise(choice.sectionId, choice.exerciseId)
}
