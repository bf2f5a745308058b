/**
 * The practice library of custom exercises (docs/product/clinical-content.md#custom-exercises): exercises
 * a practice writes itself, with the same parts a catalog exercise prints (steps, how many, done
 * right when, minutes and frequency, caution flags, a demo link, the unit it is measured in). Practice content, never patient
 * data. A program carries a custom exercise's text inline (`CustomExerciseTextSchema`), so a
 * document renders the same after the library entry changes or is removed.
 */
import { z } from 'zod'
import { EXERCISE_CATEGORY_IDS } from '../domain/exercise-catalog'
import { EXERCISE_MEASURE_UNITS } from '../domain/exercise-measure'
import { DemoVideoUrlSchema } from './demo-video'
import { text } from './text'

export const CUSTOM_EXERCISE_LIMITS = {
  name: 120,
  step: 300,
  steps: 6,
  howMany: 120,
  doneRight: 300,
  frequency: 100,
  /** Library entries per practice. */
  perPractice: 200,
} as const
const C = CUSTOM_EXERCISE_LIMITS

export const CUSTOM_EXERCISE_NAME_REQUIRED = 'Enter the exercise’s name'
export const CUSTOM_EXERCISE_STEPS_REQUIRED = 'Add at least one step'
export const CUSTOM_EXERCISE_STEP_EMPTY = 'A step cannot be empty'
export const CUSTOM_EXERCISE_TOO_MANY_STEPS = `At most ${C.steps} steps`
export const CUSTOM_EXERCISE_CATEGORY = 'Choose where the exercise is listed'
export const CUSTOM_EXERCISE_MINUTES = 'Minutes must be a whole number from 0 to 120'
export const CUSTOM_EXERCISE_MEASURE_UNIT = 'Choose seconds, count or millimeters'
export const CUSTOM_EXERCISE_NOT_FOUND = 'This custom exercise was not found'
export const CUSTOM_EXERCISE_LIBRARY_FULL = `A practice library holds at most ${C.perPractice} custom exercises`
export const CUSTOM_EXERCISE_NAME_TAKEN = 'The library already has an exercise with this name'

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters`

/**
 * What a program carries of a custom exercise: its words and its caution flags. `breathHold` and
 * `swallow` feed the same safety rules as the catalog's flags (docs/product/clinical-content.md#exercise-safety).
 */
export const CustomExerciseTextSchema = z.object({
  name: text().trim().min(1, CUSTOM_EXERCISE_NAME_REQUIRED).max(C.name, tooLong('Name', C.name)),
  steps: z
    .array(
      text().trim().min(1, CUSTOM_EXERCISE_STEP_EMPTY).max(C.step, tooLong('A step', C.step)),
      { error: CUSTOM_EXERCISE_STEPS_REQUIRED },
    )
    .min(1, CUSTOM_EXERCISE_STEPS_REQUIRED)
    .max(C.steps, CUSTOM_EXERCISE_TOO_MANY_STEPS),
  /** How many or how long per practice session, e.g. "10 times". */
  howMany: text().trim().max(C.howMany, tooLong('How many', C.howMany)).default(''),
  /** What a correct repetition looks or feels like. */
  doneRight: text().trim().max(C.doneRight, tooLong('Done right when', C.doneRight)).default(''),
  /** Holds the breath: the breath-hold caution rules apply. */
  breathHold: z.boolean().default(false),
  /** Takes a sip, food or a practised swallow: the swallow caution rules apply. */
  swallow: z.boolean().default(false),
  /** The practice's demonstration video, https only; printed as a QR code. */
  demoLink: z.union([z.literal(''), DemoVideoUrlSchema]).default(''),
  /**
   * The unit a reading is written in, or '' when the exercise is not measured: a measured one gets
   * its own practice-log column, like the catalog's control pause check (`domain/exercise-measure`).
   */
  measureUnit: z
    .union([z.literal(''), z.enum(EXERCISE_MEASURE_UNITS)], { error: CUSTOM_EXERCISE_MEASURE_UNIT })
    .default(''),
})

/** `POST /api/custom-exercises` and `PUT /api/custom-exercises/{id}`: a library entry. */
export const CustomExerciseBodySchema = CustomExerciseTextSchema.extend({
  /** The catalog category it is listed and printed under. */
  categoryId: z.enum(EXERCISE_CATEGORY_IDS, { error: CUSTOM_EXERCISE_CATEGORY }),
  /** Minutes per session a program starts with; 0 marks a daily habit. */
  minutes: z
    .number({ error: CUSTOM_EXERCISE_MINUTES })
    .int(CUSTOM_EXERCISE_MINUTES)
    .min(0, CUSTOM_EXERCISE_MINUTES)
    .max(120, CUSTOM_EXERCISE_MINUTES),
  /** How often, e.g. "2× daily". */
  frequency: text().trim().max(C.frequency, tooLong('Frequency', C.frequency)).default(''),
})
export type CustomExerciseBody = z.infer<typeof CustomExerciseBodySchema>

/** A library entry as the API answers it. */
export const CustomExerciseSchema = CustomExerciseBodySchema.extend({
  id: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type CustomExerciseEntry = z.infer<typeof CustomExerciseSchema>

/** `GET /api/custom-exercises`, and `DELETE`'s answer: the library by name. */
export const CustomExerciseListSchema = z.object({ exercises: z.array(CustomExerciseSchema) })

/** The one entry `POST` and `PUT` answer. */
export const CustomExerciseResponseSchema = z.object({ exercise: CustomExerciseSchema })
