/**
 * One error type for the whole API. The handler turns it into the failure envelope;
 * `userMessage` is what the user sees, `cause` is for the log only (never echoed).
 * The code is one of the shared ERROR_CODES; without a more precise text, its default is shown.
 */
import { ERROR_CODES } from '@myodocs/shared/contracts/envelope'
import type { ErrorCode } from '@myodocs/shared/contracts/envelope'

export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly code: ErrorCode,
    readonly userMessage: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    options?: {
      cause?: unknown
      headers?: Record<string, string>
      extra?: Record<string, unknown>
    },
  ) {
    super(userMessage, options?.cause === undefined ? undefined : { cause: options.cause })
    this.headers = options?.headers
    this.extra = options?.extra
  }
  readonly headers: Record<string, string> | undefined
  /** Extra properties merged into the failure envelope (e.g. `missing` for the legal gate). */
  readonly extra: Record<string, unknown> | undefined
}

export const notFound = (message: string = ERROR_CODES.NOT_FOUND) =>
  new AppError('NOT_FOUND', message, 404)
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(fields ? 'VALIDATION_ERROR' : 'BAD_REQUEST', message, 400, fields)
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN') =>
  new AppError(code, message, 403)
export const unauthorized = (
  message: string = ERROR_CODES.UNAUTHORIZED,
  code: ErrorCode = 'UNAUTHORIZED',
) => new AppError(code, message, 401)
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, 409, fields)

/** 503 with Retry-After: try again in `retryAfterSeconds` (a busy queue, a closing server). */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new AppError('SERVICE_UNAVAILABLE', message, 503, undefined, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  })

/** Whole minutes (at least 1) until `resetAt`: the wait a throttle's message names. */
export const minutesUntil = (resetAt: Date, now = Date.now()) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now) / 60_000))

/** 429 with Retry-After in whole seconds (at least 1) until `resetAt`. */
export function tooManyRequests(message: string, resetAt: Date, now = Date.now()) {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000))
  return new AppError('RATE_LIMITED', message, 429, undefined, {
    headers: { 'retry-after': String(seconds) },
  })
}
