/**
 * An on/off setting: a Radix switch (role="switch", Space toggles) with its label and an optional
 * description, the whole row clickable through the label.
 */
import { useId } from 'react'
import type { ReactNode } from 'react'
import { Switch as S } from 'radix-ui'
import { cn } from '../../lib/cn'

export type SwitchFieldProps = {
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  onBlur?: () => void
  disabled?: boolean
  name?: string
  className?: string
}

export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  onBlur,
  disabled,
  name,
  className,
}: SwitchFieldProps) {
  const id = useId()
  return (
    <div className={cn('flex items-start justify-between gap-4 py-3', className)}>
      <div className="min-w-0">
        <label
          htmlFor={id}
          className={cn('text-sm font-medium text-slate-900', disabled && 'text-slate-400')}
        >
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-500">
            {description}
          </p>
        )}
      </div>
      <S.Root
        id={id}
        name={name}
        checked={checked}
        onCheckedChange={onCheckedChange}
        onBlur={onBlur}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
          'bg-slate-300 data-[state=checked]:bg-brand-700',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <S.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </S.Root>
    </div>
  )
}
