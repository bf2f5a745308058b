/**
 * The one way the browser talks to the API: base /api, cookies, JSON, 60 s timeout,
 * the CSRF header on state-changing calls (one refetch-and-retry on a CSRF 403), one refresh and
 * retry on 401 TOKEN_EXPIRED, and the spec's network texts. Errors surface as ApiError; showing
 * them is the caller's job (no global toasts).
 */
import { callUrl } from '@myodocs/shared/api/define'
import type {
  ApiCall,
  CallAnswer,
  CallRequest,
  FileCall,
  JsonCall,
} from '@myodocs/shared/api/define'
import { sessionCalls } from '@myodocs/shared/api/sessions'
import { systemCalls } from '@myodocs/shared/api/system'
import { CSRF_HEADER } from '@myodocs/shared/constants/http'
import {
  GENERIC_ERROR,
  INVALID_CSRF_TOKEN,
  NETWORK_BLOCKED,
  NETWORK_GENERIC,
  NETWORK_TIMEOUT,
  NETWORK_UNREACHABLE,
} from '@myodocs/shared/constants/messages'
import { API_TIMEOUT_MS } from '@myodocs/shared/constants/timings'
import type { ApiFailure } from '@myodocs/shared/contracts/envelope'
import './zod-config'

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    message: string,
    /** HTTP status; 0 for network failures. */
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message)
  }
  get isNetwork() {
    return this.status === 0
  }
}

/**
 * The text a flow shows for a failed call (docs/product/errors.md#network-texts): the network
 * texts when no answer came (a dead connection, a timeout, a gateway without the envelope), the
 * server's own message when it gave one, else the flow's own text (Registration failed, Failed to
 * send reset email, …) rather than a bare "An error occurred".
 */
export function failureText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback
  if (isNetworkFailure(err)) return err.message
  const body = err.body as Partial<ApiFailure> | undefined
  return typeof body?.message === 'string' && body.message ? body.message : fallback
}

/** No answer from the server: a dead connection, a timeout, or a gateway without the envelope. */
export const isNetworkFailure = (err: unknown): boolean =>
  err instanceof ApiError && (err.code === 'NETWORK_ERROR' || err.code === 'TIMEOUT')

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Answer type; 'file' for a blob with its Content-Disposition name (`api.download`). */
  responseType?: 'json' | 'file'
  timeoutMs?: number
  /** The call needs no CSRF token (the API table's `csrfExempt`). */
  csrfExempt?: boolean
}

/**
 * Fired on window when the session ends on its own: the refresh after a TOKEN_EXPIRED failed, or
 * the server answered SESSION_EXPIRED, or ACCOUNT_DEACTIVATED (then `detail` is 'deactivated').
 */
export const SESSION_EXPIRED_EVENT = 'myodocs:session-expired'

/** Fired on window when the server holds this session back until a second step is enrolled. */
export const TWO_STEP_REQUIRED_EVENT = 'myodocs:two-step-required'

const REFRESH_PATH = sessionCalls.refresh.path
let baseUrl = ''

/** Prefix for every call; '' in the browser (same origin). Tests and scripts set an absolute URL. */
export function setApiBaseUrl(url: string) {
  baseUrl = url.replace(/\/+$/, '')
}
let csrfToken: string | undefined
let csrfPromise: Promise<string> | undefined
let refreshPromise: Promise<boolean> | undefined

async function fetchCsrfToken(): Promise<string> {
  csrfPromise ??= rawFetch(systemCalls.csrfToken.path, { method: 'GET' })
    .then(async (res) => {
      const body = (await res.json()) as Partial<CallAnswer<typeof systemCalls.csrfToken>>
      if (!res.ok || !body.csrfToken)
        throw new ApiError(GENERIC_ERROR, res.status, 'INVALID_CSRF_TOKEN')
      csrfToken = body.csrfToken
      return csrfToken
    })
    .finally(() => {
      csrfPromise = undefined
    })
  return csrfPromise
}

/** Forgets the CSRF token (sign-in and sign-out start a new one). */
export function resetCsrfToken() {
  csrfToken = undefined
}

function networkMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  if (/blocked|cors|content security policy|err_blocked/i.test(text)) return NETWORK_BLOCKED
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return NETWORK_GENERIC
  if (err instanceof TypeError) return NETWORK_UNREACHABLE
  return NETWORK_GENERIC
}

async function rawFetch(
  path: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<Response> {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), init.timeoutMs ?? API_TIMEOUT_MS)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal
  try {
    return await fetch(`${baseUrl}${path}`, { ...init, signal, credentials: 'include' })
  } catch (err) {
    if (init.signal?.aborted) throw err
    if (timeout.signal.aborted) throw new ApiError(NETWORK_TIMEOUT, 0, 'TIMEOUT')
    throw new ApiError(networkMessage(err), 0, 'NETWORK_ERROR')
  } finally {
    clearTimeout(timer)
  }
}

const isCsrfFailure = (status: number, body: Partial<ApiFailure> | undefined) =>
  status === 403 &&
  (body?.code === 'INVALID_CSRF_TOKEN' ||
    body?.error === INVALID_CSRF_TOKEN ||
    body?.error === 'CSRF validation error' ||
    body?.message === INVALID_CSRF_TOKEN)

async function refreshSession(): Promise<boolean> {
  refreshPromise ??= request<unknown>(REFRESH_PATH, { method: 'POST' }, { retried: true })
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      refreshPromise = undefined
    })
  return refreshPromise
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? ''
  if (!type.includes('application/json')) return undefined
  try {
    return await res.json()
  } catch {
    return undefined
  }
}

async function request<T>(
  path: string,
  opts: RequestOptions,
  state: { retried?: boolean; csrfRetried?: boolean } = {},
): Promise<T> {
  const method = opts.method ?? 'GET'
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) {
    body = opts.body
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  const pathOnly = path.split('?')[0] ?? path
  if (method !== 'GET' && !opts.csrfExempt) {
    headers[CSRF_HEADER] = csrfToken ?? (await fetchCsrfToken())
  }

  const res = await rawFetch(path, {
    method,
    headers,
    body,
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
  })

  if (res.ok) {
    if (opts.responseType === 'file') {
      const file: DownloadedFile = {
        blob: await res.blob(),
        fileName: fileNameFromDisposition(res.headers.get('content-disposition')),
      }
      return file as T
    }
    return (await readBody(res)) as T
  }

  const failure = (await readBody(res)) as Partial<ApiFailure> | undefined
  if (isCsrfFailure(res.status, failure) && !state.csrfRetried) {
    csrfToken = undefined
    await fetchCsrfToken()
    return request<T>(path, opts, { ...state, csrfRetried: true })
  }
  if (res.status === 401 && failure?.code === 'TOKEN_EXPIRED' && !state.retried) {
    if (await refreshSession()) return request<T>(path, opts, { ...state, retried: true })
    globalThis.dispatchEvent?.(new CustomEvent(SESSION_EXPIRED_EVENT))
  }
  // The session ended on the server (sign-out elsewhere, password reset, idle, deactivation).
  // (A failing refresh is reported once, by the call that asked for it, just above.)
  if (res.status === 401 && failure?.code === 'SESSION_EXPIRED' && pathOnly !== REFRESH_PATH) {
    globalThis.dispatchEvent?.(new CustomEvent(SESSION_EXPIRED_EVENT))
  }
  // A deactivated account's session says so, whichever call found it (the refresh's included).
  if (res.status === 401 && failure?.code === 'ACCOUNT_DEACTIVATED') {
    globalThis.dispatchEvent?.(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: 'deactivated' }))
  }
  // The practice requires two-step sign-in and this user has none yet: the guard sends them to enrol.
  if (res.status === 403 && failure?.code === 'TWO_STEP_REQUIRED') {
    globalThis.dispatchEvent?.(new CustomEvent(TWO_STEP_REQUIRED_EVENT))
  }
  if (!failure && [502, 503, 504].includes(res.status)) {
    throw new ApiError(NETWORK_UNREACHABLE, res.status, 'NETWORK_ERROR')
  }
  throw new ApiError(
    failure?.message || GENERIC_ERROR,
    res.status,
    failure?.code ?? 'HTTP_ERROR',
    failure?.fields,
    failure,
  )
}

type Envelope<T> = { success: true; data: T; message?: string }

/** A binary answer with the file name the server gave it. */
type DownloadedFile = { blob: Blob; fileName: string | null }

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // malformed: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header)
  const name = (plain?.[1] ?? plain?.[2])?.trim()
  return name || null
}

/** The query string of a call: declared keys with a value, in order. */
function queryString(query: Record<string, string | number | boolean | undefined> = {}): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.append(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** The parts of a call's request, optional when the call declares none it requires. */
type CallArgs<C extends ApiCall> =
  object extends CallRequest<C>
    ? [request?: CallRequest<C>, opts?: CallOptions]
    : [request: CallRequest<C>, opts?: CallOptions]
type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'csrfExempt'>

/** The request of a call: its URL from its path, `params` and `query`, and its body. */
function requestOf<C extends ApiCall>(entry: C, input: CallRequest<C> | undefined) {
  const parts = (input ?? {}) as { params?: object; query?: object; body?: unknown }
  const url =
    callUrl(entry, parts.params as Record<string, string | number | undefined>) +
    queryString(parts.query as Record<string, string | number | boolean | undefined>)
  return { url, method: entry.method, body: parts.body, csrfExempt: Boolean(entry.csrfExempt) }
}

/**
 * One call of the API table (packages/shared/src/api/): its URL from its path and `params`, the
 * query and body as declared, and its answer's data typed from its schema.
 */
async function call<C extends JsonCall>(entry: C, ...[input, opts]: CallArgs<C>) {
  const { url, ...init } = requestOf(entry, input)
  const answer = await request<{ data?: unknown } | undefined>(url, { ...opts, ...init })
  return (entry.bare ? answer : answer?.data) as CallAnswer<C>
}

/**
 * A call of the table that answers a file (a PDF, a CSV): its bytes with the name the server
 * gave it; failures still come back as ApiError.
 */
function download<C extends FileCall>(entry: C, ...[input, opts]: CallArgs<C>) {
  const { url, ...init } = requestOf(entry, input)
  return request<DownloadedFile>(url, { ...opts, ...init, responseType: 'file' })
}

/** Calls that answer `{ success: true, data }` resolve with `data`. */
export const api = {
  call,
  download,
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<Envelope<T>>(path, { ...opts, method: 'GET' }).then((b) => b.data),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<Envelope<T>>(path, { ...opts, method: 'POST', body }).then((b) => b?.data),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<Envelope<T>>(path, { ...opts, method: 'PUT', body }).then((b) => b?.data),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<Envelope<T>>(path, { ...opts, method: 'PATCH', body }).then((b) => b?.data),
  delete: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<Envelope<T>>(path, { ...opts, method: 'DELETE', body }).then((b) => b?.data),
}
