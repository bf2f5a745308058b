/**
 * The form of one practice-library exercise, validated by the shared contract
 * (`CustomExerciseBodySchema`, its messages under the fields): name, where it is listed, 1–6 steps,
 * how many, done right when, minutes and frequency a program starts with, the two caution flags,
 * a demo link and the unit it is measured in. A 409 (name taken) lands under the name; a full library at the top.
 */
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import type { FieldError } from 'react-hook-form'
import { Plus, Trash2 } from 'lucide-react'
import {
  CUSTOM_EXERCISE_LIMITS,
  CustomExerciseBodySchema,
  type CustomExerciseBody,
  type CustomExerciseEntry,
} from '@myodocs/shared/contracts/custom-exercises'
import {
  ADD_STEP,
  PRACTICE_EXERCISE_FLAGS_HINT,
  PRACTICE_EXERCISE_MEASURE_HINT,
  PRACTICE_EXERCISE_PRIVACY_HINT,
  SAVE_PRACTICE_EXERCISE,
} from '@myodocs/shared/constants/custom-exercise-messages'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import {
  EXERCISE_MEASURE_UNIT_LABELS,
  EXERCISE_MEASURE_UNITS,
} from '@myodocs/shared/domain/exercise-measure'
import { Button } from '../../../components/ui/button'
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { FormError, serverFormError, useZodForm } from '../../../components/ui/form'

/** A new entry's starting values: listed under Tongue, one empty step, 2 minutes twice a day. */
export const NEW_CUSTOM_EXERCISE: CustomExerciseBody = {
  name: '',
  categoryId: 'tongue_function_posture',
  steps: [''],
  howMany: '',
  doneRight: '',
  minutes: 2,
  frequency: '2× daily',
  breathHold: false,
  swallow: false,
  demoLink: '',
  measureUnit: '',
}

/** An entry as the form edits it (without its id and dates). */
export const entryToForm = (entry: CustomExerciseEntry): CustomExerciseBody => ({
  name: entry.name,
  categoryId: entry.categoryId,
  steps: [...entry.steps],
  howMany: entry.howMany,
  doneRight: entry.doneRight,
  minutes: entry.minutes,
  frequency: entry.frequency,
  breathHold: entry.breathHold,
  swallow: entry.swallow,
  demoLink: entry.demoLink,
  measureUnit: entry.measureUnit,
})

type Props = {
  initial: CustomExerciseBody
  onSave: (body: CustomExerciseBody) => Promise<unknown>
  onCancel: () => void
}

// The list's own message: zod reports it on the array, react-hook-form as `message` or `root`.
const listMessage = (error: unknown) => {
  const e = error as (FieldError & { root?: FieldError }) | undefined
  return e?.message ?? e?.root?.message
}

export function CustomExerciseForm({ initial, onSave, onCancel }: Props) {
  const form = useZodForm(CustomExerciseBodySchema, { defaultValues: initial })
  const [formError, setFormError] = useState<string | null>(null)
  const { errors, isSubmitting, isSubmitted } = form.formState
  const steps = useWatch({ control: form.control, name: 'steps' }) ?? []

  // Steps are controlled inputs: removing one in the middle must not shift typed text.
  const setSteps = (next: string[]) =>
    form.setValue('steps', next, { shouldDirty: true, shouldValidate: isSubmitted })

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      await onSave(body)
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })

  const stepErrors = errors.steps as unknown as (FieldError | undefined)[] | undefined

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <FormError message={formError} />
      <p className="text-xs text-slate-500">{PRACTICE_EXERCISE_PRIVACY_HINT}</p>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <TextField
          label="Name"
          required
          maxLength={CUSTOM_EXERCISE_LIMITS.name}
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SelectField
          label="Listed under"
          error={errors.categoryId?.message}
          {...form.register('categoryId')}
        >
          {EXERCISE_CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              {category.title}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">
          Steps
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        </legend>
        <ol className="space-y-2">
          {steps.map((step, index) => (
            <li key={index} className="flex items-start gap-2">
              <span className="mt-2 w-5 shrink-0 text-right text-sm font-semibold text-slate-500">
                {index + 1}.
              </span>
              <TextField
                label={<span className="sr-only">Step {index + 1}</span>}
                containerClassName="flex-1 space-y-0"
                value={step}
                maxLength={CUSTOM_EXERCISE_LIMITS.step}
                error={stepErrors?.[index]?.message}
                onChange={(e) => setSteps(steps.map((s, i) => (i === index ? e.target.value : s)))}
              />
              <Button
                variant="ghost"
                size="sm"
                className="mt-0.5"
                aria-label={`Remove step ${index + 1}`}
                disabled={steps.length === 1}
                onClick={() => setSteps(steps.filter((_, i) => i !== index))}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
        {listMessage(errors.steps) && (
          <p role="alert" className="text-sm text-red-600">
            {listMessage(errors.steps)}
          </p>
        )}
        {steps.length < CUSTOM_EXERCISE_LIMITS.steps && (
          <Button variant="outline" size="sm" onClick={() => setSteps([...steps, ''])}>
            <Plus className="size-4" aria-hidden />
            {ADD_STEP}
          </Button>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="How many"
          placeholder="e.g. Hold 5 seconds, 5 times"
          maxLength={CUSTOM_EXERCISE_LIMITS.howMany}
          error={errors.howMany?.message}
          {...form.register('howMany')}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Minutes"
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            hint="0 for a daily habit"
            error={errors.minutes?.message}
            {...form.register('minutes', { valueAsNumber: true })}
          />
          <TextField
            label="Frequency"
            maxLength={CUSTOM_EXERCISE_LIMITS.frequency}
            error={errors.frequency?.message}
            {...form.register('frequency')}
          />
        </div>
      </div>
      <TextAreaField
        label="Done right when"
        className="min-h-16"
        placeholder="What a correct repetition looks or feels like"
        maxLength={CUSTOM_EXERCISE_LIMITS.doneRight}
        error={errors.doneRight?.message}
        {...form.register('doneRight')}
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <TextField
          label="Demo video link"
          type="url"
          placeholder="https://"
          hint="Printed as a QR code beside the exercise"
          error={errors.demoLink?.message}
          {...form.register('demoLink')}
        />
        <SelectField
          label="Measured in"
          hint={PRACTICE_EXERCISE_MEASURE_HINT}
          error={errors.measureUnit?.message}
          {...form.register('measureUnit')}
        >
          <option value="">Not measured</option>
          {EXERCISE_MEASURE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {EXERCISE_MEASURE_UNIT_LABELS[unit]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Cautions</legend>
        <CheckboxField label="Holds the breath" {...form.register('breathHold')} />
        <CheckboxField label="Takes a sip, food or a swallow" {...form.register('swallow')} />
        <p className="text-xs text-slate-500">{PRACTICE_EXERCISE_FLAGS_HINT}</p>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {SAVE_PRACTICE_EXERCISE}
        </Button>
      </div>
    </form>
  )
}
