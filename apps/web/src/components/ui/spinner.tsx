import { Loader2 } from 'lucide-react'
import { clsx } from 'clsx'

/** A loading indicator with a text for screen readers. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={clsx('flex items-center justify-center gap-2 p-8 text-slate-500', className)}
    >
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span className="text-sm">{label}</span>
    </div>
  )
}
