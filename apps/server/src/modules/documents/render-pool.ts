/**
 * The PDF render pool: worker threads (piscina), at most `threads` renders at once and a queue
 * behind them bounded by memory: the document routes `admit` each request's body size before the
 * body is read, against a byte budget for every body in flight (being read, waiting, rendering).
 * A busy hour's documents (a few hundred KB each) wait their turn; a burst of large bodies (photos
 * of up to 15 MB a request) is refused at once with 503 and Retry-After before its body is read.
 * A count of waiting jobs bounds the wait itself. Rendering off the main thread, at a lower CPU
 * priority than it, keeps the event loop free for every other request while a report is laid out.
 *
 * Jobs travel by structured clone and the PDF comes back as a transferred ArrayBuffer; nothing is
 * written to disk on either side.
 */
import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import pLimit from 'p-limit'
import { Piscina } from 'piscina'
import { DOCUMENTS_BUSY } from '@myodocs/shared/constants/document-messages'
import { serviceUnavailable } from '../../lib/errors'

export type RenderPoolOptions = {
  /** Concurrent renders; default: the CPU count. */
  threads?: number
  /** Jobs that may wait for a free thread; beyond that → 503. Default: 16 per thread. */
  maxQueue?: number
  /** Bytes of request bodies `admit` lets in at once; default `DEFAULT_RENDER_QUEUE_BYTES`. */
  queueBytes?: number
  /**
   * Keep one thread started and warmed from the start (it is warmed in the background, so
   * readiness does not wait for it), and start the next thread, warmed before it takes a job,
   * as soon as a document runs while others may still start: no document is the first of a cold
   * thread.
   */
  keepWarm?: boolean
  /**
   * How much lower than the main thread's the render threads' CPU priority is (nice steps, 0–19;
   * default 0). With 10 the event loop keeps its turn on a machine the renders fill; where other
   * programs share the machine they are ahead of the renders too, so tests leave it at 0.
   */
  nice?: number
  /** The worker module; default: the document render worker beside this file (or the bundle). */
  filename?: string
  /** Seconds a client is told to wait before retrying. */
  retryAfterSeconds?: number
}

/**
 * What the pool tells whoever watches it (the metrics, lib/metrics.ts); the pool's queueing may
 * change without its watchers knowing how.
 */
export type RenderPoolObserver = {
  /** A job got a thread after `seconds` in the queue (0 when one was free). */
  started(seconds: number): void
  /** A request or job was refused with 503: the pool had no room for it. */
  refused(): void
}

export type RenderPool = {
  run<T>(job: T): Promise<Buffer>
  /**
   * Reserves `bytes` of the byte budget for a request body about to be read: the function that
   * gives them back (safe to call twice), or null when they do not fit (a body alone is let in
   * whatever its size when nothing else is in flight).
   */
  admit(bytes: number): (() => void) | null
  /**
   * The 503 of a full pool for a request refused before its job exists (the document routes,
   * when `admit` finds no room); watchers count it as a refusal.
   */
  refuse(): Error
  /** Adds a watcher; the function returned removes it. */
  observe(observer: RenderPoolObserver): () => void
  /**
   * Starts the pool now: with keepWarm, its one kept thread, warmed in the background. Until then
   * no thread runs; the first job starts the pool itself.
   */
  start(): void
  /** Starts the threads and loads fonts so the first real render is not the slow one. */
  warmUp(): Promise<void>
  readonly threads: number
  readonly maxQueue: number
  /** Renders running or waiting. */
  readonly pending: number
  /** Threads started now (idle or rendering). */
  readonly threadsStarted: number
  /** The byte budget of `admit`, and the bytes it holds now. */
  readonly queueBytes: number
  readonly bytesInFlight: number
  /** Renders waiting for a thread. */
  readonly waiting: number
  close(): Promise<void>
}

/**
 * The old-generation heap of each render worker. Left unbounded, V8 lets a worker's heap grow
 * past 400 MB while rendering reports one after another; bounded, it collects sooner (a few ms a
 * report) and a worker's memory stays under a known ceiling. The largest request the API takes
 * (12 photos, 15 MB) renders well inside it. `npm run bench -- pdf` runs with the same limit.
 */
export const RENDER_WORKER_HEAP_MB = 384

/**
 * The young generation of each render worker, fixed: V8 sizes it by version when left alone
 * (48 MB on Node.js 20, 192 MB on Node.js 24), and the ceiling above must hold on every runtime.
 */
export const RENDER_WORKER_YOUNG_MB = 48

/** From source (tsx, vitest) the worker is TypeScript; from the bundle it is render-worker.js. */
const defaultWorker = () =>
  new URL(
    import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js',
    import.meta.url,
  ).href

/** A TypeScript worker runs through the shim (see lib/ts-worker-shim.mjs); JavaScript runs as is. */
function workerOptions(filename: string) {
  return filename.endsWith('.ts')
    ? {
        filename: new URL('../../lib/ts-worker-shim.mjs', import.meta.url).href,
        workerData: { tsWorker: filename },
      }
    : { filename }
}

const DEFAULT_RETRY_AFTER_SECONDS = 5

/**
 * Request bodies in flight at once (RENDER_QUEUE_MB): two of the largest the API takes (about
 * 22 MB each) being rendered and room behind them, or well over a hundred documents of a busy
 * hour (a report with photos is a few hundred KB). A body costs about three times its size while
 * it waits (the parsed request, its copy in the worker).
 */
export const DEFAULT_RENDER_QUEUE_BYTES = 64 * 1024 * 1024

/** The 503 of a full pool, with Retry-After. */
export const renderPoolBusy = (retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS) =>
  serviceUnavailable(DOCUMENTS_BUSY, retryAfterSeconds)

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = Math.max(1, options.threads ?? availableParallelism())
  const maxQueue = Math.max(0, options.maxQueue ?? threads * 16)
  const queueBytes = Math.max(0, options.queueBytes ?? DEFAULT_RENDER_QUEUE_BYTES)
  // Piscina starts its kept-warm thread as it is made, so it is made by `start` (the server calls it
  // once it listens: the warm-up's seconds of CPU would otherwise delay readiness) or by the first
  // job.
  let made: Piscina | undefined
  const piscina = () => (made ??= makePiscina())
  const makePiscina = () => {
    const created = new Piscina({
      ...workerOptions(options.filename ?? defaultWorker()),
      minThreads: options.keepWarm ? 1 : 0,
      maxThreads: threads,
      concurrentTasksPerWorker: 1,
      // A thread waiting for its next job keeps its event loop turning (Piscina's default blocks it
      // in Atomics.wait), so its timers run: render-worker.ts gives memory back when idle.
      atomics: 'async',
      // Piscina's own queue limit is checked here too, but we refuse before cloning the job.
      maxQueue: maxQueue === 0 ? 0 : maxQueue,
      // Threads beyond the warm one stop after 5 idle minutes, giving their memory back.
      idleTimeout: 5 * 60_000,
      // React and react-pdf choose their builds by NODE_ENV: the development build checks every
      // element and costs about a tenth more per document. A render worker never debugs UI.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        RENDER_THREAD_NICE: String(options.nice ?? 0),
        // A thread warms itself before it counts as ready (render-worker.ts).
        RENDER_WARM_UP: options.keepWarm ? '1' : '0',
      },
      resourceLimits: {
        maxOldGenerationSizeMb: RENDER_WORKER_HEAP_MB,
        maxYoungGenerationSizeMb: RENDER_WORKER_YOUNG_MB,
      },
    })
    // In the background: a failed warm-up leaves a thread that loads on first use, as before.
    if (options.keepWarm) warmOn(created).catch(() => {})
    return created
  }
  // Jobs wait here for a thread, first come first served, so the wait of each is known; Piscina
  // then always finds a thread free.
  const slots = pLimit(threads)
  const observers = new Set<RenderPoolObserver>()
  let pending = 0
  let bytesInFlight = 0
  const warmOn = (pool: Piscina) => pool.run({ warmUp: true }) as Promise<unknown>
  const warmOne = () => warmOn(piscina())
  let startingNext = false
  /**
   * Called as a document goes to a thread: while fewer threads run than may, a warm-up job, which
   * Piscina gives to a new thread when the running ones are busy. That thread warms itself before
   * it takes a job, so a second document at once waits for the first free warm thread rather
   * than being the first of a cold one (seconds more).
   */
  const startNext = () => {
    if (!options.keepWarm || startingNext || piscina().threads.length >= threads) return
    startingNext = true
    warmOne()
      .catch(() => {})
      .finally(() => (startingNext = false))
  }
  const refuse = () => {
    for (const o of observers) o.refused()
    return renderPoolBusy(options.retryAfterSeconds)
  }

  return {
    threads,
    maxQueue,
    queueBytes,
    get pending() {
      return pending
    },
    get bytesInFlight() {
      return bytesInFlight
    },
    get threadsStarted() {
      return made?.threads.length ?? 0
    },
    admit(bytes: number) {
      const size = Math.max(0, bytes)
      if (bytesInFlight > 0 && bytesInFlight + size > queueBytes) return null
      bytesInFlight += size
      let held = true
      return () => {
        if (!held) return
        held = false
        bytesInFlight -= size
      }
    },
    get waiting() {
      return slots.pendingCount
    },
    refuse,
    observe(observer) {
      observers.add(observer)
      return () => observers.delete(observer)
    },
    async run<T>(job: T): Promise<Buffer> {
      if (pending >= threads + maxQueue) throw refuse()
      pending++
      const queuedAt = performance.now()
      try {
        const out = await slots(() => {
          const seconds = (performance.now() - queuedAt) / 1000
          for (const o of observers) o.started(seconds)
          const rendered = piscina().run(job) as Promise<Uint8Array>
          startNext()
          return rendered
        })
        return Buffer.from(out.buffer, out.byteOffset, out.byteLength)
      } catch (error) {
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw refuse()
        throw error
      } finally {
        pending--
      }
    },
    start() {
      piscina()
    },
    async warmUp() {
      await Promise.all(Array.from({ length: threads }, warmOne))
    },
    close: async () => {
      await made?.close()
    },
  }
}
