/**
 * A measured exercise: one whose reading the family writes on the prescription's practice log each
 * day, in a column of its own, and whose reading at the visit prints as "Measured today"
 * (docs/product/documents.md#exercise-prescription). The catalog's control pause check and a
 * practice-library exercise marked measured (docs/product/clinical-content.md#custom-exercises)
 * share this one shape: what is measured, and its unit.
 */

/** The units a measured exercise is read in: a hold or stopwatch, a count, a distance. */
export const EXERCISE_MEASURE_UNITS = ['seconds', 'count', 'mm'] as const
/** One of the units of `EXERCISE_MEASURE_UNITS`. */
export type ExerciseMeasureUnit = (typeof EXERCISE_MEASURE_UNITS)[number]

/** The units as the form offers them. */
export const EXERCISE_MEASURE_UNIT_LABELS: Readonly<Record<ExerciseMeasureUnit, string>> = {
  seconds: 'Seconds',
  count: 'Count',
  mm: 'Millimeters (mm)',
}

/** What a measured exercise measures and in which unit. */
export interface ExerciseMeasure {
  /** What is measured, as a family reads it ("Control pause"). */
  name: string
  unit: ExerciseMeasureUnit
}

/** The control pause: the catalog's control pause check logs it, an exercise session records it. */
export const CONTROL_PAUSE: ExerciseMeasure = { name: 'Control pause', unit: 'seconds' }

/**
 * The catalog exercises whose steps ask the family to write a reading on the log, and what they
 * measure (the control pause check: "Write the seconds on the practice log").
 */
export const MEASURED_EXERCISES: Readonly<Record<string, ExerciseMeasure>> = {
  control_pause_check: CONTROL_PAUSE,
}

/** The most measured exercises a program may hold: each takes a column of the one-page log. */
export const MAX_MEASURED_EXERCISES = 4

/**
 * What a program's exercise measures: the catalog's entry, or a practice exercise's own name (as
 * the program names it) with its `measureUnit`; `undefined` when it is not measured.
 */
export function exerciseMeasureOf(choice: {
  exerciseId: string
  exerciseName?: string
  custom?: { name: string; measureUnit?: '' | ExerciseMeasureUnit } | undefined
}): ExerciseMeasure | undefined {
  if (!choice.custom) return MEASURED_EXERCISES[choice.exerciseId]
  const unit = choice.custom.measureUnit
  return unit ? { name: choice.exerciseName?.trim() || choice.custom.name, unit } : undefined
}

/** The practice log column's title: what is measured, then its unit ("Control pause seconds"). */
export const measureColumn = (measure: ExerciseMeasure) => `${measure.name} ${measure.unit}`

/**
 * A reading as a family reads it: "Control pause: 8 seconds" (1 second), "Tongue clicks: 12",
 * "Mouth opening: 32 mm".
 */
export function measureReading(measure: ExerciseMeasure, value: number): string {
  const unit = {
    seconds: value === 1 ? ' second' : ' seconds',
    count: '',
    mm: ' mm',
  }[measure.unit]
  return `${measure.name}: ${value}${unit}`
}
