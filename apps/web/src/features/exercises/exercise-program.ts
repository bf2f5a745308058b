/**
 * What the Exercise Prescription page shows about the program being built, as pure functions
 * over the session's exercises (the shared rules do the counting: total exercise time,
 * toggling, the program-length warning and the breath-hold caution).
 */
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import { CustomExerciseTextSchema } from '@myodocs/shared/contracts/custom-exercises'
import type { CustomExerciseEntry } from '@myodocs/shared/contracts/custom-exercises'
import {
  EXERCISE_CATEGORIES,
  EXERCISE_CATEGORY_IDS,
  isExerciseCategoryId,
} from '@myodocs/shared/domain/exercise-catalog'
import type { Exercise } from '@myodocs/shared/domain/exercise-catalog'
import {
  customExerciseId,
  exerciseOf,
  isCustomExerciseId,
} from '@myodocs/shared/domain/program-exercise'
import { minutesOnToggle, toggleExercise } from '@myodocs/shared/domain/exercise-rules'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import type { ExerciseTime } from '@myodocs/shared/domain/exercise-rules'

/** One exercise of the session as the form holds it. */
export type ExerciseEntry = ExerciseDocumentRequestInput['exercises'][number]

/** A selected exercise with its catalog entry and its place in the session's list. */
export interface ProgramItem {
  index: number
  entry: ExerciseEntry
  exercise: Exercise
}

/**
 * The selected exercises in the order the prescription prints them: by category, the catalog's
 * first, then the practice's own in the order they were added.
 */
export function programItems(entries: readonly ExerciseEntry[]): ProgramItem[] {
  const items: ProgramItem[] = []
  entries.forEach((entry, index) => {
    if (!entry.selected) return
    const exercise = exerciseOf(entry)
    if (exercise) items.push({ index, entry, exercise })
  })
  const at = (item: ProgramItem) => {
    const category = EXERCISE_CATEGORY_IDS.indexOf(item.exercise.categoryId)
    const inCatalog = EXERCISE_INDEX.get(item.exercise.id)
    return category * 10_000 + (inCatalog ?? 5_000 + item.index)
  }
  return items.sort((a, b) => at(a) - at(b))
}

/** What a program carries of a library entry: its words and flags (`CustomExerciseTextSchema`). */
export const customTextOf = (entry: CustomExerciseEntry) =>
  CustomExerciseTextSchema.parse({
    name: entry.name,
    steps: entry.steps,
    howMany: entry.howMany,
    doneRight: entry.doneRight,
    breathHold: entry.breathHold,
    swallow: entry.swallow,
    demoLink: entry.demoLink,
    measureUnit: entry.measureUnit,
  })

/** A library entry as a (not yet selected) exercise of the session, with the library's dose. */
export function customEntry(entry: CustomExerciseEntry): ExerciseEntry {
  return {
    sectionId: entry.categoryId,
    exerciseId: customExerciseId(entry.id),
    exerciseName: entry.name,
    selected: false,
    minutes: entry.minutes,
    variations: [],
    selectedVariation: '',
    customNote: '',
    frequency: entry.frequency,
    custom: customTextOf(entry),
  }
}

const isWholeMinutes = (minutes: unknown) =>
  typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0 && minutes <= 120
const isReading = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

/**
 * Switches an exercise on or off (on → its default minutes, or 1). Off keeps what the
 * therapist typed, unless the minutes are not a valid number: an unticked row hides its fields,
 * and a hidden field must not block Generate.
 */
export function switchExercise(entry: ExerciseEntry, selected: boolean): ExerciseEntry {
  const next = toggleExercise(entry, selected)
  if (selected || isWholeMinutes(next.minutes)) return next
  return { ...next, minutes: entry.custom ? 1 : minutesOnToggle(exerciseOf(entry)) }
}

/** "38 min" for the running total. */
export const minutesLabel = (minutes: number) => `${minutes} min`

/**
 * The breakdown under the total, when there is more than active work: "8 min active + 30 min
 * passive · 2 daily habits". `null` when the total says it all.
 */
export function timeBreakdown(time: ExerciseTime): string | null {
  const parts: string[] = []
  if (time.passiveMinutes > 0)
    parts.push(
      `${minutesLabel(time.activeMinutes)} active + ${minutesLabel(time.passiveMinutes)} passive`,
    )
  if (time.habitCount > 0)
    parts.push(time.habitCount === 1 ? '1 daily habit' : `${time.habitCount} daily habits`)
  return parts.length ? parts.join(' · ') : null
}

/** The frequencies of the catalog, for the frequency field's suggestions. */
export const FREQUENCY_SUGGESTIONS: readonly string[] = [
  ...new Set(EXERCISE_CATEGORIES.flatMap((c) => c.exercises.map((e) => e.frequency))),
].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))

/** Where each exercise sits in a session's list: every session keeps the catalog's order. */
export const EXERCISE_INDEX: ReadonlyMap<string, number> = new Map(
  EXERCISE_CATEGORIES.flatMap((c) => c.exercises).map((e, i) => [e.id, i] as const),
)

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)

type SessionData = ExerciseDocumentRequestInput['sessionData']
const record = (value: unknown) =>
  (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
const measure = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

// The safety values and visit notes of a draft from before they existed come back empty.
function restoreSafety(saved: unknown, fresh: SessionData['safety']): SessionData['safety'] {
  const data = record(saved)
  return {
    ...fresh,
    controlPauseSeconds: measure(data.controlPauseSeconds),
    asthma: data.asthma === true,
    stopBang: measure(data.stopBang),
    ahi: measure(data.ahi),
    lowestSpO2: measure(data.lowestSpO2),
    highBloodPressure: data.highBloodPressure === true,
    dysphagia: data.dysphagia === true,
    stroke: data.stroke === true,
    slpSwallowCare: data.slpSwallowCare === true,
    releaseDate: typeof data.releaseDate === 'string' ? data.releaseDate : '',
  }
}

function restoreVisit(saved: unknown): SessionData['visit'] {
  const data = record(saved)
  return {
    workedOn: text(data.workedOn, ''),
    observations: text(data.observations, ''),
    measures: text(data.measures, ''),
    progressNotes: text(data.progressNotes, ''),
    programChanges: text(data.programChanges, ''),
  }
}

/**
 * A saved session (an encrypted draft, possibly from an older catalog) laid over a new one:
 * every catalog exercise in catalog order, with what the therapist chose where the draft has it.
 * Exercises no longer in the catalog are dropped, new ones come unselected, and the variations
 * offered are always the catalog's. Nothing typed that still fits is lost.
 */
export function restoreExerciseSession(saved: unknown, today: Date): ExerciseDocumentRequestInput {
  const fresh = emptyExerciseSession(today)
  if (!saved || typeof saved !== 'object') return fresh
  const { sessionData, exercises } = saved as Record<string, unknown>
  const data = (sessionData && typeof sessionData === 'object' ? sessionData : {}) as Record<
    string,
    unknown
  >
  const byId = new Map<string, Record<string, unknown>>()
  if (Array.isArray(exercises))
    for (const e of exercises as unknown[])
      if (
        e &&
        typeof e === 'object' &&
        typeof (e as { exerciseId?: unknown }).exerciseId === 'string'
      )
        byId.set((e as { exerciseId: string }).exerciseId, e as Record<string, unknown>)
  const s = fresh.sessionData
  return {
    sessionData: {
      patientFirstName: text(data.patientFirstName, s.patientFirstName),
      patientLastName: text(data.patientLastName, s.patientLastName),
      patientDOB: text(data.patientDOB, s.patientDOB ?? ''),
      sessionDate: text(data.sessionDate, s.sessionDate),
      sessionNumber: typeof data.sessionNumber === 'number' ? data.sessionNumber : s.sessionNumber,
      followUpDate: text(data.followUpDate, s.followUpDate),
      additionalNotes: text(data.additionalNotes, s.additionalNotes),
      safety: restoreSafety(data.safety, s.safety),
      visit: restoreVisit(data.visit),
    },
    exercises: [
      ...fresh.exercises.map((entry) => {
        const old = byId.get(entry.exerciseId)
        if (!old || old.sectionId !== entry.sectionId) return entry
        const variation = text(old.selectedVariation, '')
        return {
          ...entry,
          selected: old.selected === true,
          minutes: isWholeMinutes(old.minutes) ? (old.minutes as number) : entry.minutes,
          selectedVariation: entry.variations?.includes(variation) ? variation : '',
          customNote: text(old.customNote, ''),
          frequency: text(old.frequency, entry.frequency ?? ''),
        }
      }),
      ...restoreCustom([...byId.values()], { keepReadings: true }),
    ],
  }
}

/**
 * The practice's own exercises of a saved session (or of a document brought back), each with the
 * words it was added with; one whose words no longer pass the contract is dropped. A draft keeps
 * the readings taken at its visit (`keepReadings`); a document brought back was another visit.
 */
export function restoreCustom(
  saved: readonly Record<string, unknown>[],
  { keepReadings = false } = {},
): ExerciseEntry[] {
  return saved.flatMap((old): ExerciseEntry[] => {
    const id = old.exerciseId
    const sectionId = old.sectionId
    if (typeof id !== 'string' || !isCustomExerciseId(id)) return []
    if (typeof sectionId !== 'string' || !isExerciseCategoryId(sectionId)) return []
    const custom = CustomExerciseTextSchema.safeParse(old.custom)
    if (!custom.success) return []
    return [
      {
        sectionId,
        exerciseId: id,
        exerciseName: text(old.exerciseName, custom.data.name),
        selected: old.selected !== false,
        minutes: isWholeMinutes(old.minutes) ? (old.minutes as number) : 1,
        variations: [],
        selectedVariation: '',
        customNote: text(old.customNote, ''),
        frequency: text(old.frequency, ''),
        custom: custom.data,
        ...(keepReadings && isReading(old.measuredToday)
          ? { measuredToday: old.measuredToday }
          : {}),
      },
    ]
  })
}

/** Whether a session holds anything worth a confirmation before New or Clear replaces it. */
export function hasSessionContent(session: ExerciseDocumentRequestInput): boolean {
  const s = session.sessionData
  return (
    Boolean(
      s?.patientFirstName?.trim() ||
      s?.patientLastName?.trim() ||
      s?.followUpDate ||
      s?.additionalNotes?.trim(),
    ) || (session.exercises ?? []).some((e) => e?.selected || e?.customNote?.trim())
  )
}
