import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { createRouter } from './app/router'
// Inter ships with the app (no font CDN: nothing may download from elsewhere at run time).
import '@fontsource-variable/inter/wght.css'
import './index.css'

// The toaster (sonner) is not needed to paint a page, so it loads beside the first page rather
// than in the entry chunk; sonner replays toasts raised before it mounted.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })))

const router = createRouter()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  </StrictMode>,
)
