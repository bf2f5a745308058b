import { afterEach, describe, expect, test } from 'vitest'
import { AppError } from '../../lib/errors'
import { createRenderPool, RENDER_WORKER_HEAP_MB, RENDER_WORKER_YOUNG_MB } from './render-pool'
import type { RenderPool } from './render-pool'

const sleepWorker = new URL('../../../test/workers/sleep-worker.ts', import.meta.url).href
const heapWorker = new URL('../../../test/workers/heap-worker.ts', import.meta.url).href

describe('render pool', () => {
  let pool: RenderPool | undefined
  afterEach(async () => {
    await pool?.close()
    pool = undefined
  })

  test('runs a job on a worker thread and answers its bytes', async () => {
    pool = createRenderPool({ threads: 1, maxQueue: 1, filename: sleepWorker })
    const out = await pool.run({ name: 'a' })
    expect(out.toString()).toBe('done:a')
    expect(pool.pending).toBe(0)
  })

  test('beyond the threads and the short queue, a job is refused at once with 503 Retry-After', async () => {
    pool = createRenderPool({
      threads: 2,
      maxQueue: 1,
      filename: sleepWorker,
      retryAfterSeconds: 7,
    })
    const slow = [1, 2, 3].map((n) => pool!.run({ ms: 400, name: String(n) }))
    const refused = await pool.run({ name: 'late' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).status).toBe(503)
    expect((refused as AppError).headers).toEqual({ 'retry-after': '7' })
    const done = await Promise.all(slow)
    expect(done.map(String)).toEqual(['done:1', 'done:2', 'done:3'])
    // Once the burst has drained, new work is accepted again.
    expect(String(await pool.run({ name: 'again' }))).toBe('done:again')
  })

  test('admits request bodies up to its byte budget, and a lone body whatever its size', async () => {
    pool = createRenderPool({ threads: 1, queueBytes: 100, filename: sleepWorker })
    const first = pool.admit(60)!
    const second = pool.admit(40)!
    expect(pool.bytesInFlight).toBe(100)
    expect(pool.admit(1)).toBeNull()
    expect(pool.bytesInFlight).toBe(100)
    first()
    first() // giving back twice gives back once
    expect(pool.bytesInFlight).toBe(40)
    expect(pool.admit(61)).toBeNull()
    const third = pool.admit(60)!
    second()
    third()
    expect(pool.bytesInFlight).toBe(0)
    const huge = pool.admit(1_000)!
    expect(pool.bytesInFlight).toBe(1_000)
    huge()
  })

  test('keeps one thread started once started when asked, none otherwise', async () => {
    pool = createRenderPool({ threads: 2, filename: sleepWorker })
    expect(pool.threadsStarted).toBe(0)
    await pool.close()
    pool = createRenderPool({ threads: 2, filename: sleepWorker, keepWarm: true })
    expect(pool.threadsStarted).toBe(0)
    pool.start()
    expect(pool.threadsStarted).toBe(1)
    expect(String(await pool.run({ name: 'after' }))).toBe('done:after')
  })

  test('kept warm, a document while one thread runs starts the next thread beside it', async () => {
    pool = createRenderPool({ threads: 2, filename: sleepWorker })
    await pool.run({ ms: 200, name: 'cold pool' })
    expect(pool.threadsStarted).toBe(1)
    await pool.close()
    pool = createRenderPool({ threads: 2, filename: sleepWorker, keepWarm: true })
    expect(String(await pool.run({ ms: 200, name: 'first' }))).toBe('done:first')
    expect(pool.threadsStarted).toBe(2)
  })

  test('never runs more jobs at once than it has threads', async () => {
    pool = createRenderPool({ threads: 2, maxQueue: 4, filename: sleepWorker })
    // Both threads started first: on a loaded machine a thread started on demand could come up
    // only after the first thread had run every job, and the gauge would read one.
    await pool.warmUp()
    const gauge = new Int32Array(new SharedArrayBuffer(8))
    await Promise.all([1, 2, 3, 4, 5].map((n) => pool!.run({ ms: 300, name: String(n), gauge })))
    expect(Atomics.load(gauge, 1)).toBe(2)
    expect(Atomics.load(gauge, 0)).toBe(0)
  })

  test('workers run with a bounded heap and React in production mode', async () => {
    pool = createRenderPool({ threads: 1, filename: heapWorker })
    const { limitMb, nodeEnv } = JSON.parse(String(await pool.run({}))) as {
      limitMb: number
      nodeEnv: string
    }
    // The old generation plus the young one: well under V8's default of several GB here, and the
    // same on every Node.js version.
    expect(limitMb).toBe(RENDER_WORKER_HEAP_MB + RENDER_WORKER_YOUNG_MB)
    expect(nodeEnv).toBe('production')
  })
})
