/**
 * A small choice between a few options, drawn as a pill of segments. Native radio inputs underneath,
 * so arrow keys, focus and screen readers work as for any radio group.
 */
import { useId } from 'react'
import type { ReactNode } from 'react'
import { clsx } from 'clsx'

export type SegmentedOption<T extends string> = { value: T; label: ReactNode }

export function SegmentedControl<T extends string>({
  legend,
  value,
  onChange,
  options,
  className,
}: {
  /** Read by screen readers; the segments speak for themselves visually. */
  legend: string
  value: T
  onChange: (value: T) => void
  options: SegmentedOption<T>[]
  className?: string
}) {
  const name = useId()
  return (
    <fieldset
      className={clsx(
        'inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm',
        className,
      )}
    >
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="relative">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            // Transparent over the whole segment: it takes the clicks and the focus.
            className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
          />
          <span
            className={clsx(
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              value === option.value
                ? 'bg-brand-700 text-white shadow-sm'
                : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {option.label}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
