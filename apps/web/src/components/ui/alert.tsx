/** An inline message block: information, a warning, a success or a problem. */
import type { ReactNode } from 'react'
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react'
import { cn } from '../../lib/cn'

const tones = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info, iconClass: 'text-sky-600' },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    icon: AlertTriangle,
    iconClass: 'text-amber-600',
  },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: CheckCircle2,
    iconClass: 'text-emerald-600',
  },
  danger: {
    box: 'border-red-200 bg-red-50 text-red-900',
    icon: XCircle,
    iconClass: 'text-red-600',
  },
} as const

export function Alert({
  tone = 'info',
  title,
  children,
  action,
  className,
  role,
}: {
  tone?: keyof typeof tones
  title?: ReactNode
  children?: ReactNode
  /** A button or link on the right (stacked under the text on narrow screens). */
  action?: ReactNode
  className?: string
  role?: 'alert' | 'status'
}) {
  const t = tones[tone]
  const Icon = t.icon
  return (
    <div
      role={role}
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-start',
        t.box,
        className,
      )}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <Icon className={cn('mt-0.5 size-5 shrink-0', t.iconClass)} aria-hidden />
        <div className="min-w-0 space-y-1">
          {title && <p className="font-semibold">{title}</p>}
          {children && <div className="leading-relaxed">{children}</div>}
        </div>
      </div>
      {action && <div className="shrink-0 sm:ml-4">{action}</div>}
    </div>
  )
}
