/**
 * The idle logoff (docs/product/accounts.md#idle-logoff), as a pure state machine over an injected clock (tests use fake
 * timers): after `idleMs − warningMs` without activity it warns; after `warningMs` more with no
 * choice it times out. Activity is recorded at most every `throttleMs`. While the warning shows,
 * activity does not count — only an explicit `continueSession()` does (the warning is
 * non-dismissible). A check that fires late (a sleeping laptop, a throttled background tab) looks
 * at the real elapsed time, so it never logs out later than it should and never skips ahead.
 */

export type Clock = {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
}

export type IdleState = 'active' | 'warning' | 'timed-out' | 'stopped'

export type IdleMonitorOptions = {
  idleMs: number
  warningMs: number
  throttleMs: number
  clock?: Clock
  /** The warning appears; `deadline` is when the logoff happens (epoch ms). */
  onWarning(deadline: number): void
  /** No choice was made in time. */
  onTimeout(): void
  /** Activity was recorded at `at` (after throttling): share it with other tabs, keep alive. */
  onActivity?(at: number): void
}

export type IdleMonitor = {
  start(): void
  stop(): void
  /** The user did something in this tab. */
  activity(): void
  /** Another tab recorded activity at `at`; a later activity ends this tab's warning too. */
  sync(at: number): void
  /** The Continue Session button. */
  continueSession(): void
  state(): IdleState
  /** When the warning will show (or showed), epoch ms. */
  warningAt(): number
}

export function createIdleMonitor(options: IdleMonitorOptions): IdleMonitor {
  const clock = options.clock ?? browserClock
  const { idleMs, warningMs, throttleMs } = options
  let state: IdleState = 'stopped'
  let lastActivity = 0
  let warningStartedAt = 0
  let timer: unknown

  const clear = () => {
    if (timer !== undefined) clock.clearTimeout(timer)
    timer = undefined
  }

  const schedule = (at: number) => {
    clear()
    timer = clock.setTimeout(check, Math.max(0, at - clock.now()))
  }

  const timeOut = () => {
    clear()
    state = 'timed-out'
    options.onTimeout()
  }

  function check() {
    timer = undefined
    const now = clock.now()
    if (state === 'active') {
      if (now - lastActivity >= idleMs) return timeOut()
      const warnAt = lastActivity + idleMs - warningMs
      if (now < warnAt) return schedule(warnAt)
      state = 'warning'
      warningStartedAt = now
      // The full warning period from when it appears, but never past the idle limit.
      const deadline = Math.min(now + warningMs, lastActivity + idleMs)
      options.onWarning(deadline)
      return schedule(deadline)
    }
    if (state === 'warning') {
      const deadline = Math.min(warningStartedAt + warningMs, lastActivity + idleMs)
      if (now >= deadline) return timeOut()
      return schedule(deadline)
    }
  }

  const record = (at: number) => {
    lastActivity = at
    options.onActivity?.(at)
  }

  return {
    start() {
      state = 'active'
      record(clock.now())
      schedule(lastActivity + idleMs - warningMs)
    },
    stop() {
      clear()
      state = 'stopped'
    },
    activity() {
      if (state !== 'active') return
      const now = clock.now()
      if (now - lastActivity < throttleMs) return
      // The pending check re-reads lastActivity when it fires, so no rescheduling is needed.
      record(now)
    },
    sync(at) {
      if (at <= lastActivity) return
      if (state === 'active') {
        lastActivity = at
      } else if (state === 'warning' && at > warningStartedAt) {
        state = 'active'
        lastActivity = at
        schedule(lastActivity + idleMs - warningMs)
      }
    },
    continueSession() {
      if (state !== 'warning' && state !== 'active') return
      state = 'active'
      record(clock.now())
      schedule(lastActivity + idleMs - warningMs)
    },
    state: () => state,
    warningAt: () => lastActivity + idleMs - warningMs,
  }
}

/**
 * Calls `send` at most once per `intervalMs`, on the leading and the trailing edge: the last
 * activity of a burst is always reported, so the server's idle clock never lags behind the
 * user's (docs/decisions/003-sessions.md).
 */
export function createKeepAlive(options: { intervalMs: number; send(): void; clock?: Clock }): {
  touch(): void
  stop(): void
} {
  const clock = options.clock ?? browserClock
  let lastSent = Number.NEGATIVE_INFINITY
  let pending: unknown
  const fire = () => {
    pending = undefined
    lastSent = clock.now()
    options.send()
  }
  return {
    touch() {
      if (pending !== undefined) return
      const wait = lastSent + options.intervalMs - clock.now()
      if (wait <= 0) fire()
      else pending = clock.setTimeout(fire, wait)
    },
    stop() {
      if (pending !== undefined) clock.clearTimeout(pending)
      pending = undefined
    },
  }
}
