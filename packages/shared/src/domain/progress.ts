/**
 * Progress across visits (docs/product/documents.md#progress-across-visits): how each key score
 * moved between the documents a therapist brought back and today's assessment, and what changed
 * between the previous exercise program and today's. Pure; the report prints what this returns.
 */
import { MEASURE_IDS } from '../contracts/progress'
import type {
  MeasureId,
  MeasureReading,
  PreviousProgram,
  ProgramExercise,
  VisitScores,
} from '../contracts/progress'
import { CONTROL_PAUSE, measureReading } from './exercise-measure'
import { SCALE_IDS, SCALES } from './scales'
import type { ScaleId } from './scales'

/** Which way is better for a score: a higher TRMR, opening or control pause; a lower screen total. */
const HIGHER_IS_BETTER: Readonly<Record<ScaleId, boolean>> = {
  trmr_tip: true,
  trmr_lps: true,
  kotlow: true,
  mio: true,
  nose: false,
  bolt: true,
  epworth: false,
  stop_bang: false,
  psq: false,
}

const UNITS: Readonly<Record<ScaleId, (value: number) => string>> = {
  trmr_tip: (v) => `${v}%`,
  trmr_lps: (v) => `${v}%`,
  kotlow: (v) => `${v} mm`,
  mio: (v) => `${v} mm`,
  nose: (v) => `${v} / 100`,
  bolt: (v) => `${v} s`,
  epworth: (v) => `${v} / 24`,
  stop_bang: (v) => `${v} / 8`,
  // Three decimals, as the scale's own row prints it ("0.450").
  psq: (v) => v.toFixed(3),
}

/** A score printed with its unit, as the report prints it: "62%", "14 mm", "9 / 24". */
export const formatScore = (scale: ScaleId, value: number) => UNITS[scale](value)

/** The direction of a change in words, from the patient's side of the scale. */
export type ProgressDirection = 'improved' | 'unchanged' | 'worse'

/** One scale across visits: every point by date, and the change from the earliest to today. */
export interface ScaleProgress {
  scale: ScaleId
  /** The scale's name as the report prints it. */
  name: string
  /** Oldest first; the last point is today's. */
  points: { date: string; value: number; display: string }[]
  /** Today's value minus the earliest value. */
  change: number
  direction: ProgressDirection
  /** One sentence: "Improved from 14 mm (2026-01-10) to 22 mm today." */
  summary: string
}

/**
 * The direction of a change: exactly equal is "unchanged"; otherwise better or worse depending on
 * which way the scale improves. Scores are compared as printed (whole numbers, PSQ to 3 places),
 * so any printed difference counts.
 */
export function directionOf(scale: ScaleId, from: number, to: number): ProgressDirection {
  return directionWhen(HIGHER_IS_BETTER[scale], from, to)
}

function directionWhen(higherIsBetter: boolean, from: number, to: number): ProgressDirection {
  if (to === from) return 'unchanged'
  return to > from === higherIsBetter ? 'improved' : 'worse'
}

const WORDS: Record<ProgressDirection, string> = {
  improved: 'Improved',
  unchanged: 'Unchanged',
  worse: 'Worse',
}

/**
 * Each scale scored today and at least once before, in scale order, with its history. Earlier
 * visits on or after today's date are left out (a document brought back cannot be newer), and
 * of two visits on the same day the later-listed one wins.
 */
export function compareScales(
  history: readonly VisitScores[],
  today: VisitScores,
): ScaleProgress[] {
  const earlier = [...history]
    .filter((visit) => visit.date < today.date)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  return SCALE_IDS.flatMap((scale) => {
    const now = today.scores.find((s) => s.scale === scale)
    if (!now) return []
    const byDate = new Map<string, number>()
    for (const visit of earlier) {
      const score = visit.scores.find((s) => s.scale === scale)
      if (score) byDate.set(visit.date, score.value)
    }
    if (byDate.size === 0) return []
    const points = [...byDate, [today.date, now.value] as const].map(([date, value]) => ({
      date,
      value,
      display: formatScore(scale, value),
    }))
    const first = points[0]!
    const direction = directionOf(scale, first.value, now.value)
    const summary =
      direction === 'unchanged'
        ? `Unchanged at ${first.display} since ${first.date}.`
        : `${WORDS[direction]} from ${first.display} (${first.date}) to ${formatScore(scale, now.value)} today.`
    return [
      {
        scale,
        name: SCALES[scale].name,
        points,
        change: Math.round((now.value - first.value) * 1000) / 1000,
        direction,
        summary,
      },
    ]
  })
}

/** How one exercise differs from the previous program. */
export interface ProgramChange {
  exerciseName: string
  change: 'added' | 'removed' | 'changed'
  /** For `changed`: what moved, e.g. "5 → 8 min", "variation: Standard → With resistance". */
  details: string[]
}

/**
 * What changed from the previous program to today's selected exercises, in today's order then
 * the removed ones: added, removed, and changed (minutes, variation or frequency). Unchanged
 * exercises are not listed.
 */
export function programChanges(
  previous: PreviousProgram,
  current: readonly ProgramExercise[],
): ProgramChange[] {
  const before = new Map(previous.exercises.map((e) => [e.exerciseId, e]))
  const now = new Set(current.map((e) => e.exerciseId))
  const changes: ProgramChange[] = []
  for (const exercise of current) {
    const old = before.get(exercise.exerciseId)
    if (!old) {
      changes.push({ exerciseName: exercise.exerciseName, change: 'added', details: [] })
      continue
    }
    const details: string[] = []
    if (old.minutes !== exercise.minutes) details.push(`${old.minutes} → ${exercise.minutes} min`)
    if (old.selectedVariation !== exercise.selectedVariation)
      details.push(
        `variation: ${old.selectedVariation || 'none'} → ${exercise.selectedVariation || 'none'}`,
      )
    if (old.frequency !== exercise.frequency)
      details.push(`frequency: ${old.frequency || 'none'} → ${exercise.frequency || 'none'}`)
    if (details.length > 0)
      changes.push({ exerciseName: exercise.exerciseName, change: 'changed', details })
  }
  for (const old of previous.exercises)
    if (!now.has(old.exerciseId))
      changes.push({ exerciseName: old.exerciseName, change: 'removed', details: [] })
  return changes
}

/** How the after-visit summary names a measure, prints its value, and which way is better. */
const MEASURES: Readonly<
  Record<MeasureId, { name: string; format: (v: number) => string; higherIsBetter: boolean }>
> = {
  controlPauseSeconds: { name: 'Control pause', format: (v) => `${v} s`, higherIsBetter: true },
  stopBang: { name: 'STOP-BANG', format: (v) => `${v} / 8`, higherIsBetter: false },
  ahi: { name: 'AHI', format: (v) => `${v} events/h`, higherIsBetter: false },
  lowestSpO2: { name: 'Lowest SpO2', format: (v) => `${v}%`, higherIsBetter: true },
}

/** One measure taken today against last time. */
export interface MeasureProgress {
  measure: MeasureId
  name: string
  today: string
  previous: string
  /** Last time's document date, `YYYY-MM-DD`. */
  previousDate: string
  direction: ProgressDirection
}

/**
 * Each measure taken today that was also recorded last time, in a fixed order, with the change in
 * words as the assessment comparison words it. A reading dated today or later is left out.
 */
export function compareMeasures(
  previous: readonly MeasureReading[],
  today: { date: string; values: Readonly<Record<MeasureId, number | null>> },
): MeasureProgress[] {
  return MEASURE_IDS.flatMap((measure) => {
    const now = today.values[measure]
    const before = previous.find((r) => r.measure === measure && r.date < today.date)
    if (now === null || !before) return []
    const { name, format, higherIsBetter } = MEASURES[measure]
    return [
      {
        measure,
        name,
        today: format(now),
        previous: format(before.value),
        previousDate: before.date,
        direction: directionWhen(higherIsBetter, before.value, now),
      },
    ]
  })
}

/**
 * The control pause measured at this visit, as a family reads it ("Control pause: 8 seconds"), or
 * `null` when none was recorded: printed on the exercise documents, so a first visit's measure is
 * on paper before there is a last time to compare with.
 */
export function controlPauseToday(seconds: number | null): string | null {
  return seconds === null ? null : measureReading(CONTROL_PAUSE, seconds)
}
