/**
 * Toasts for outcomes that outlive the page: `toast.success(...)`, `toast.error(...)`,
 * `toast.info(...)`, `toast.warning(...)`, with sonner's arguments. sonner and the Toaster load on
 * the first toast rather than with the page, which paints without them; the Toaster shows the
 * toasts raised before it mounted.
 */
import type { toast as sonnerToast } from 'sonner'

type Sonner = typeof sonnerToast
type Kind = 'success' | 'error' | 'info' | 'warning'
type Message = Parameters<Sonner['success']>[0]
type Options = Parameters<Sonner['success']>[1]

let wanted = false
const listeners = new Set<() => void>()
let sonner: Promise<Sonner> | null = null

const load = () => {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  return (sonner ??= import('sonner').then((m) => m.toast))
}

const show =
  (kind: Kind) =>
  (message: Message, options?: Options): void => {
    void load().then((t) => t[kind](message, options))
  }

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
}

/** Whether a toast has been raised yet (useSyncExternalStore): the Toaster mounts from then on. */
export const toastsRaised = {
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  get: () => wanted,
}
