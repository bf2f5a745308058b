/**
 * The URL a log line shows for a request. A path can carry a credential (an invitation link's
 * token): a route declares which of its path parameters are secret (`config.secretParams`, from
 * its API table entry's `secretParams` through plugins/api-route.ts), a web
 * page in `SECRET_PAGE_PATHS`, and the logged path shows `[redacted]` in their place. The query
 * string is never logged: it carries reset tokens, OAuth codes and states, and addresses.
 */
import { normalisedPath } from './request-path'

export const REDACTED_SEGMENT = '[redacted]'

/** What the logger reads of a Fastify request (this module stays free of Fastify types). */
export type LoggedRequest = {
  url: string
  params?: unknown
  routeOptions?: { url?: string; config?: { secretParams?: readonly string[] } }
}

const paramName = (segment: string) => (segment.startsWith(':') ? segment.slice(1) : undefined)

/**
 * Collects the declared secret paths and answers the loggable URL of a request. A request that
 * matched a route logs the route's path with its parameters filled in, secret ones redacted; one
 * that matched none (a page served by the SPA fallback, a misspelt API call) is compared on its
 * normalised path with every declared path's part before its first secret segment, and anything
 * after that part is redacted.
 */
export function createUrlRedactor(pagePaths: readonly string[]) {
  const prefixes = new Set<string>()
  const declare = (routePath: string, secret: readonly string[]) => {
    const segments = routePath.split('/')
    const first = segments.findIndex((s) => secret.includes(paramName(s) ?? ''))
    if (first > 0) prefixes.add(`${segments.slice(0, first).join('/').toLowerCase()}/`)
  }
  for (const page of pagePaths)
    declare(
      page,
      page.split('/').flatMap((s) => paramName(s) ?? []),
    )

  return {
    /** Registers a route's secret parameters (called for every route as it is added). */
    declare,
    url(req: LoggedRequest): string {
      const path = req.url.split('?', 1)[0] ?? ''
      const route = req.routeOptions?.url
      if (route !== undefined) {
        const secret = req.routeOptions?.config?.secretParams
        if (!secret?.length) return path
        const params = (req.params ?? {}) as Record<string, unknown>
        return route
          .split('/')
          .map((segment) => {
            const name = paramName(segment)
            if (name === undefined) return segment
            return secret.includes(name)
              ? REDACTED_SEGMENT
              : encodeURIComponent(String(params[name]))
          })
          .join('/')
      }
      const normal = `${normalisedPath(path)}/`
      for (const prefix of prefixes)
        if (normal.startsWith(prefix) && normal.length > prefix.length)
          return `${prefix}${REDACTED_SEGMENT}`
      return path
    },
  }
}
