/**
 * The idle logoff (docs/product/accounts.md#idle-logoff) on react-idle-timer: after
 * `idleMs − warningMs` without activity it warns; after `warningMs` more with no choice it times
 * out. Activity is recorded at most every `throttleMs` and shared between tabs through local
 * storage. While the warning shows, activity in this tab does not count — only an explicit
 * `continueSession()` does (the warning is non-dismissible). A timer that fires late (a sleeping
 * laptop) past the idle limit logs out without warning, and a warning never outlives the idle limit.
 */
import { useEffect, useLayoutEffect, useState } from 'react'
import { useIdleTimer } from 'react-idle-timer'
import type { IIdleTimer } from 'react-idle-timer'

export type IdleMonitorOptions = {
  idleMs: number
  warningMs: number
  throttleMs: number
  /** The local storage key through which tabs share their last activity. */
  storageKey: string
  /** The warning appears; `deadline` is when the logoff happens (epoch ms). */
  onWarning(deadline: number): void
  /** The warning went away without a logoff (activity in another tab). */
  onActive(): void
  /** No choice was made in time. */
  onTimeout(): void
  /** Activity was recorded in this tab at `at` (after throttling): keep the server's clock alive. */
  onActivity(at: number): void
}

export type IdleMonitor = {
  /** The Continue Session button. */
  continueSession(): void
  /** Stops watching (the user signed out). */
  stop(): void
}

/** What counts as activity: the user's own input, not a tab regaining focus. */
const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const

/** One page's idle state, kept outside React: the timer's callbacks run long after any render. */
class IdleSession implements IdleMonitor {
  private options!: IdleMonitorOptions
  private timer!: IIdleTimer
  private warnedAt: number | null = null
  private cap: ReturnType<typeof setTimeout> | undefined
  private done = false

  /** The latest callbacks and the timer, after each render. */
  bind(options: IdleMonitorOptions, timer: IIdleTimer) {
    this.options = options
    this.timer = timer
  }

  /** From mount: the page load counts as activity, and the other tabs' activity is followed. */
  start() {
    this.record(Date.now())
    const onStorage = (e: StorageEvent) => this.otherTab(e)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener('storage', onStorage)
      this.clearCap()
    }
  }

  prompt() {
    const now = Date.now()
    this.warnedAt = now
    // A warning that shows late (a throttled tab) still ends at the idle limit, not 5 min on.
    const deadline = now + Math.min(this.options.warningMs, this.timer.getRemainingTime())
    this.clearCap()
    this.cap = setTimeout(() => this.timeOut(), deadline - now)
    this.options.onWarning(deadline)
  }

  active() {
    this.warnedAt = null
    this.clearCap()
    this.options.onActive()
  }

  /** The library reports activity during the warning too; it is not the user's choice to stay. */
  action() {
    if (!this.timer.isPrompted() && !this.done) this.record(Date.now())
  }

  timeOut() {
    if (this.done) return
    this.done = true
    this.clearCap()
    this.warnedAt = null
    this.timer.pause()
    this.options.onTimeout()
  }

  continueSession() {
    if (this.done) return
    this.timer.activate()
    this.record(Date.now())
  }

  stop() {
    this.done = true
    this.clearCap()
    this.timer.pause()
  }

  private otherTab(e: StorageEvent) {
    if (e.key !== this.options.storageKey || !e.newValue || this.done) return
    const at = Number(e.newValue)
    const lastActive = this.timer.getLastActiveTime()?.getTime() ?? 0
    // Activity another tab recorded before this tab's warning showed does not end it.
    if (this.warnedAt !== null ? at <= this.warnedAt : at <= lastActive) return
    this.timer.activate()
  }

  private record(at: number) {
    try {
      localStorage.setItem(this.options.storageKey, String(at))
    } catch {
      // storage full or disabled: this tab still works on its own
    }
    this.options.onActivity(at)
  }

  private clearCap() {
    clearTimeout(this.cap)
    this.cap = undefined
  }
}

export function useIdleMonitor(options: IdleMonitorOptions): IdleMonitor {
  const [session] = useState(() => new IdleSession())
  const timer = useIdleTimer({
    timeout: options.idleMs,
    promptBeforeIdle: options.warningMs,
    events: [...ACTIVITY_EVENTS],
    eventsThrottle: options.throttleMs,
    stopOnIdle: true,
    onPrompt: () => session.prompt(),
    onIdle: () => session.timeOut(),
    onActive: () => session.active(),
    onAction: () => session.action(),
  })
  useLayoutEffect(() => session.bind(options, timer))
  useEffect(() => session.start(), [session])
  return session
}

/**
 * Calls `send` at most once per `intervalMs`, on the leading and the trailing edge: the last
 * activity of a burst is always reported, so the server's idle clock never lags behind the
 * user's (docs/decisions/003-sessions.md).
 */
export function createKeepAlive(options: { intervalMs: number; send(): void }): {
  touch(): void
  stop(): void
} {
  let lastSent = Number.NEGATIVE_INFINITY
  let pending: ReturnType<typeof setTimeout> | undefined
  const fire = () => {
    pending = undefined
    lastSent = Date.now()
    options.send()
  }
  return {
    touch() {
      if (pending !== undefined) return
      const wait = lastSent + options.intervalMs - Date.now()
      if (wait <= 0) fire()
      else pending = setTimeout(fire, wait)
    },
    stop() {
      clearTimeout(pending)
      pending = undefined
    },
  }
}
