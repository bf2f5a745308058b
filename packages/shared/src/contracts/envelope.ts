/**
 * The JSON envelope of every API answer (ARCHITECTURE.md "Requests, errors, auth").
 * Success: `{ success: true, data }`. Failure: `{ success: false, code, message, fields? }`.
 */
import { z } from 'zod'

/** Every machine-readable failure code the API can answer with. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'INVALID_CSRF_TOKEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_CREDENTIALS',
  'SESSION_EXPIRED',
  'ACCOUNT_DEACTIVATED',
  'INVALID_INVITE_CODE',
  'INVALID_RESET_TOKEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'MAIL_DELIVERY_FAILED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** A failed answer. `fields` maps a dotted field path to its message (400 validation). */
export const ApiFailureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Kept for the spec's CSRF contract (§8 "403 error Invalid CSRF token"). */
  error: z.string().optional(),
})
export type ApiFailure = z.infer<typeof ApiFailureSchema>

/** Wraps a data schema in the success envelope, for route response schemas and OpenAPI. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data })
}

export type ApiSuccess<T> = { success: true; data: T }
