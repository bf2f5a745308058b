/**
 * The path a per-route decision reads. The router decodes percent-escapes before it matches, so a
 * decision on the raw URL can be talked out of a route the router then runs (`/%61pi/...` is
 * `/api/...` to the router and not to `startsWith('/api/')`). Decisions read the route the router
 * matched; a request that matched nothing is judged on its path normalised the widest way any
 * server or proxy in front might read it.
 */
import { posix } from 'node:path'

/** Enough rounds to undo any encoding a client could stack on a short path. */
const MAX_DECODE_ROUNDS = 4

/**
 * The raw URL's path without its query, percent-decoded until it stops changing, backslashes
 * read as slashes, repeated slashes collapsed, `.` and `..` segments resolved, a trailing slash
 * dropped, and lower-cased: `//API/./x/../%61uth/Login/?a=1` → `/api/auth/login`.
 */
export function normalisedPath(rawUrl: string): string {
  let path = rawUrl.split(/[?#]/, 1)[0] ?? ''
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      break
    }
    if (decoded === path) break
    path = decoded
  }
  const resolved = posix.normalize(`/${path.replace(/\\/g, '/')}`)
  const trimmed = resolved.length > 1 ? resolved.replace(/\/+$/, '') : resolved
  return trimmed.toLowerCase()
}

/**
 * The path a per-route decision is made on: the matched route's declared path (`/api/team/:id`,
 * whatever spelling reached it), else the normalised request path.
 */
export function decisionPath(req: { routeOptions: { url?: string }; url: string }): string {
  return req.routeOptions.url ?? normalisedPath(req.url)
}
