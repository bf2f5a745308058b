import { clsx } from 'clsx'

/** The MyoDocs mark and word. */
export function Logo({ className, withWord = true }: { className?: string; withWord?: boolean }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path
          d="M8 22V10l4 6 4-6v12M20 10h2.5a5.5 5.5 0 0 1 0 12H20z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withWord && <span className="text-lg">MyoDocs</span>}
    </span>
  )
}
