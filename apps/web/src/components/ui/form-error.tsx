/**
 * The form-level message at the top of a form. Apart from form.tsx so that a page that shows one
 * without a react-hook-form form (the assessment) does not load react-hook-form.
 */
import { AlertCircle } from 'lucide-react'

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
