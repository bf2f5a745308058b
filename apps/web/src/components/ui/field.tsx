/**
 * Form fields: a label, the control, an optional hint and the error under it.
 * The control gets `aria-invalid` and `aria-describedby` so screen readers hear the error.
 */
import { useId } from 'react'
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'
import { cn } from '../../lib/cn'

/** The look of every text-like control (inputs, selects, textareas). */
export const controlClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500'

type FieldShellProps = {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  required?: boolean
  className?: string
  children: ReactNode
}

export function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  className,
  children,
}: FieldShellProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined
}

type Common = { label: ReactNode; error?: string; hint?: ReactNode; containerClassName?: string }

export function TextField({
  label,
  error,
  hint,
  containerClassName,
  id,
  className,
  required,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId()
  const fieldId = id ?? auto
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={containerClassName}
    >
      <input
        id={fieldId}
        className={cn(controlClasses, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        required={required}
        {...props}
      />
    </FieldShell>
  )
}

export function TextAreaField({
  label,
  error,
  hint,
  containerClassName,
  id,
  className,
  required,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId()
  const fieldId = id ?? auto
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={containerClassName}
    >
      <textarea
        id={fieldId}
        className={cn(controlClasses, 'min-h-24', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        required={required}
        {...props}
      />
    </FieldShell>
  )
}

export function SelectField({
  label,
  error,
  hint,
  containerClassName,
  id,
  className,
  required,
  children,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId()
  const fieldId = id ?? auto
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={containerClassName}
    >
      <select
        id={fieldId}
        className={cn(controlClasses, 'pr-8', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        required={required}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  )
}

export function CheckboxField({
  label,
  error,
  hint,
  containerClassName,
  id,
  className,
  ...props
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const auto = useId()
  const fieldId = id ?? auto
  return (
    <div className={cn('space-y-1', containerClassName)}>
      <div className="flex items-start gap-2">
        <input
          id={fieldId}
          type="checkbox"
          // 24 px on a phone, the smallest tap target WCAG 2.5.8 allows; the label toggles it too.
          className={cn(
            'size-6 shrink-0 rounded border-slate-300 accent-brand-700 sm:mt-0.5 sm:size-4',
            className,
          )}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          {...props}
        />
        <label htmlFor={fieldId} className="pt-0.5 text-sm text-slate-800 sm:pt-0">
          {label}
        </label>
      </div>
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="ml-8 sm:ml-6 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="ml-8 sm:ml-6 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
