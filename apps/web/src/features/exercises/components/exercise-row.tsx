/**
 * One exercise of the catalog: a checkbox (Space toggles it), and once selected its minutes,
 * variation, frequency, note and (a measured practice exercise) today's reading. Badges say what prints beside it: a
 * QR code when the therapist set a demo video, the breath-hold caution, "daily habit" for
 * untimed passive items.
 */
import { memo } from 'react'
import type { ReactNode } from 'react'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import { QrCode, TriangleAlert } from 'lucide-react'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import { MEASURED_TODAY } from '@myodocs/shared/constants/document-messages'
import type { Exercise } from '@myodocs/shared/domain/exercise-catalog'
import { SelectField, TextField } from '../../../components/ui/field'
import { cn } from '../../../lib/cn'
import { useSwitchExercise } from './use-switch-exercise'

type Props = {
  index: number
  exercise: Exercise
  hasVideo: boolean
  /** Ticking it does more than switch it (a practice exercise takes the library's words again). */
  onSwitch?: (selected: boolean) => void
  /** Said beside the name (a practice exercise's origin). */
  badge?: ReactNode
}

export const FREQUENCY_LIST_ID = 'exercise-frequency-suggestions'

/** The id of an exercise's checkbox, for focusing it from the search box and the summary. */
export const exerciseCheckboxId = (exerciseId: string) => `exercise-${exerciseId}`

export const ExerciseRow = memo(function ExerciseRow({
  index,
  exercise,
  hasVideo,
  onSwitch,
  badge,
}: Props) {
  const { control, register } = useFormContext<ExerciseDocumentRequestInput>()
  const switchTo = useSwitchExercise()
  const name = `exercises.${index}` as const
  const selected = useWatch({ control, name: `${name}.selected` })
  // A practice exercise marked measured takes its reading at this visit, printed as "Measured today".
  const measureUnit = useWatch({ control, name: `${name}.custom.measureUnit` })
  const { errors } = useFormState({ control, name })
  const rowErrors = errors.exercises?.[index]
  const id = exerciseCheckboxId(exercise.id)

  return (
    <li
      className={cn(
        'rounded-lg border transition-colors',
        selected ? 'border-brand-300 bg-brand-50/60' : 'border-transparent hover:bg-slate-50',
      )}
    >
      <div className="flex items-start gap-3 px-3 py-2.5">
        <input
          id={id}
          type="checkbox"
          checked={selected}
          onChange={(e) =>
            onSwitch ? onSwitch(e.target.checked) : switchTo(index, e.target.checked)
          }
          aria-describedby={`${id}-details`}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-900">
              {exercise.name}
            </label>
            {badge}
            {hasVideo && (
              <span
                className="inline-flex items-center gap-1 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-800"
                title="You set a demo video for this exercise: its QR code prints on the prescription"
              >
                <QrCode className="size-3" aria-hidden />
                Demo video
              </span>
            )}
            {exercise.breathHold && (
              <span
                className="inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800"
                title="Holds the breath: the prescription prints the safety caution"
              >
                <TriangleAlert className="size-3" aria-hidden />
                Breath hold
              </span>
            )}
          </div>
          <p id={`${id}-details`} className="mt-0.5 text-xs text-slate-500">
            <span className="font-medium text-slate-600">
              {exercise.isHabit ? 'Daily habit' : `${exercise.defaultMinutes} min`} ·{' '}
              {exercise.frequency}
            </span>
            <span className={cn('sm:inline', selected ? 'inline' : 'hidden')}>
              {' '}
              — {exercise.instruction}
            </span>
          </p>
        </div>
      </div>

      {selected && (
        <div className="grid grid-cols-2 gap-3 px-3 pb-3 pl-10 sm:grid-cols-[6.5rem_minmax(0,1fr)_11rem]">
          {exercise.isHabit ? (
            <div className="space-y-1.5">
              <span className="block text-sm font-medium text-slate-800">Minutes</span>
              <p className="py-2 text-sm text-slate-600">Daily habit</p>
            </div>
          ) : (
            <TextField
              label="Minutes"
              id={`${id}-minutes`}
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
              step={1}
              className="py-1.5"
              error={rowErrors?.minutes?.message}
              {...register(`${name}.minutes`, { valueAsNumber: true })}
            />
          )}
          {exercise.variations.length > 0 && (
            <SelectField
              label="Variation"
              id={`${id}-variation`}
              className="py-1.5"
              containerClassName="col-span-2 sm:col-span-1 max-sm:order-last"
              error={rowErrors?.selectedVariation?.message}
              {...register(`${name}.selectedVariation`)}
            >
              <option value="">Standard (no variation)</option>
              {exercise.variations.map((variation) => (
                <option key={variation} value={variation}>
                  {variation}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            label="Frequency"
            id={`${id}-frequency`}
            list={FREQUENCY_LIST_ID}
            className="py-1.5"
            error={rowErrors?.frequency?.message}
            {...register(`${name}.frequency`)}
          />
          {measureUnit && (
            <TextField
              label={`${MEASURED_TODAY} (${measureUnit})`}
              id={`${id}-measured-today`}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              className="py-1.5"
              error={rowErrors?.measuredToday?.message}
              {...register(`${name}.measuredToday`, {
                setValueAs: (value: unknown) =>
                  value === '' || value === null || value === undefined ? null : Number(value),
              })}
            />
          )}
          <TextField
            label="Note"
            id={`${id}-note`}
            placeholder="For the family, e.g. use the purple elastic"
            className="py-1.5"
            containerClassName="col-span-2 max-sm:order-last sm:col-span-3"
            error={rowErrors?.customNote?.message}
            {...register(`${name}.customNote`)}
          />
        </div>
      )}
    </li>
  )
})
