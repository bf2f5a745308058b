/**
 * Forms: one zod schema in, typed values out  `useZodForm` wires react-hook-form to
 * the shared schema; `applyServerErrors` puts an API 400's per-field messages under the inputs and
 * returns the form-level message; `FormError` shows that message at the top of the form.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { FieldValues, Path, UseFormProps, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { ApiError } from '../../lib/api-client'
import '../../lib/zod-config'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'

export { FormError } from './form-error'

export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  options?: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'>,
) {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  })
}

/** Maps an API failure onto the form; returns the message for the top of the form. */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T, unknown, T>,
  err: unknown,
): string {
  if (err instanceof ApiError) {
    for (const [field, message] of Object.entries(err.fields ?? {})) {
      form.setError(field as Path<T>, { type: 'server', message })
    }
    return err.message
  }
  return GENERIC_ERROR
}

/**
 * Like applyServerErrors, but answers null when the message already shows under a field, so the
 * same text is not shown twice (the form-level message is for what no field carries).
 */
export function serverFormError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T, unknown, T>,
  err: unknown,
): string | null {
  const message = applyServerErrors<T>(form, err)
  const onFields = err instanceof ApiError && Object.keys(err.fields ?? {}).length > 0
  return onFields ? null : message
}
