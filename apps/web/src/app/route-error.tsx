/** The error boundary for every route: a failed lazy chunk, a render error, a thrown response. */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { AlertTriangle } from 'lucide-react'
import { buttonClasses } from '../components/ui/button-classes'
import { NotFound } from './not-found'
import { paths } from '../lib/paths'

export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <AlertTriangle className="size-10 text-amber-500" aria-hidden />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-slate-600">
        The page could not be shown. Reloading usually fixes it; if it keeps happening, contact
        support.
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Reload Page
        </button>
        <Link to={paths.home} className={buttonClasses('outline')}>
          Back to Home
        </Link>
      </div>
    </div>
  )
}
