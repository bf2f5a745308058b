/**
 * Forms: one zod schema in, typed values out  `useZodForm` wires react-hook-form to
 * the shared schema; `applyServerErrors` puts an API 400's per-field messages under the inputs and
 * returns the form-level message; `FormError` shows that message at the top of the form.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { FieldValues, Path, UseFormProps, UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import { AlertCircle } from 'lucide-react'
import { ApiError } from '../../lib/api-client'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'

// The CSP forbids eval: without this, zod probes `new Function` on its first parse and the browser
// reports a CSP violation (Lighthouse best practices) even though zod catches the error.
z.config({ jitless: true })

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

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  )
}
