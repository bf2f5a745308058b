/**
 * Gives a thread's spare memory back once it has been quiet. A burst of work leaves V8's young
 * generation at its full size (about 30 MB on the main thread and in each render thread) for as
 * long as the thread lives unless a collection runs while little is being allocated, which an
 * idle thread never does by itself. A full collection also frees the old generation's garbage;
 * a young one leaves the old generation, its size and the compiled code as the work left them,
 * which a render thread needs to keep its next document warm (render-worker.ts). The idle RSS
 * targets are in docs/performance.md.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: ((options?: { type: 'minor' | 'major' }) => void) | undefined

/** What to collect: every generation, or the young one only. */
export type Collection = 'full' | 'young'

/**
 * One garbage collection now, with V8's `gc()` from a fresh context: the flag exposes it there,
 * never on this thread's globals.
 */
export function collectGarbage(collection: Collection = 'full'): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as typeof gc
  }
  gc!(collection === 'young' ? { type: 'minor' } : undefined)
}

export type IdleMemory = {
  /** Marks work: the quiet spell starts again. */
  busy(): void
  stop(): void
}

/**
 * Collects once per quiet spell, `idleMs` to twice that after the last `busy()` (a counter and a
 * timer checked every `idleMs`, so marking work costs an increment).
 */
export function releaseMemoryWhenIdle(
  idleMs: number,
  collect = () => collectGarbage(),
): IdleMemory {
  let activity = 1
  let seen = 0
  let collected = 0
  const timer = setInterval(() => {
    if (activity === seen && activity !== collected) {
      collected = activity
      collect()
    }
    seen = activity
  }, idleMs)
  timer.unref()
  return {
    busy: () => {
      activity += 1
    },
    stop: () => clearInterval(timer),
  }
}
