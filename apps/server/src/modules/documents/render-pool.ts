/**
 * The PDF render pool: worker threads (piscina), at most `threads` renders at once and a short
 * queue behind them. When the queue is full the call fails at once with 503 and Retry-After, so a
 * burst never piles up request bodies (photos of up to 15 MB each) in memory. Rendering off the
 * main thread keeps the event loop free for every other request while a report is laid out.
 *
 * Jobs travel by structured clone and the PDF comes back as a transferred ArrayBuffer; nothing is
 * written to disk on either side.
 */
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { DOCUMENTS_BUSY } from '@myodocs/shared/constants/document-messages'
import { serviceUnavailable } from '../../lib/errors'

export type RenderPoolOptions = {
  /** Concurrent renders; default: the CPU count. */
  threads?: number
  /** Jobs that may wait for a free thread; beyond that → 503. Default: 2 per thread. */
  maxQueue?: number
  /** The worker module; default: the document render worker beside this file (or the bundle). */
  filename?: string
  /** Seconds a client is told to wait before retrying. */
  retryAfterSeconds?: number
}

export type RenderPool = {
  run<T>(job: T): Promise<Buffer>
  /** Starts the threads and loads fonts so the first real render is not the slow one. */
  warmUp(): Promise<void>
  readonly threads: number
  readonly maxQueue: number
  /** Renders running or waiting. */
  readonly pending: number
  close(): Promise<void>
}

/**
 * The old-generation heap of each render worker. Left unbounded, V8 lets a worker's heap grow
 * past 400 MB while rendering reports one after another; bounded, it collects sooner (a few ms a
 * report) and a worker's memory stays under a known ceiling. The largest request the API takes
 * (12 photos, 15 MB) renders well inside it. `npm run bench -- pdf` runs with the same limit.
 */
export const RENDER_WORKER_HEAP_MB = 384

/** From source (tsx, vitest) the worker is TypeScript; from the bundle it is render-worker.js. */
const defaultWorker = () =>
  new URL(
    import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js',
    import.meta.url,
  ).href

/** A TypeScript worker runs through the shim (see ts-worker-shim.mjs); JavaScript runs as is. */
function workerOptions(filename: string) {
  return filename.endsWith('.ts')
    ? {
        filename: new URL('./ts-worker-shim.mjs', import.meta.url).href,
        workerData: { tsWorker: filename },
      }
    : { filename }
}

const DEFAULT_RETRY_AFTER_SECONDS = 5

/** The 503 of a full pool, with Retry-After. */
export const renderPoolBusy = (retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS) =>
  serviceUnavailable(DOCUMENTS_BUSY, retryAfterSeconds)

/** Every thread busy and the queue full: a new job would be refused. */
export const renderPoolFull = (pool: Pick<RenderPool, 'pending' | 'threads' | 'maxQueue'>) =>
  pool.pending >= pool.threads + pool.maxQueue

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = Math.max(1, options.threads ?? availableParallelism())
  const maxQueue = Math.max(0, options.maxQueue ?? threads * 2)
  const pool = new Piscina({
    ...workerOptions(options.filename ?? defaultWorker()),
    minThreads: 0,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    // Piscina's own queue limit is checked here too, but we refuse before cloning the job.
    maxQueue: maxQueue === 0 ? 0 : maxQueue,
    idleTimeout: 5 * 60_000,
    // React and react-pdf choose their builds by NODE_ENV: the development build checks every
    // element and costs about a tenth more per document. A render worker never debugs UI.
    env: { ...process.env, NODE_ENV: 'production' },
    resourceLimits: { maxOldGenerationSizeMb: RENDER_WORKER_HEAP_MB },
  })
  let pending = 0
  const busy = () => renderPoolBusy(options.retryAfterSeconds)

  return {
    threads,
    maxQueue,
    get pending() {
      return pending
    },
    async run<T>(job: T): Promise<Buffer> {
      if (pending >= threads + maxQueue) throw busy()
      pending++
      try {
        const out = (await pool.run(job)) as Uint8Array
        return Buffer.from(out.buffer, out.byteOffset, out.byteLength)
      } catch (error) {
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw busy()
        throw error
      } finally {
        pending--
      }
    },
    async warmUp() {
      await Promise.all(Array.from({ length: threads }, () => pool.run({ warmUp: true })))
    },
    close: () => pool.close(),
  }
}
