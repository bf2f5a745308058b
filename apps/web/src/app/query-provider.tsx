/**
 * The one query client, provided around the pages that call the API through TanStack Query
 * (router.tsx `queryPage`). A chunk of its own so that the marketing pages (home, features,
 * pricing, legal) load without TanStack Query (docs/product/limits.md#performance-budgets).
 */
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from '../lib/query-client'

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
