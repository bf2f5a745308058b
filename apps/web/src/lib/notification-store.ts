/**
 * Persistent notifications: kept in sessionStorage so they
 * survive a reload but not the tab, stacked top-right, gone after 24 hours (checked hourly), and
 * dismissable per session: a dismissed notification stays dismissed — it does not come back when
 * its condition is seen again — until it expires. `sessionId` is the signed-in user: another
 * user signing in in the same tab starts a clean list.
 */
import { NOTIFICATION_TTL_MS } from '@myodocs/shared/constants/timings'

export type NotificationIcon = 'info' | 'warning' | 'success' | 'error'

export type NotificationAction = { label: string; to: string }

export type PersistentNotification = {
  id: string
  sessionId: string
  /** Epoch milliseconds. */
  createdAt: number
  dismissedInSession: boolean
  title: string
  message: string
  icon: NotificationIcon
  actions: NotificationAction[]
}

export type NotificationInput = Pick<
  PersistentNotification,
  'id' | 'title' | 'message' | 'icon'
> & {
  actions?: NotificationAction[]
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const NOTIFICATIONS_STORAGE_KEY = 'myodocs.notifications'

export function createNotificationStore(storage: KeyValueStorage, now: () => number = Date.now) {
  const listeners = new Set<() => void>()
  const dismissListeners = new Set<(id: string) => void>()
  let sessionId = ''
  let all: PersistentNotification[] = read()
  let visible: PersistentNotification[] = []

  function read(): PersistentNotification[] {
    try {
      const parsed = JSON.parse(storage.getItem(NOTIFICATIONS_STORAGE_KEY) ?? '[]') as unknown
      return Array.isArray(parsed) ? (parsed as PersistentNotification[]) : []
    } catch {
      return []
    }
  }

  const expired = (n: PersistentNotification) => now() - n.createdAt >= NOTIFICATION_TTL_MS

  function commit(next: PersistentNotification[]) {
    all = next
    try {
      storage.setItem(NOTIFICATIONS_STORAGE_KEY, JSON.stringify(all))
    } catch {
      // storage full or disabled: the list still works for this page
    }
    const shown = all.filter(
      (n) => n.sessionId === sessionId && !n.dismissedInSession && !expired(n),
    )
    // A new array only when something shown changed, so subscribers re-render only then.
    if (shown.length !== visible.length || shown.some((n, i) => n !== visible[i])) {
      visible = shown
      for (const l of listeners) l()
    }
  }

  return {
    /** Starts (or resumes) the list of a signed-in user; another user's entries are dropped. */
    startSession(id: string) {
      sessionId = id
      commit(all.filter((n) => n.sessionId === id))
    },
    /**
     * Shows a notification unless it was dismissed in this session; one already there takes the
     * new words, so a count in it reads what the page beside it reads.
     */
    notify(input: NotificationInput) {
      if (!sessionId) return
      const existing = all.find((n) => n.id === input.id && !expired(n))
      if (existing) {
        const next = { ...existing, actions: [], ...input }
        if (JSON.stringify(next) !== JSON.stringify(existing))
          commit(all.map((n) => (n === existing ? next : n)))
        return
      }
      commit([
        ...all.filter((n) => n.id !== input.id),
        {
          actions: [],
          ...input,
          sessionId,
          createdAt: now(),
          dismissedInSession: false,
        },
      ])
    },
    /** Takes back a notification whose condition ended (e.g. the account was reconnected). */
    withdraw(id: string) {
      if (all.some((n) => n.id === id)) commit(all.filter((n) => n.id !== id))
    },
    dismiss(id: string) {
      commit(all.map((n) => (n.id === id ? { ...n, dismissedInSession: true } : n)))
      for (const l of dismissListeners) l(id)
    },
    /** Hears each dismissal (a notice whose dismissal the server remembers tells it). */
    onDismiss(listener: (id: string) => void) {
      dismissListeners.add(listener)
      return () => {
        dismissListeners.delete(listener)
      }
    },
    /** Drops every notification older than 24 hours (run hourly). */
    prune() {
      commit(all.filter((n) => !expired(n)))
    },
    /** Sign Out: nothing carries over to whoever signs in next. */
    clear() {
      sessionId = ''
      commit([])
      try {
        storage.removeItem(NOTIFICATIONS_STORAGE_KEY)
      } catch {
        // nothing stored
      }
    },
    visible: () => visible,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** An in-memory stand-in when sessionStorage is unavailable (private modes, tests). */
function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

function browserStorage(): KeyValueStorage {
  try {
    return typeof sessionStorage === 'undefined' ? memoryStorage() : sessionStorage
  } catch {
    return memoryStorage()
  }
}

/** The app's one store. */
export const notificationStore = createNotificationStore(browserStorage())
