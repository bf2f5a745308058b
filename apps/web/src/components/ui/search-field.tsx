/**
 * A search box: magnifier icon, a label for screen readers only, and room on the right for a
 * clear button passed as children.
 */
import { useId } from 'react'
import type { ComponentProps, ReactNode } from 'react'
import { Search } from 'lucide-react'
import { cn } from '../../lib/cn'

type SearchFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string
  containerClassName?: string
  children?: ReactNode
}

export function SearchField({
  label,
  id,
  className,
  containerClassName,
  children,
  ...props
}: SearchFieldProps) {
  const auto = useId()
  const fieldId = id ?? auto
  return (
    <div className={cn('relative', containerClassName)}>
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        id={fieldId}
        type="search"
        autoComplete="off"
        className={cn(
          'block h-10 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30',
          className,
        )}
        {...props}
      />
      {children}
    </div>
  )
}
