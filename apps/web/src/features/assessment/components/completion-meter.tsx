/** "7 of 24" with a thin bar: how much of a section is filled in. */
import { cn } from '../../../lib/cn'

export function CompletionMeter({
  completed,
  total,
  compact = false,
}: {
  completed: number
  total: number
  compact?: boolean
}) {
  const share = total ? completed / total : 0
  return (
    <div className={cn('flex items-center gap-2', compact ? 'w-full' : 'w-40')}>
      <div
        role="meter"
        aria-label="Items completed"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
        aria-valuetext={`${completed} of ${total} completed`}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full', completed ? 'bg-brand-600' : 'bg-transparent')}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <span className="shrink-0 text-xs tabular-nums text-slate-500">
        {completed}/{total}
      </span>
    </div>
  )
}
