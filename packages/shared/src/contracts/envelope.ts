/**
 * The JSON envelope of every API answer (docs/product/errors.md#envelope).
 * Success: `{ success: true, data }`. Failure: `{ success: false, code, message, fields? }`.
 */
import { z } from 'zod'
import {
  ACCESS_TOKEN_EXPIRED,
  ACCOUNT_DEACTIVATED,
  AUTHENTICATION_REQUIRED,
  CONFLICT_MESSAGE,
  FORBIDDEN_MESSAGE,
  GENERIC_ERROR,
  INTERNAL_ERROR,
  INVALID_CSRF_TOKEN,
  INVALID_INVITE_CODE,
  INVALID_RESET_TOKEN,
  LEGAL_GATE_TITLE,
  LOGIN_FAILED_CREDENTIALS,
  MAIL_DELIVERY_FAILED,
  NOT_FOUND,
  REQUEST_TOO_LARGE,
  SERVICE_UNAVAILABLE,
  SESSION_EXPIRED,
  TOO_MANY_REQUESTS,
  UNSUPPORTED_CONTENT_TYPE,
  VALIDATION_FAILED,
} from '../constants/messages'
import { INVALID_TWO_STEP_CODE, TWO_STEP_ENROLMENT_REQUIRED } from '../constants/two-step-messages'
import { LOGO_UPGRADE_REQUIRED } from './business'
import { TRIAL_EXPIRED_MESSAGE, USAGE_LIMIT_MESSAGE } from './subscription'

/**
 * Every machine-readable failure code the API can answer with, and the text a user sees when the
 * server gives no more precise one. The list is closed: the server's AppError takes only these.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: VALIDATION_FAILED,
  BAD_REQUEST: GENERIC_ERROR,
  UNAUTHORIZED: AUTHENTICATION_REQUIRED,
  TOKEN_EXPIRED: ACCESS_TOKEN_EXPIRED,
  FORBIDDEN: FORBIDDEN_MESSAGE,
  INVALID_CSRF_TOKEN: INVALID_CSRF_TOKEN,
  NOT_FOUND: NOT_FOUND,
  CONFLICT: CONFLICT_MESSAGE,
  INVALID_CREDENTIALS: LOGIN_FAILED_CREDENTIALS,
  SESSION_EXPIRED: SESSION_EXPIRED,
  ACCOUNT_DEACTIVATED: ACCOUNT_DEACTIVATED,
  INVALID_INVITE_CODE: INVALID_INVITE_CODE,
  INVALID_RESET_TOKEN: INVALID_RESET_TOKEN,
  INVALID_TWO_STEP_CODE: INVALID_TWO_STEP_CODE,
  TWO_STEP_REQUIRED: TWO_STEP_ENROLMENT_REQUIRED,
  LEGAL_ACCEPTANCE_REQUIRED: LEGAL_GATE_TITLE,
  TRIAL_EXPIRED: TRIAL_EXPIRED_MESSAGE,
  USAGE_LIMIT_EXCEEDED: USAGE_LIMIT_MESSAGE,
  UPGRADE_REQUIRED: LOGO_UPGRADE_REQUIRED,
  PAYLOAD_TOO_LARGE: REQUEST_TOO_LARGE,
  UNSUPPORTED_MEDIA_TYPE: UNSUPPORTED_CONTENT_TYPE,
  RATE_LIMITED: TOO_MANY_REQUESTS,
  MAIL_DELIVERY_FAILED: MAIL_DELIVERY_FAILED,
  SERVICE_UNAVAILABLE: SERVICE_UNAVAILABLE,
  INTERNAL_ERROR: INTERNAL_ERROR,
} as const satisfies Record<string, string>
export type ErrorCode = keyof typeof ERROR_CODES

const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]

/** A failed answer. `fields` maps a dotted field path to its message (400 validation). */
export const ApiFailureSchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODE_LIST),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Kept for the documented CSRF contract (docs/product/errors.md). */
  error: z.string().optional(),
})
export type ApiFailure = z.infer<typeof ApiFailureSchema>

/** Wraps a data schema in the success envelope, for route response schemas and OpenAPI. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data })
}
