/**
 * Persistent notifications stacked top-right: from the store in
 * sessionStorage; each can be dismissed for the session; expired ones are swept every hour.
 * They sit in the page's flow above its header, not over it: a notice stays until dismissed, and
 * floating it would keep covering the page's title and subtitle (or a field) all that time.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react'
import { NOTIFICATION_CHECK_INTERVAL_MS } from '@myodocs/shared/constants/timings'
import { cn } from '../../lib/cn'
import { notificationStore } from '../../lib/notification-store'
import type { NotificationIcon } from '../../lib/notification-store'

const ICONS: Record<NotificationIcon, { icon: typeof Info; className: string }> = {
  info: { icon: Info, className: 'text-sky-600' },
  warning: { icon: AlertTriangle, className: 'text-amber-600' },
  success: { icon: CheckCircle2, className: 'text-emerald-600' },
  error: { icon: XCircle, className: 'text-red-600' },
}

export function NotificationStack() {
  const items = useSyncExternalStore(
    notificationStore.subscribe,
    notificationStore.visible,
    notificationStore.visible,
  )
  useEffect(() => {
    notificationStore.prune()
    const timer = setInterval(() => notificationStore.prune(), NOTIFICATION_CHECK_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [])
  if (items.length === 0) return null
  return (
    <section aria-label="Notices" className="mb-6 flex flex-col items-end gap-2">
      {items.map((n) => {
        const { icon: Icon, className } = ICONS[n.icon] ?? ICONS.info
        return (
          <div
            key={n.id}
            role="status"
            className="w-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:w-96"
          >
            <div className="flex gap-3">
              <Icon className={cn('mt-0.5 size-5 shrink-0', className)} aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">{n.title}</p>
                <p className="mt-1 text-sm text-slate-600">{n.message}</p>
                {n.actions.length > 0 && (
                  <div className="mt-2 flex flex-wrap gap-3">
                    {n.actions.map((a) => (
                      <Link
                        key={a.label}
                        to={a.to}
                        className="text-sm font-semibold text-brand-700 hover:underline"
                      >
                        {a.label}
                      </Link>
                    ))}
                  </div>
                )}
              </div>
              <button
                type="button"
                onClick={() => notificationStore.dismiss(n.id)}
                // 32 px: a close button is a comfortable target, not just the 16 px icon.
                className="-m-2 flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700"
                aria-label={`Dismiss notification: ${n.title}`}
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          </div>
        )
      })}
    </section>
  )
}
