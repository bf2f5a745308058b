/** A progress bar (upload progress, PDF usage, compliance) with its accessible label. */
import { Progress as P } from 'radix-ui'
import { cn } from '../../lib/cn'

const tones = {
  brand: 'bg-brand-600',
  warning: 'bg-amber-500',
  danger: 'bg-red-500',
} as const

export function Progress({
  value,
  label,
  tone = 'brand',
  className,
}: {
  /** 0–100. */
  value: number
  /** What the bar measures, for screen readers. */
  label: string
  tone?: keyof typeof tones
  className?: string
}) {
  const v = Math.max(0, Math.min(100, value))
  return (
    <P.Root
      value={v}
      max={100}
      aria-label={label}
      getValueLabel={(n) => `${Math.round(n)}%`}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <P.Indicator
        className={cn('h-full rounded-full transition-[width] duration-300', tones[tone])}
        style={{ width: `${v}%` }}
      />
    </P.Root>
  )
}
