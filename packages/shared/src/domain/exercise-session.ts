/** A new exercise session. */
import { SessionSafetySchema, SessionVisitSchema } from '../contracts/exercise-document'
import type { ExerciseDocumentRequest } from '../contracts/exercise-document'
import { toIsoDate } from './dates'
import { EXERCISE_CATEGORIES } from './exercise-catalog'
import { minutesOnToggle } from './exercise-rules'

/**
 * An empty exercise session: blank patient names, the session date set to `today` (local calendar
 * day of the injected date), session number 1, no follow-up, and every catalog exercise unselected
 * with the minutes it would get when switched on, its variations and its default frequency.
 * Not yet valid: names are required and nothing is selected.
 */
export function emptyExerciseSession(today: Date): ExerciseDocumentRequest {
  return {
    sessionData: {
      patientFirstName: '',
      patientLastName: '',
      patientDOB: '',
      sessionDate: toIsoDate(today),
      sessionNumber: 1,
      followUpDate: '',
      additionalNotes: '',
      // The schemas' own defaults: nothing is printed or warned that was not entered.
      safety: SessionSafetySchema.parse({}),
      visit: SessionVisitSchema.parse({}),
    },
    exercises: EXERCISE_CATEGORIES.flatMap((category) =>
      category.exercises.map((exercise) => ({
        sectionId: category.id,
        exerciseId: exercise.id,
        exerciseName: exercise.name,
        selected: false,
        minutes: minutesOnToggle(exercise),
        variations: [...exercise.variations],
        selectedVariation: '',
        customNote: '',
        frequency: exercise.frequency,
      })),
    ),
  }
}
