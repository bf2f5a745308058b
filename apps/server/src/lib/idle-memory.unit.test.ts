import { afterEach, describe, expect, it, vi } from 'vitest'
import { collectGarbage, releaseMemoryWhenIdle } from './idle-memory'

describe('releaseMemoryWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('collects once per quiet spell, never while work goes on', () => {
    vi.useFakeTimers()
    const collect = vi.fn()
    const idle = releaseMemoryWhenIdle(1_000, collect)
    for (let i = 0; i < 10; i++) {
      idle.busy()
      vi.advanceTimersByTime(500)
    }
    expect(collect).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2_000)
    expect(collect).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(10_000)
    expect(collect).toHaveBeenCalledTimes(1)
    idle.busy()
    vi.advanceTimersByTime(2_000)
    expect(collect).toHaveBeenCalledTimes(2)
    idle.stop()
  })

  it('collects for real: V8 gc exposed in a fresh context', () => {
    vi.useFakeTimers()
    const idle = releaseMemoryWhenIdle(1_000)
    expect(() => vi.advanceTimersByTime(2_000)).not.toThrow()
    idle.stop()
    expect(() => collectGarbage('young')).not.toThrow()
  })
})
