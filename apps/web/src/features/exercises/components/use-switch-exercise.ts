/**
 * Ticking or unticking an exercise from anywhere on the page (its row, the search box's Enter,
 * the summary's remove button): its default minutes on, then, when the list shows an error (Generate
 * was pressed), it is checked again so "At least one exercise must be selected" goes at once.
 */
import { useCallback } from 'react'
import { useFormContext } from 'react-hook-form'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import { switchExercise } from '../exercise-program'

export function useSwitchExercise() {
  const { getValues, setValue, trigger, getFieldState } =
    useFormContext<ExerciseDocumentRequestInput>()
  return useCallback(
    (index: number, selected: boolean) => {
      const name = `exercises.${index}` as const
      setValue(name, switchExercise(getValues(name), selected), { shouldDirty: true })
      // Read now, not from a render: the rows are memoised.
      if (getFieldState('exercises').error) void trigger('exercises')
    },
    [getValues, setValue, trigger, getFieldState],
  )
}
