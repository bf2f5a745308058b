/**
 * /assessment, /exercises, /settings: check the session, then go to /app/{template}
 * (keeping the query string, e.g. /settings?tab=legal), or to /login remembering that target.
 */
import { useEffect } from 'react'
import { Navigate, useLocation } from 'react-router'
import { CHECKING_SESSION } from '@myodocs/shared/constants/messages'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../lib/paths'
import { authStore, useAuth } from '../auth-store'
import { rememberReturnTo } from '../return-to'
import { AuthErrorScreen } from '../components/auth-error-screen'

export function TemplateRedirect({ template }: { template: string }) {
  const auth = useAuth()
  const { search, hash } = useLocation()
  const target = `${paths.appTemplate(template)}${search}${hash}`

  useEffect(() => {
    void authStore.ensureSession()
  }, [])

  if (auth.status === 'authenticated') return <Navigate to={target} replace />
  if (auth.status === 'unauthenticated') {
    if (auth.error) return <AuthErrorScreen message={auth.error} />
    rememberReturnTo(target)
    return <Navigate to={paths.login} replace state={{ from: target }} />
  }
  return <Spinner label={CHECKING_SESSION} className="min-h-[50vh]" />
}
