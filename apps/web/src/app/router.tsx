/**
 * Routes of SPEC §2. Every page is a lazy chunk so the public pages never load the signed-in app.
 * Feature folders own their pages; this file only maps paths to them.
 */
import { createBrowserRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { Spinner } from '../components/ui/spinner'
import { PublicLayout } from './layouts/public-layout'
import { RouteError } from './route-error'
import { paths } from './paths'

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
})

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: paths.home, lazy: page(() => import('../features/public/routes/home')) },
      { path: '*', lazy: page(() => import('../features/misc/not-found')) },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
