/**
 * Tells a database outage apart from a bug and from a failed query: the error handler answers the first with 503 and
 * Retry-After (the pool reconnects by itself on the next query), the second with 500.
 */

/** Network errors of the pg driver while connecting or mid-query. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

/** PostgreSQL SQLSTATEs of a server that is going away, starting or full (class 08 is all of it). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300'])

/** The pg pool's own messages when it never got or lost a connection (they carry no code). */
const POOL_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
]

/** Whether `err`, or any error in its cause chain, means the database cannot be reached now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true
    }
    if (POOL_MESSAGES.some((m) => e instanceof Error && e.message.startsWith(m))) return true
  }
  return false
}

/**
 * Whether `err`, or any error in its cause chain, is an error the database answered (a SQLSTATE
 * with a severity, from pg or PGlite): a failed query rather than a bug in the code around it.
 */
export function isDatabaseError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, severity } = e as { code?: unknown; severity?: unknown }
    if (typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return true
  }
  return false
}
