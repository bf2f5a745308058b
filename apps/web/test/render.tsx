/** Renders a screen as the app does: a fresh query client, a router at `route`, the toaster. */
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import type { InitialEntry } from 'react-router'
import { Toaster } from '../src/components/ui/toaster'

/** `route`: a path, or a location with the navigation state a page reads (`{ pathname, state }`). */
export function renderScreen(ui: ReactNode, { route = '/' }: { route?: InitialEntry } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { user, queryClient, ...view }
}
