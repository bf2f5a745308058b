/**
 * The practice's own exercises on the exercise page (docs/product/clinical-content.md#custom-exercises):
 * the library's entries and the copies the session already holds (one whose entry was deleted or
 * came from a document brought back stays listed), as catalog-shaped exercises the catalog's
 * search and rows understand.
 */
import type { CustomExerciseEntry } from '@myodocs/shared/contracts/custom-exercises'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import type { Exercise, ExerciseCategory } from '@myodocs/shared/domain/exercise-catalog'
import {
  customAsExercise,
  customExerciseId,
  libraryExercise,
} from '@myodocs/shared/domain/program-exercise'
import type { ExerciseEntry } from './exercise-program'

/** One practice exercise of the page: what it is, its library entry and its place in the session. */
export interface PracticeExercise {
  exercise: Exercise
  /** The library entry, `null` when only the session's copy is left. */
  entry: CustomExerciseEntry | null
  /** Where the session holds it, `undefined` before it is first ticked. */
  index: number | undefined
}

/** The library's exercises by name, then the session's copies the library no longer has. */
export function practiceExercises(
  library: readonly CustomExerciseEntry[],
  session: readonly (ExerciseEntry | undefined)[],
): PracticeExercise[] {
  const indexById = new Map<string, number>()
  session.forEach((e, i) => {
    if (e?.custom) indexById.set(e.exerciseId, i)
  })
  const listed = library.map((entry) => {
    const id = customExerciseId(entry.id)
    return { exercise: libraryExercise(entry), entry, index: indexById.get(id) }
  })
  const inLibrary = new Set(listed.map((p) => p.exercise.id))
  const orphans = session.flatMap((e, index): PracticeExercise[] =>
    e?.custom && !inLibrary.has(e.exerciseId)
      ? [
          {
            exercise: customAsExercise(
              e.exerciseId,
              e.sectionId,
              e.custom,
              e.minutes,
              e.frequency ?? '',
            ),
            entry: null,
            index,
          },
        ]
      : [],
  )
  return [...listed, ...orphans]
}

/** The practice exercises grouped under their catalog categories, for `searchCatalog`. */
export function practiceCategories(practice: readonly PracticeExercise[]): ExerciseCategory[] {
  return EXERCISE_CATEGORIES.map((category) => ({
    ...category,
    exercises: practice.map((p) => p.exercise).filter((e) => e.categoryId === category.id),
  })).filter((category) => category.exercises.length > 0)
}
