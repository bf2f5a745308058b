/** The idle logoff on a fake clock: 4 h − 5 min warning, 5 min more, 2 s throttle. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ACTIVITY_THROTTLE_MS,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_MS,
} from '@myodocs/shared/constants/timings'
import { createIdleMonitor, createKeepAlive } from './idle-monitor'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-03-02T08:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

function setup() {
  const events: Array<{ type: string; at: number; deadline?: number }> = []
  const monitor = createIdleMonitor({
    idleMs: IDLE_TIMEOUT_MS,
    warningMs: IDLE_WARNING_MS,
    throttleMs: ACTIVITY_THROTTLE_MS,
    onWarning: (deadline) => events.push({ type: 'warning', at: Date.now(), deadline }),
    onTimeout: () => events.push({ type: 'timeout', at: Date.now() }),
    onActivity: (at) => events.push({ type: 'activity', at }),
  })
  const start = Date.now()
  monitor.start()
  const only = (type: string) => events.filter((e) => e.type === type)
  return { monitor, events, start, only }
}

describe('the idle monitor', () => {
  it('uses the spec timings', () => {
    expect(IDLE_TIMEOUT_MS).toBe(4 * HOUR)
    expect(IDLE_WARNING_MS).toBe(5 * MINUTE)
    expect(ACTIVITY_THROTTLE_MS).toBe(2_000)
  })

  it('warns at 4 h − 5 min of inactivity, not a millisecond before', () => {
    const { monitor, only, start } = setup()
    vi.advanceTimersByTime(4 * HOUR - 5 * MINUTE - 1)
    expect(only('warning')).toHaveLength(0)
    expect(monitor.state()).toBe('active')
    vi.advanceTimersByTime(1)
    expect(only('warning')).toEqual([
      { type: 'warning', at: start + 4 * HOUR - 5 * MINUTE, deadline: start + 4 * HOUR },
    ])
    expect(monitor.state()).toBe('warning')
  })

  it('logs out 5 minutes after the warning when no choice is made, once', () => {
    const { monitor, only, start } = setup()
    vi.advanceTimersByTime(4 * HOUR - 1)
    expect(only('timeout')).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(only('timeout')).toEqual([{ type: 'timeout', at: start + 4 * HOUR }])
    expect(monitor.state()).toBe('timed-out')
    vi.advanceTimersByTime(10 * HOUR)
    expect(only('timeout')).toHaveLength(1)
  })

  it('records activity at most every 2 s', () => {
    const { monitor, only } = setup()
    expect(only('activity')).toHaveLength(1) // start
    vi.advanceTimersByTime(1_999)
    monitor.activity()
    expect(only('activity')).toHaveLength(1)
    vi.advanceTimersByTime(1)
    monitor.activity()
    monitor.activity()
    expect(only('activity')).toHaveLength(2)
  })

  it('activity postpones the warning to 4 h − 5 min after it', () => {
    const { monitor, only } = setup()
    vi.advanceTimersByTime(3 * HOUR)
    monitor.activity()
    const at = Date.now()
    vi.advanceTimersByTime(4 * HOUR - 5 * MINUTE - 1)
    expect(only('warning')).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(only('warning')[0]!.at).toBe(at + 4 * HOUR - 5 * MINUTE)
  })

  it('ignores activity during the warning; Continue Session restarts the full period', () => {
    const { monitor, only } = setup()
    vi.advanceTimersByTime(4 * HOUR - 5 * MINUTE)
    expect(monitor.state()).toBe('warning')
    vi.advanceTimersByTime(MINUTE)
    monitor.activity()
    expect(monitor.state()).toBe('warning')
    monitor.continueSession()
    expect(monitor.state()).toBe('active')
    const continuedAt = Date.now()
    vi.advanceTimersByTime(4 * HOUR - 5 * MINUTE - 1)
    expect(only('warning')).toHaveLength(1)
    expect(only('timeout')).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(only('warning')).toHaveLength(2)
    expect(only('warning')[1]!.at).toBe(continuedAt + 4 * HOUR - 5 * MINUTE)
  })

  it('follows activity from other tabs, and a later one ends this tab’s warning', () => {
    const { monitor, only } = setup()
    vi.advanceTimersByTime(2 * HOUR)
    monitor.sync(Date.now())
    vi.advanceTimersByTime(2 * HOUR)
    expect(only('warning')).toHaveLength(0)
    vi.advanceTimersByTime(2 * HOUR - 5 * MINUTE)
    expect(monitor.state()).toBe('warning')
    monitor.sync(Date.now() - 10 * MINUTE) // older than the warning: ignored
    expect(monitor.state()).toBe('warning')
    vi.advanceTimersByTime(MINUTE)
    monitor.sync(Date.now())
    expect(monitor.state()).toBe('active')
    expect(only('timeout')).toHaveLength(0)
  })

  it('a timer firing late (sleep) logs out at once instead of warning', () => {
    const { monitor, only } = setup()
    // The machine sleeps: the clock jumps 5 h before any timer gets to run.
    vi.setSystemTime(Date.now() + 5 * HOUR)
    vi.advanceTimersByTime(0)
    vi.runOnlyPendingTimers()
    expect(only('warning')).toHaveLength(0)
    expect(only('timeout')).toHaveLength(1)
    expect(monitor.state()).toBe('timed-out')
  })

  it('a warning that appears late still never runs past 4 h', () => {
    // A hand-driven clock: the pending check runs only when the test says so (a throttled tab).
    let now = 0
    let pending: (() => void) | undefined
    const clock = {
      now: () => now,
      setTimeout: (fn: () => void) => (pending = fn),
      clearTimeout: () => (pending = undefined),
    }
    const events: Array<[string, number]> = []
    const monitor = createIdleMonitor({
      idleMs: IDLE_TIMEOUT_MS,
      warningMs: IDLE_WARNING_MS,
      throttleMs: ACTIVITY_THROTTLE_MS,
      clock,
      onWarning: (deadline) => events.push(['warning', deadline]),
      onTimeout: () => events.push(['timeout', now]),
    })
    monitor.start()
    now = 4 * HOUR - 2 * MINUTE
    pending!()
    expect(events).toEqual([['warning', 4 * HOUR]])
    now = 4 * HOUR
    pending!()
    expect(events).toEqual([
      ['warning', 4 * HOUR],
      ['timeout', 4 * HOUR],
    ])
  })

  it('stop() cancels everything', () => {
    const { monitor, only } = setup()
    monitor.stop()
    vi.advanceTimersByTime(10 * HOUR)
    expect(only('warning')).toHaveLength(0)
    expect(only('timeout')).toHaveLength(0)
  })
})

describe('the keep-alive', () => {
  it('sends on the leading edge, then at most once per interval, always after the last touch', () => {
    const sent: number[] = []
    const keepAlive = createKeepAlive({ intervalMs: MINUTE, send: () => sent.push(Date.now()) })
    const t0 = Date.now()
    keepAlive.touch()
    expect(sent).toEqual([t0])
    vi.advanceTimersByTime(10_000)
    keepAlive.touch()
    vi.advanceTimersByTime(20_000)
    keepAlive.touch()
    expect(sent).toHaveLength(1)
    vi.advanceTimersByTime(30_000)
    // The trailing send, after the last touch (t0 + 30 s).
    expect(sent).toEqual([t0, t0 + MINUTE])
    vi.advanceTimersByTime(10 * MINUTE)
    expect(sent).toHaveLength(2)
    keepAlive.touch()
    expect(sent).toHaveLength(3)
    keepAlive.stop()
  })
})
