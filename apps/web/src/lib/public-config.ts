/**
 * GET /api/config: the support address and version, fetched once per page load. A plain fetch
 * behind useSyncExternalStore rather than TanStack Query, because the public layout's footer needs
 * it on every page and the marketing pages load without TanStack Query or the API client
 * (docs/product/limits.md#performance-budgets); for the same reason its path is written here, not
 * read from the API table, whose schemas would bring zod into that chunk.
 */
import { useSyncExternalStore } from 'react'
import type { PublicConfig } from '@myodocs/shared/contracts/health'

let config: PublicConfig | undefined
let loading: Promise<void> | undefined
const listeners = new Set<() => void>()

function load() {
  loading ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      const body = (await res.json()) as { success?: boolean; data?: PublicConfig }
      if (!res.ok || !body.success || !body.data) throw new Error(`GET /api/config ${res.status}`)
      config = body.data
      listeners.forEach((notify) => notify())
    })
    .catch(() => {
      loading = undefined
    })
  return loading
}

// The first subscriber starts the load; a failed one is retried by the next subscriber.
const subscribe = (notify: () => void) => {
  listeners.add(notify)
  if (!config) void load()
  return () => listeners.delete(notify)
}

/**
 * `{ data }` like a query: undefined until the configuration has loaded, and in a page's
 * prerendered HTML (src/prerender.tsx), which hydration must match.
 */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  return {
    data: useSyncExternalStore(
      subscribe,
      () => config,
      () => undefined,
    ),
  }
}
