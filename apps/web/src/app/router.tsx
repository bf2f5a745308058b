/**
 * The routes of docs/product/routes.md. Every page is a lazy chunk so the public pages never load the signed-in app.
 * Feature folders own their pages; this file only maps paths to them. Pages that use TanStack
 * Query load through `queryPage`; the marketing pages use `page`, so / loads without it.
 */
import { Outlet, ScrollRestoration } from 'react-router'
import type { RouteObject } from 'react-router'
import { Spinner } from '../components/ui/spinner'
import { NotFound } from './not-found'
import HomePage from '../features/public/routes/home'
import { PublicLayout } from './layouts/public-layout'
import { RouteError } from './route-error'
import { INVITATION_PAGE_PATH } from '@myodocs/shared/constants/http'
import { paths } from '../lib/paths'

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
})

/** A lazy page inside the query client provider, which loads in parallel from its own chunk. */
const queryPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const [{ QueryProvider }, { default: Page }] = await Promise.all([
    import('./query-provider'),
    load(),
  ])
  return {
    Component: () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    ),
  }
}

/** /assessment, /exercises, /settings: session check, then /app/{template} or /login. */
const templateShortcut = (template: string): RouteObject => ({
  path: `/${template}`,
  lazy: queryPage(async () => {
    const { TemplateRedirect } = await import('../features/sessions/routes/template-redirect')
    return { default: () => <TemplateRedirect template={template} /> }
  }),
})

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      // The landing page is in the entry chunk: a lazy chunk would cost a round trip before the
      // first paint of the most visited page (docs/product/limits.md#performance-budgets).
      { path: paths.home, Component: HomePage },
      { path: paths.features, lazy: page(() => import('../features/public/routes/features')) },
      { path: paths.pricing, lazy: page(() => import('../features/public/routes/pricing')) },
      { path: paths.contact, lazy: queryPage(() => import('../features/contact/routes/contact')) },
      { path: paths.terms, lazy: page(() => import('../features/legal/routes/terms-of-service')) },
      { path: paths.privacy, lazy: page(() => import('../features/legal/routes/privacy-policy')) },
      {
        path: paths.hipaaEmail,
        lazy: page(() => import('../features/legal/routes/hipaa-compliant-email')),
      },
      // Accounts
      { path: paths.login, lazy: queryPage(() => import('../features/sessions/routes/login')) },
      {
        path: paths.inviteCode,
        lazy: queryPage(() => import('../features/invite-codes/routes/invite-code')),
      },
      {
        path: paths.selectPlan,
        lazy: queryPage(() => import('../features/registration/routes/select-plan')),
      },
      {
        path: paths.register,
        lazy: queryPage(() => import('../features/registration/routes/register')),
      },
      {
        path: paths.registerConfirm,
        lazy: queryPage(() => import('../features/registration/routes/confirm')),
      },
      {
        path: paths.resetPassword,
        lazy: queryPage(() => import('../features/passwords/routes/reset-password')),
      },
      { path: paths.unlock, lazy: queryPage(() => import('../features/sessions/routes/unlock')) },
      {
        path: INVITATION_PAGE_PATH,
        lazy: queryPage(() => import('../features/team/routes/invite')),
      },
      {
        path: paths.waitlist,
        lazy: queryPage(() => import('../features/waitlist/routes/waitlist')),
      },
      ...['assessment', 'exercises', 'settings'].map(templateShortcut),
      // In the entry chunk already: the error boundary shows it for a 404 response.
      {
        path: paths.oauthSuccess,
        lazy: page(() => import('../features/oauth/routes/oauth-success')),
      },
      { path: '*', Component: NotFound },
    ],
  },
  {
    // The signed-in area: the guard checks the session, the shell frames every template.
    path: paths.app,
    errorElement: <RouteError />,
    lazy: queryPage(() => import('../features/sessions/routes/require-auth')),
    children: [
      // Outside the shell: a member the practice holds back reaches nothing else yet.
      { path: 'two-step', lazy: page(() => import('../features/two-step/routes/enrol')) },
      {
        lazy: page(() => import('./shell/app-layout')),
        children: [
          // /app opens the first available template of the registry (assessment).
          { index: true, lazy: page(() => import('./shell/template-fallback')) },
          {
            path: 'assessment',
            lazy: page(() => import('../features/assessment/routes/assessment')),
          },
          { path: 'exercises', lazy: page(() => import('../features/exercises/routes/exercises')) },
          { path: 'analytics', lazy: page(() => import('../features/analytics/routes/analytics')) },
          { path: 'settings', lazy: page(() => import('../features/settings/routes/settings')) },
          // An unknown template falls back to the first available one.
          { path: '*', lazy: page(() => import('./shell/template-fallback')) },
        ],
      },
    ],
  },
]

/**
 * Every navigation to a new page starts at its top (or its #hash); back and forward return to
 * where the page was left (docs/product/routes.md).
 */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  )
}

/** The whole route tree: the browser's router and the build's prerender (src/prerender.tsx) share it. */
export const appRoutes: RouteObject[] = [{ Component: Root, children: routes }]
