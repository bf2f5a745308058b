/**
 * The idle logoff on fake timers: 4 h − 5 min to the warning, 5 min more to the logoff, activity
 * recorded at most every 2 s, shared between tabs through local storage.
 */
import { act, fireEvent, renderHook } from '@testing-library/react'
import { createMocks } from 'react-idle-timer'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ACTIVITY_THROTTLE_MS,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_MS,
} from '@myodocs/shared/constants/timings'
import { createKeepAlive, useIdleMonitor } from './idle-monitor'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const KEY = 'test.lastActivity'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-03-02T08:00:00Z'))
  // The library binds the timers it was loaded with; this hands it the fake ones.
  createMocks()
  localStorage.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

function setup() {
  const events: Array<{ type: string; at: number; deadline?: number }> = []
  const start = Date.now()
  const view = renderHook(() =>
    useIdleMonitor({
      idleMs: IDLE_TIMEOUT_MS,
      warningMs: IDLE_WARNING_MS,
      throttleMs: ACTIVITY_THROTTLE_MS,
      storageKey: KEY,
      onWarning: (deadline) => events.push({ type: 'warning', at: Date.now(), deadline }),
      onActive: () => events.push({ type: 'active', at: Date.now() }),
      onTimeout: () => events.push({ type: 'timeout', at: Date.now() }),
      onActivity: (at) => events.push({ type: 'activity', at }),
    }),
  )
  const only = (type: string) => events.filter((e) => e.type === type)
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms)
    })
  const press = () =>
    act(() => {
      fireEvent.keyDown(document)
    })
  /** Another tab recorded activity at `at`. */
  const otherTab = (at: number) =>
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: String(at) }))
    })
  return { monitor: () => view.result.current, events, start, only, wait, press, otherTab, view }
}

describe('the idle monitor', () => {
  it('uses the spec timings', () => {
    expect(IDLE_TIMEOUT_MS).toBe(4 * HOUR)
    expect(IDLE_WARNING_MS).toBe(5 * MINUTE)
    expect(ACTIVITY_THROTTLE_MS).toBe(2_000)
  })

  it('warns at 4 h − 5 min of inactivity, not a millisecond before', () => {
    const { only, start, wait } = setup()
    wait(4 * HOUR - 5 * MINUTE - 1)
    expect(only('warning')).toHaveLength(0)
    wait(1)
    expect(only('warning')).toEqual([
      { type: 'warning', at: start + 4 * HOUR - 5 * MINUTE, deadline: start + 4 * HOUR },
    ])
  })

  it('logs out 5 minutes after the warning when no choice is made, once', () => {
    const { only, start, wait } = setup()
    wait(4 * HOUR - 1)
    expect(only('timeout')).toHaveLength(0)
    wait(1)
    expect(only('timeout')).toEqual([{ type: 'timeout', at: start + 4 * HOUR }])
    wait(10 * HOUR)
    expect(only('timeout')).toHaveLength(1)
  })

  it('records activity at most every 2 s, and shares it with other tabs', () => {
    const { only, press, wait, start } = setup()
    expect(only('activity')).toEqual([{ type: 'activity', at: start }]) // the page load
    expect(localStorage.getItem(KEY)).toBe(String(start))
    wait(5_000)
    press()
    press()
    wait(1_999)
    press()
    expect(only('activity')).toHaveLength(2)
    expect(localStorage.getItem(KEY)).toBe(String(start + 5_000))
    wait(1)
    press()
    expect(only('activity')).toHaveLength(3)
    expect(localStorage.getItem(KEY)).toBe(String(start + 7_000))
  })

  it('activity postpones the warning to 4 h − 5 min after it', () => {
    const { only, press, wait } = setup()
    wait(3 * HOUR)
    press()
    const at = Date.now()
    wait(4 * HOUR - 5 * MINUTE - 1)
    expect(only('warning')).toHaveLength(0)
    wait(1)
    expect(only('warning')[0]!.at).toBe(at + 4 * HOUR - 5 * MINUTE)
  })

  it('ignores activity during the warning; Continue Session restarts the full period', () => {
    const { monitor, only, press, wait } = setup()
    wait(4 * HOUR - 5 * MINUTE)
    expect(only('warning')).toHaveLength(1)
    const recorded = only('activity').length
    wait(MINUTE)
    press()
    wait(4 * MINUTE - 1)
    expect(only('timeout')).toHaveLength(0)
    // Nothing recorded, nothing shared: the other tabs keep counting down too.
    expect(only('activity')).toHaveLength(recorded)
    act(() => monitor().continueSession())
    const continuedAt = Date.now()
    expect(only('activity')).toHaveLength(recorded + 1)
    expect(localStorage.getItem(KEY)).toBe(String(continuedAt))
    wait(4 * HOUR - 5 * MINUTE - 1)
    expect(only('warning')).toHaveLength(1)
    expect(only('timeout')).toHaveLength(0)
    wait(1)
    expect(only('warning')).toHaveLength(2)
    expect(only('warning')[1]!.at).toBe(continuedAt + 4 * HOUR - 5 * MINUTE)
  })

  it('follows activity from other tabs, and a later one ends this tab’s warning', () => {
    const { only, otherTab, wait } = setup()
    wait(2 * HOUR)
    otherTab(Date.now())
    wait(2 * HOUR)
    expect(only('warning')).toHaveLength(0)
    wait(2 * HOUR - 5 * MINUTE)
    expect(only('warning')).toHaveLength(1)
    otherTab(Date.now() - 10 * MINUTE) // older than the warning: ignored
    expect(only('active')).toHaveLength(0)
    wait(MINUTE)
    otherTab(Date.now())
    expect(only('active')).toHaveLength(1)
    wait(4 * MINUTE)
    expect(only('timeout')).toHaveLength(0)
  })

  it('a timer firing late (sleep) logs out at once instead of warning', () => {
    const { only, wait } = setup()
    // The machine sleeps: the clock jumps 5 h before any timer gets to run.
    vi.setSystemTime(Date.now() + 5 * HOUR)
    wait(0)
    act(() => {
      vi.runOnlyPendingTimers()
    })
    expect(only('warning')).toHaveLength(0)
    expect(only('timeout')).toHaveLength(1)
  })

  it('activity after a sleep past the limit logs out instead of carrying on', () => {
    const { only, press } = setup()
    vi.setSystemTime(Date.now() + 5 * HOUR)
    press()
    expect(only('warning')).toHaveLength(0)
    expect(only('timeout')).toHaveLength(1)
  })

  it('a warning that appears late still never runs past 4 h', () => {
    const { only, start, wait } = setup()
    // A throttled tab: every timer runs 3 min after it was due.
    const due = Date.now
    vi.spyOn(Date, 'now').mockImplementation(() => due() + 3 * MINUTE)
    wait(4 * HOUR - 5 * MINUTE)
    expect(only('warning')).toEqual([
      { type: 'warning', at: start + 4 * HOUR - 2 * MINUTE, deadline: start + 4 * HOUR },
    ])
    wait(2 * MINUTE - 1)
    expect(only('timeout')).toHaveLength(0)
    wait(1)
    expect(only('timeout')).toEqual([{ type: 'timeout', at: start + 4 * HOUR }])
    wait(10 * MINUTE)
    expect(only('timeout')).toHaveLength(1)
  })

  it('stop() cancels everything', () => {
    const { monitor, only, wait, press } = setup()
    act(() => monitor().stop())
    wait(10 * HOUR)
    press()
    expect(only('warning')).toHaveLength(0)
    expect(only('timeout')).toHaveLength(0)
  })

  it('unmounting stops the timer and the tab sync', () => {
    const { only, wait, view, otherTab } = setup()
    view.unmount()
    otherTab(Date.now() + 1)
    wait(10 * HOUR)
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
