/**
 * The shape of one API call, declared once for the server, the browser and the tests
 * (docs/decisions/024-api-table.md): the server registers its handler from it, the browser calls
 * through it, and the OpenAPI, the access and CSRF matrices, the fuzzer and the log redaction read
 * it.
 */
import type { z } from 'zod'

/** The HTTP methods the API answers. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call: anyone (`public`, the route's own checks apply: tokens, codes, signatures), a
 * signed-in user of any role (`signedIn`), the account holder only (`primaryUser`: a member gets
 * 403 PRIMARY_USER_ACCESS_REQUIRED, docs/product/team.md#roles), or the operator's bearer token
 * (`operator`).
 */
export type ApiAccess = 'public' | 'signedIn' | 'primaryUser' | 'operator'

/**
 * A request budget shared by the routes that name it (docs/product/limits.md#rate-limits); the
 * server maps each class to its configured limit.
 */
export type RateLimitClass =
  | 'authEntry'
  | 'contact'
  | 'waitlist'
  | 'validatePassword'
  | 'referral'
  | 'emailTest'
  | 'emailSend'
  | 'oauthConnect'
  | 'oauthTest'

/** Failure statuses a call documents, each answered in the failure envelope. */
export type FailureStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 429 | 500 | 502 | 503

/** The media type of a call that answers a file rather than JSON. */
export type FileType = 'application/pdf' | 'text/csv' | 'image/png' | 'application/gzip'

/** One API call. */
export type ApiCall = {
  method: ApiMethod
  /** The full path, parameters as `:name` (e.g. `/api/providers/:id`). */
  path: `/api/${string}`
  access: ApiAccess
  /** OpenAPI summary: one line. */
  summary: string
  /** OpenAPI description: what a caller must know beyond the schemas. */
  description?: string
  tags: readonly string[]
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The body is a multipart form carrying a file (read by the handler), not JSON. */
  multipart?: true
  /** Request headers the call reads (documented and validated). */
  headers?: z.ZodType
  /**
   * The success answer: `data` of `{ success: true, data }`, or the whole body with `bare`.
   * Absent when the call answers a `file`.
   */
  answer?: z.ZodType
  /** The call answers a file of this type (a PDF, a CSV, an image), named by Content-Disposition. */
  file?: FileType
  /** The answer is not wrapped in the success envelope (a webhook's acknowledgement, a probe). */
  bare?: true
  failures: readonly FailureStatus[]
  /** Failures answered with more than the envelope (the legal gate's `missing`, a plan change's `changes`). */
  failureAnswers?: Partial<Record<FailureStatus, z.ZodType>>
  /**
   * A state-changing call that needs no CSRF token (`@myodocs/shared/constants/http`); also set on
   * the two GETs the documented exempt list names (health, the CSRF token), to keep it whole.
   */
  csrfExempt?: true
  rateLimit?: RateLimitClass
  /** Path parameters that carry a credential: logs show them as `[redacted]`. */
  secretParams?: readonly string[]
  /** Open to a session the practice's two-step requirement holds back until it enrols. */
  duringTwoStepEnrolment?: true
  /** A public call that also reads the session when there is one (it answers more to a user). */
  readsSession?: true
}

/** Declares a call, keeping its literal types for the server's handler and the browser's client. */
export function apiCall<const C extends ApiCall>(call: C): C {
  return call
}

/** The call's path as the OpenAPI document writes it (`/api/providers/{id}`). */
export function openApiPath(call: Pick<ApiCall, 'path'>): string {
  return call.path.replace(/:(\w+)/g, '{$1}')
}

/** `METHOD /path` with OpenAPI parameters, the key the matrices and the fuzzer print. */
export function callKey(call: Pick<ApiCall, 'method' | 'path'>): string {
  return `${call.method} ${openApiPath(call)}`
}

/** A state-changing method: the CSRF check applies unless the call is exempt. */
export function changesState(call: Pick<ApiCall, 'method'>): boolean {
  return call.method !== 'GET'
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined

/** What a call's handler receives, validated. */
export type CallInput<C extends ApiCall> = {
  params: Infer<C['params']>
  query: Infer<C['query']>
  body: Infer<C['body']>
  headers: Infer<C['headers']>
}

/** What the browser passes: only the parts the call declares. */
export type CallRequest<C extends ApiCall> = (C['params'] extends z.ZodType
  ? { params: InputOf<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: InputOf<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: InputOf<C['body']> } : { body?: undefined })

/** The answer's data (or whole body for a `bare` call); none for a call that answers a file. */
export type CallAnswer<C extends ApiCall> = C extends { answer: infer S extends z.ZodType }
  ? z.infer<S>
  : never

/** A call that answers JSON. */
export type JsonCall = ApiCall & { answer: z.ZodType }

/** A call that answers a file. */
export type FileCall = ApiCall & { file: FileType }

/** The URL of a call with its parameters filled in, each encoded. */
export function callUrl(
  call: Pick<ApiCall, 'path'>,
  params?: Record<string, string | number | undefined>,
): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`${call.path}: missing :${name}`)
    return encodeURIComponent(String(value))
  })
}
