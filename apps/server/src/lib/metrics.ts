/**
 * The server's Prometheus metrics (prom-client), served at GET /metrics to the operator token
 * (plugins/metrics.ts; docs/operations.md#metrics lists them).
 *
 * Every label value comes from a closed set the code defines: a route pattern (never the URL a
 * client sent), a method, a status code, a document kind, a mail provider, a send outcome, a
 * database failure class. No label ever carries a user, practice, patient or address.
 *
 * Each app has its own registry (tests build many apps in one process); what belongs to the
 * process (CPU, memory, garbage collection, event-loop lag) is collected once per process and
 * served beside it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** What the metrics read of a render pool (modules/documents/render-pool.ts has the real one). */
type WatchedRenderPool = {
  /** Renders waiting for a thread. */
  readonly waiting: number
  /** Renders running or waiting. */
  readonly pending: number
  /** Bytes of request bodies the pool's byte budget holds now. */
  readonly bytesInFlight: number
  observe(observer: { started(seconds: number): void; refused(): void }): () => void
}

/** What services report through their context (lib/service-context.ts). */
export type ServiceMetrics = {
  /** A PDF was rendered for a caller (a download or an email attachment). */
  pdfRendered(kind: string): void
  /** A send ended: `outcome` is `sent` or the failure class; `provider` the mailbox kind. */
  sendFinished(provider: string, outcome: string): void
}

export type AppMetrics = ServiceMetrics & {
  /** One answered request: `route` is the matched pattern, undefined when none matched. */
  request(method: string, route: string | undefined, status: number, seconds: number): void
  /** A request failed on the database: it could not be reached, or a query failed. */
  databaseError(reason: 'unavailable' | 'query'): void
  /** Follows a render pool's queue; the function returned stops following it. */
  watchRenderPool(pool: WatchedRenderPool): () => void
  /** The text exposition of every metric, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>
}

const PREFIX = 'myodocs_'

/** Answer times from a cached read (~1 ms) to a large report (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const WAIT_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** The methods a route can be declared with; anything else an unmatched request sent is "other". */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** A route label for a request no route matched (the SPA's fallback, a 404, a refused method). */
export const UNMATCHED_ROUTE = '(unmatched)'

let processRegistry: Registry | undefined

/** Process metrics, started once: their event-loop monitor runs for the life of the process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

export function createMetrics(): AppMetrics {
  const processRegistry = processMetrics()
  const registry = new Registry()
  const registers = [registry]

  const requestLabels = ['method', 'route', 'status'] as const
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: requestLabels,
    registers,
  })
  const durations = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: requestLabels,
    buckets: DURATION_BUCKETS,
    registers,
  })

  const pools = new Set<WatchedRenderPool>()
  new Gauge({
    name: `${PREFIX}render_queue_depth`,
    help: 'PDF renders waiting for a render thread.',
    registers,
    collect() {
      this.set([...pools].reduce((sum, pool) => sum + pool.waiting, 0))
    },
  })
  new Gauge({
    name: `${PREFIX}render_in_flight`,
    help: 'PDF renders running or waiting.',
    registers,
    collect() {
      this.set([...pools].reduce((sum, pool) => sum + pool.pending, 0))
    },
  })
  new Gauge({
    name: `${PREFIX}render_admitted_bytes`,
    help: 'Bytes of document request bodies admitted by the render queue (being read, waiting or rendering).',
    registers,
    collect() {
      this.set([...pools].reduce((sum, pool) => sum + pool.bytesInFlight, 0))
    },
  })
  const renderWait = new Histogram({
    name: `${PREFIX}render_wait_seconds`,
    help: 'Time a PDF render waited for a render thread.',
    buckets: WAIT_BUCKETS,
    registers,
  })
  const renderRefused = new Counter({
    name: `${PREFIX}render_refused_total`,
    help: 'PDF requests refused with 503: the render queue had no room for them.',
    registers,
  })
  const observer = {
    started: (seconds: number) => renderWait.observe(seconds),
    refused: () => renderRefused.inc(),
  }

  const pdfs = new Counter({
    name: `${PREFIX}pdfs_total`,
    help: 'PDFs rendered for callers, by document kind.',
    labelNames: ['kind'] as const,
    registers,
  })
  const sends = new Counter({
    name: `${PREFIX}email_sends_total`,
    help: 'Document emails that ended, by mailbox provider and outcome (sent or the failure class).',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  })
  const databaseErrors = new Counter({
    name: `${PREFIX}database_errors_total`,
    help: 'Requests that failed on the database: unavailable (unreachable, restarting) or query.',
    labelNames: ['reason'] as const,
    registers,
  })

  return {
    request(method, route, status, seconds) {
      const labels = {
        method: METHODS.has(method) ? method : 'other',
        route: route ?? UNMATCHED_ROUTE,
        status: String(status),
      }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    databaseError: (reason) => databaseErrors.inc({ reason }),
    pdfRendered: (kind) => pdfs.inc({ kind }),
    sendFinished: (provider, outcome) => sends.inc({ provider, outcome }),
    watchRenderPool(pool) {
      pools.add(pool)
      const stop = pool.observe(observer)
      return () => {
        stop()
        pools.delete(pool)
      }
    },
    async scrape() {
      const merged = Registry.merge([processRegistry, registry])
      return { contentType: merged.contentType, body: await merged.metrics() }
    },
  }
}
