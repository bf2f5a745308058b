/**
 * The words of the practice library screen (Settings › Practice exercises) and of its exercises on
 * the exercise page (docs/product/clinical-content.md#custom-exercises). The form's validation
 * messages are the contract's (`contracts/custom-exercises.ts`).
 */

export const PRACTICE_EXERCISES_TITLE = 'Practice exercises'
export const PRACTICE_EXERCISES_DESCRIPTION =
  'Your practice’s own exercises, shared with everyone in the practice. Add them to any program from the exercise page; they print with their steps and in the practice log like the catalog’s. Never put a patient’s name or findings here.'
export const PRACTICE_EXERCISES_WHAT = 'your practice exercises'
export const PRACTICE_EXERCISES_EMPTY =
  'No practice exercises yet. Add the exercises your practice uses that the catalog does not have, such as your own post-release stretches.'
export const ADD_PRACTICE_EXERCISE = 'Add exercise'
export const EDIT_PRACTICE_EXERCISE = 'Edit exercise'
export const NEW_PRACTICE_EXERCISE = 'New practice exercise'
export const SAVE_PRACTICE_EXERCISE = 'Save exercise'
export const ADD_STEP = 'Add step'
export const PRACTICE_EXERCISE_SAVED = 'The exercise was saved to the practice library.'
export const PRACTICE_EXERCISE_DELETED = 'The exercise was removed from the practice library.'
export const deletePracticeExerciseTitle = (name: string) => `Delete “${name}”?`
export const DELETE_PRACTICE_EXERCISE_DESCRIPTION =
  'It leaves the practice library for everyone in the practice. Programs and documents already made keep their copy of it.'
export const PRACTICE_EXERCISE_FLAGS_HINT =
  'The same safety rules as the catalog’s exercises apply: a breath hold prints the breath-hold caution, a swallow the swallow precautions when the patient needs them.'
export const PRACTICE_EXERCISE_MEASURE_HINT =
  'A measured exercise gets its own column on the practice log, like the control pause check.'
export const PRACTICE_EXERCISE_PRIVACY_HINT = 'Practice content only: no patient names or findings.'

// On the exercise page
export const PRACTICE_EXERCISES_ON_PAGE_EMPTY =
  'Your practice has no exercises of its own yet. Add them under Settings › Practice exercises.'
export const MANAGE_PRACTICE_EXERCISES = 'Manage practice exercises'
export const NOT_IN_LIBRARY =
  'Not in the practice library any more: the program keeps the copy it was added with.'
export const PRACTICE_EXERCISES_LOAD_FAILED =
  'We could not load your practice exercises; the catalog still works.'
