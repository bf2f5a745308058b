/**
 * The redacting logger. Bodies are never logged (Fastify does not log them, and no handler does);
 * headers and any field that looks like a secret are censored wherever they appear; request lines
 * carry the method, the path without its query string (its secret segments redacted), and the
 * request id. Errors are logged by
 * `serializeError`: their class, code, query fingerprint and stack frames, never their message.
 */
import { createHash } from 'node:crypto'
import pino from 'pino'
import type { DestinationStream, Logger } from 'pino'
import type { Config } from '../config'

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.appSecret',
  '*.adminToken',
  '*.smtpPassword',
  '*.authorization',
  '*.cookie',
]

/** What an error logs: nothing a request sent (names, emails and phones ride in messages and bound parameters). */
type SerializedError = {
  type: string
  code?: string
  /** A short hash of the SQL text, with placeholders (never values), to tell failing queries apart. */
  query?: string
  stack?: string
  cause?: SerializedError
}

/** The first 12 hex digits of the SHA-256 of the query text, spaces collapsed. */
export const queryFingerprint = (query: string) =>
  createHash('sha256').update(query.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 12)

/**
 * The `err` serializer: class, code (a PostgreSQL SQLSTATE, a Node or Fastify code), the query
 * fingerprint of a database error, the stack frames without the message line, and the cause the
 * same way. A database error's message and `params` quote the values it was given, so neither is
 * kept. Plain objects pass through: a handler that builds one chose what it holds.
 */
export function serializeError(err: unknown): unknown {
  return err instanceof Error ? describeError(err, 0) : err
}

function describeError(err: Error, depth: number): SerializedError {
  const e = err as Error & { code?: unknown; query?: unknown }
  const out: SerializedError = { type: e.constructor.name || e.name }
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code)
  if (typeof e.query === 'string') out.query = queryFingerprint(e.query)
  const frames = e.stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n')
  if (frames) out.stack = frames
  if (e.cause !== undefined && depth < 3)
    // A cause that is not an Error (a string, a plain object) could quote anything: its type only.
    out.cause =
      e.cause instanceof Error ? describeError(e.cause, depth + 1) : { type: typeof e.cause }
  return out
}

export function createLogger(config: Pick<Config, 'logLevel'>, stream?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        // The app's `loggedUrl` redacts the secret segments a route declares (lib/log-url.ts);
        // either way a query string (reset tokens, OAuth codes, addresses) is never logged.
        req: (req: { method: string; url: string; id: string; loggedUrl?: string }) => ({
          method: req.method,
          url: req.loggedUrl ?? req.url.split('?')[0],
          id: req.id,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    stream ?? standardOutput(),
  )
}

/** A line's level, as pino writes it first: `{"level":40,…`. */
const LEVEL = /^\{"level":(\d+)/
const WARN = 40

/**
 * Standard output in batches of 4 kB, or after at most 250 ms: one write per request line was a
 * tenth of a signed-in call's CPU (docs/decisions/011-api-hot-path.md). A warning or an error is
 * written at once, with every line before it, so what explains a crash is on disk even after a
 * `kill -9` (only the last 250 ms of info lines can be lost); pino writes the rest at a normal exit.
 */
function standardOutput(): DestinationStream {
  const out = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 })
  return {
    write(line: string) {
      out.write(line)
      if (Number(LEVEL.exec(line)?.[1] ?? WARN) < WARN) return
      try {
        out.flushSync()
      } catch {
        // Output closed (the parent went away): a log line must never fail the caller.
      }
    },
  }
}
