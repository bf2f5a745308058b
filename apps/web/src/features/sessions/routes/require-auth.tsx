/**
 * The guard of the signed-in area: checks the session, shows the
 * authentication error screen when it cannot, and sends signed-out visitors to /login
 * remembering where they were going (with its query string).
 */
import { useEffect } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import { CHECKING_SESSION } from '@myodocs/shared/constants/messages'
import { Spinner } from '../../../components/ui/spinner'
import { TWO_STEP_REQUIRED_EVENT } from '../../../lib/api-client'
import { paths } from '../../../lib/paths'
import { authStore, useAuth } from '../auth-store'
import { rememberReturnTo } from '../return-to'
import { AuthErrorScreen } from '../components/auth-error-screen'
import { SessionGuard } from '../components/session-guard'

function RequireAuth() {
  const auth = useAuth()
  const location = useLocation()
  const here = location.pathname + location.search + location.hash

  useEffect(() => {
    void authStore.ensureSession()
  }, [location.pathname])

  // A call refused until a second step is enrolled: to the enrolment page.
  const navigate = useNavigate()
  useEffect(() => {
    const toEnrol = () => void navigate(paths.twoStepSetup, { replace: true })
    window.addEventListener(TWO_STEP_REQUIRED_EVENT, toEnrol)
    return () => window.removeEventListener(TWO_STEP_REQUIRED_EVENT, toEnrol)
  }, [navigate])

  if (auth.status === 'authenticated') {
    return (
      <>
        <SessionGuard />
        <Outlet />
      </>
    )
  }
  if (auth.status === 'unauthenticated') {
    if (auth.error) return <AuthErrorScreen message={auth.error} />
    // Sign Out means leaving: the next sign-in (perhaps someone else's) starts at /app.
    if (auth.endedBy === 'signed-out') return <Navigate to={paths.login} replace />
    rememberReturnTo(here)
    return <Navigate to={paths.login} replace state={{ from: here }} />
  }
  return <Spinner label={CHECKING_SESSION} className="min-h-screen" />
}

export default RequireAuth
