/**
 * One error type for the whole API. The handler turns it into the failure envelope;
 * `userMessage` is what the user sees, `cause` is for the log only (never echoed).
 */
import type { ErrorCode } from '@myodocs/shared/contracts/envelope'

export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly code: ErrorCode | (string & {}),
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

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message, 404)
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(fields ? 'VALIDATION_ERROR' : 'BAD_REQUEST', message, 400, fields)
export const forbidden = (message: string, code: ErrorCode | (string & {}) = 'FORBIDDEN') =>
  new AppError(code, message, 403)
export const unauthorized = (
  message = 'Authentication required',
  code: ErrorCode = 'UNAUTHORIZED',
) => new AppError(code, message, 401)
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, 409, fields)
