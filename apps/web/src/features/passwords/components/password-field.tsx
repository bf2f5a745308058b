/** A password input with a show/hide toggle, label and error under it. */
import { useId, useState } from 'react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { FieldShell } from '../../../components/ui/field'
import { cn } from '../../../lib/cn'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
  error?: string
  hint?: ReactNode
  /** Controlled visibility (the Generate button reveals both fields). */
  visible?: boolean
  onVisibleChange?: (visible: boolean) => void
}

export function PasswordField({
  label,
  error,
  hint,
  id,
  required,
  className,
  visible,
  onVisibleChange,
  ...props
}: Props) {
  const auto = useId()
  const fieldId = id ?? auto
  const [ownVisible, setOwnVisible] = useState(false)
  const shown = visible ?? ownVisible
  const toggle = () => (onVisibleChange ? onVisibleChange(!shown) : setOwnVisible(!shown))
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required}>
      <div className="relative">
        <input
          id={fieldId}
          type={shown ? 'text' : 'password'}
          className={cn(
            'block w-full rounded-md border border-slate-300 bg-white py-2 pl-3 pr-11 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 aria-invalid:border-red-500',
            className,
          )}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
          required={required}
          autoCapitalize="off"
          spellCheck={false}
          {...props}
        />
        <button
          type="button"
          onClick={toggle}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
        >
          {shown ? (
            <EyeOff className="size-4" aria-hidden />
          ) : (
            <Eye className="size-4" aria-hidden />
          )}
        </button>
      </div>
    </FieldShell>
  )
}
