import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { appRoutes } from './app/router'
import { toastsRaised } from './components/ui/toast'
// Inter ships with the app (no font CDN: nothing may download from elsewhere at run time).
import '@fontsource-variable/inter/wght.css'
import './index.css'

// The toaster (sonner) is not needed to paint a page: it loads with the first toast (toast.ts),
// not with the page; sonner replays toasts raised before it mounted. It has a root of its own,
// outside the page's, so the page's prerendered HTML (src/prerender.tsx) is all React hydrates.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })))

function ToasterOnFirstToast() {
  const raised = useSyncExternalStore(toastsRaised.subscribe, toastsRaised.get)
  return raised ? <Toaster /> : null
}

/**
 * Loads the lazy route modules the current URL matches, so the router starts initialized and its
 * first render is the page itself rather than the loading fallback the prerendered HTML lacks.
 */
async function loadMatchedRoutes() {
  const matches = matchRoutes(appRoutes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}

async function start() {
  const container = document.getElementById('root')!
  // A public page the build prerendered arrives with its HTML (docs/decisions/025-prerendered-public-pages.md).
  const prerendered = container.hasChildNodes()
  if (prerendered) await loadMatchedRoutes()
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(appRoutes)} />
    </StrictMode>
  )
  if (prerendered) hydrateRoot(container, app)
  else createRoot(container).render(app)

  const toasts = document.body.appendChild(document.createElement('div'))
  createRoot(toasts).render(
    <StrictMode>
      <Suspense fallback={null}>
        <ToasterOnFirstToast />
      </Suspense>
    </StrictMode>,
  )
}

void start()
