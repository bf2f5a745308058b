/**
 * The practice's own exercises beside the catalog (docs/product/clinical-content.md#custom-exercises):
 * a row per library entry and per copy the session holds, ticked like a catalog exercise. The first
 * tick adds the entry's words to the session; ticking it again later takes the library's words
 * anew, and a copy whose entry was deleted keeps its own.
 */
import { useCallback } from 'react'
import { Link } from 'react-router'
import { useFormContext } from 'react-hook-form'
import { BookOpen, QrCode, TriangleAlert } from 'lucide-react'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import {
  MANAGE_PRACTICE_EXERCISES,
  NOT_IN_LIBRARY,
  PRACTICE_EXERCISES_LOAD_FAILED,
  PRACTICE_EXERCISES_ON_PAGE_EMPTY,
  PRACTICE_EXERCISES_TITLE,
} from '@myodocs/shared/constants/custom-exercise-messages'
import { paths } from '../../../lib/paths'
import { customEntry, customTextOf } from '../exercise-program'
import type { PracticeExercise } from '../practice-exercises'
import { exerciseCheckboxId, ExerciseRow } from './exercise-row'
import { useSwitchExercise } from './use-switch-exercise'

export const PRACTICE_ANCHOR_ID = 'category-practice'

/** Ticks a practice exercise on, adding the library's words to the session first. */
export function useAddPracticeExercise() {
  const { getValues, setValue } = useFormContext<ExerciseDocumentRequestInput>()
  const switchTo = useSwitchExercise()
  return useCallback(
    (practice: PracticeExercise) => {
      let index = practice.index
      const { entry } = practice
      if (index === undefined) {
        if (!entry) return
        const list = getValues('exercises')
        setValue('exercises', [...list, customEntry(entry)], { shouldDirty: true })
        index = list.length
      } else if (entry) {
        const current = getValues(`exercises.${index}`)
        setValue(
          `exercises.${index}`,
          {
            ...current,
            sectionId: entry.categoryId,
            exerciseName: entry.name,
            custom: customTextOf(entry),
          },
          { shouldDirty: true },
        )
      }
      switchTo(index, true)
    },
    [getValues, setValue, switchTo],
  )
}

type Props = {
  practice: readonly PracticeExercise[]
  /** The library could not be loaded. */
  failed: boolean
  /** Nothing typed in the search box: the empty library says how to fill it. */
  showEmpty: boolean
  hasVideo: (practice: PracticeExercise) => boolean
}

export function PracticeExerciseList({ practice, failed, showEmpty, hasVideo }: Props) {
  const add = useAddPracticeExercise()
  const switchTo = useSwitchExercise()
  if (!failed && practice.length === 0 && !showEmpty) return null
  return (
    <section
      id={PRACTICE_ANCHOR_ID}
      aria-labelledby={`${PRACTICE_ANCHOR_ID}-heading`}
      className="scroll-mt-32"
    >
      <div className="mb-1 flex items-baseline justify-between gap-2 px-3">
        <h3
          id={`${PRACTICE_ANCHOR_ID}-heading`}
          className="text-xs font-semibold uppercase tracking-wide text-slate-500"
        >
          {PRACTICE_EXERCISES_TITLE}
        </h3>
        <Link
          to={paths.settingsTab('practice-exercises')}
          className="text-xs font-medium text-brand-700 hover:underline"
        >
          {MANAGE_PRACTICE_EXERCISES}
        </Link>
      </div>
      {failed && (
        <p role="alert" className="mb-1 px-3 text-sm text-amber-800">
          {PRACTICE_EXERCISES_LOAD_FAILED}
        </p>
      )}
      {practice.length === 0 ? (
        !failed && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
            {PRACTICE_EXERCISES_ON_PAGE_EMPTY}
          </p>
        )
      ) : (
        <ul className="space-y-1 rounded-xl border border-slate-200 bg-white p-1.5 shadow-sm">
          {practice.map((p) =>
            p.index === undefined ? (
              <NewPracticeRow
                key={p.exercise.id}
                practice={p}
                hasVideo={hasVideo(p)}
                onAdd={() => add(p)}
              />
            ) : (
              <ExerciseRow
                key={p.exercise.id}
                index={p.index}
                exercise={p.exercise}
                hasVideo={hasVideo(p)}
                onSwitch={(on) => (on ? add(p) : switchTo(p.index!, false))}
                badge={<PracticeBadge orphan={!p.entry} />}
              />
            ),
          )}
        </ul>
      )}
    </section>
  )
}

function PracticeBadge({ orphan }: { orphan: boolean }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded bg-violet-50 px-1.5 py-0.5 text-xs font-medium text-violet-800"
      title={orphan ? NOT_IN_LIBRARY : undefined}
    >
      <BookOpen className="size-3" aria-hidden />
      {orphan ? 'Practice (copy)' : 'Practice'}
    </span>
  )
}

/** A library entry the session does not hold yet: its first tick adds it. */
function NewPracticeRow({
  practice,
  hasVideo,
  onAdd,
}: {
  practice: PracticeExercise
  hasVideo: boolean
  onAdd: () => void
}) {
  const { exercise } = practice
  const id = exerciseCheckboxId(exercise.id)
  return (
    <li className="rounded-lg border border-transparent hover:bg-slate-50">
      <div className="flex items-start gap-3 px-3 py-2.5">
        <input
          id={id}
          type="checkbox"
          checked={false}
          onChange={(e) => e.target.checked && onAdd()}
          aria-describedby={`${id}-details`}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-900">
              {exercise.name}
            </label>
            <PracticeBadge orphan={false} />
            {hasVideo && (
              <span className="inline-flex items-center gap-1 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-800">
                <QrCode className="size-3" aria-hidden />
                Demo video
              </span>
            )}
            {exercise.breathHold && (
              <span className="inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800">
                <TriangleAlert className="size-3" aria-hidden />
                Breath hold
              </span>
            )}
          </div>
          <p id={`${id}-details`} className="mt-0.5 text-xs text-slate-500">
            <span className="font-medium text-slate-600">
              {exercise.isHabit ? 'Daily habit' : `${exercise.defaultMinutes} min`}
              {exercise.frequency ? ` · ${exercise.frequency}` : ''}
            </span>
            <span className="hidden sm:inline"> — {exercise.instruction}</span>
          </p>
        </div>
      </div>
    </li>
  )
}
