/** The error boundary for every route: a failed lazy chunk, a render error, a thrown response. */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { AlertTriangle } from 'lucide-react'
import {
  PAGE_COULD_NOT_BE_SHOWN,
  RELOAD_PAGE,
  SOMETHING_WENT_WRONG,
} from '@myodocs/shared/constants/messages'
import { BACK_TO_HOME } from '@myodocs/shared/constants/public-site'
import { buttonClasses } from '../components/ui/button-classes'
import { NotFound } from './not-found'
import { paths } from '../lib/paths'

export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <AlertTriangle className="size-10 text-amber-500" aria-hidden />
      <h1 className="text-2xl font-semibold">{SOMETHING_WENT_WRONG}</h1>
      <p className="max-w-md text-slate-600">{PAGE_COULD_NOT_BE_SHOWN}</p>
      <div className="flex gap-2">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          {RELOAD_PAGE}
        </button>
        <Link to={paths.home} className={buttonClasses('outline')}>
          {BACK_TO_HOME}
        </Link>
      </div>
    </div>
  )
}
