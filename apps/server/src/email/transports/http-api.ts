/**
 * What the Gmail API and Microsoft Graph transports share: one HTTPS call with the bearer token
 * (plain `fetch`, a timeout, `redirect: 'error'`), a single retry with a new token after a 401,
 * and the failure classes of `transport.ts` read from the status. A 401 or 403 means the token
 * or its grant is no good (`reauth_required`); 429 and 500/503 were refused before acceptance and
 * may be retried when the provider says how long to wait; a timeout, a cut connection, 502 or 504
 * may have left the message sent (`unknown_outcome`), so it is never sent again automatically.
 */
import { MailFailure } from '../transport'

/** Where the transport gets its bearer token; both throw `MailFailure` (e.g. `reauth_required`). */
export type TokenSource = {
  get(): Promise<string>
  /** A newer token than `rejected`, which the provider just refused with 401. */
  refresh(rejected: string): Promise<string>
}

export type HttpApiOptions = {
  apiUrl: string
  token: TokenSource
  timeoutMs: number
}

const BEFORE_CONNECT =
  /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/
const TLS_ERROR = /^(?:ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/

/** A `fetch` that threw: before the connection existed nothing was sent; after, anything may have been. */
export function classifyFetchError(err: unknown): MailFailure {
  const e = err as Error & { cause?: { code?: string } }
  const code = e.cause?.code ?? ''
  if (e.name === 'TimeoutError') return new MailFailure('unknown_outcome', { detail: 'timeout' })
  if (BEFORE_CONNECT.test(code))
    return new MailFailure('connection_failed', { detail: code, retryable: true })
  if (TLS_ERROR.test(code)) return new MailFailure('tls_failed', { detail: code })
  if (/redirect/i.test(e.message))
    return new MailFailure('message_rejected', { detail: 'redirect' })
  return new MailFailure('unknown_outcome', { detail: code || e.name })
}

/** Retry-After in seconds or as an HTTP date, in milliseconds. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** The failure class of an HTTP answer that is not a success. `reason`: the API's error reason/code. */
export function classifyHttpStatus(
  status: number,
  retryAfter: number | undefined,
  reason: string,
): MailFailure {
  const detail = `http ${status}${reason ? ` ${reason}` : ''}`
  if (status === 429 || /rate|quota|throttl/i.test(reason))
    return new MailFailure('rate_limited', {
      detail,
      retryable: retryAfter !== undefined,
      retryAfterMs: retryAfter,
    })
  if (status === 401 || status === 403) return new MailFailure('reauth_required', { detail })
  if (status === 413) return new MailFailure('too_large', { detail })
  if (status === 502 || status === 504) return new MailFailure('unknown_outcome', { detail })
  if (status >= 500)
    return new MailFailure('temporary_failure', {
      detail,
      retryable: retryAfter !== undefined,
      retryAfterMs: retryAfter,
    })
  return new MailFailure('message_rejected', { detail })
}

// The API's machine-readable reason, never its message text (which can echo an address).
async function errorReason(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as {
      error?: { code?: unknown; status?: unknown; errors?: Array<{ reason?: unknown }> }
    }
    const reason = body.error?.errors?.[0]?.reason ?? body.error?.status ?? body.error?.code
    return typeof reason === 'string' ? reason.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60) : ''
  } catch {
    return ''
  }
}

/**
 * POSTs `body` to `path` with the bearer token; on 401 once more with a refreshed token.
 * Resolves with the successful response; throws `MailFailure`.
 */
export async function postWithToken(
  options: HttpApiOptions,
  path: string,
  body: () => Buffer | string,
  contentType: string,
): Promise<Response> {
  let token = await options.token.get()
  for (let attempt = 1; ; attempt++) {
    let res: Response
    try {
      res = await fetch(`${options.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: asBodyInit(body()),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (err) {
      throw classifyFetchError(err)
    }
    if (res.ok) return res
    if (res.status === 401 && attempt === 1) {
      await res.body?.cancel()
      token = await options.token.refresh(token)
      continue
    }
    throw classifyHttpStatus(
      res.status,
      retryAfterMs(res.headers.get('retry-after')),
      await errorReason(res),
    )
  }
}

// A copy as a plain Uint8Array: fetch's body type does not take a Buffer over a shared pool.
const asBodyInit = (b: Buffer | string) => (typeof b === 'string' ? b : new Uint8Array(b))
