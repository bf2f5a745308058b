/**
 * What keeps a signed-in session honest while the app is open:
 * - the idle logoff: a non-dismissible warning at 4 h − 5 min without activity (Continue Session,
 *   Log Out Now), the logoff 5 minutes later; activity shared between tabs;
 * - the keep-alive: while the user works, GET /auth/me at most once a minute (trailing edge), so
 *   the server's 4 h idle clock follows the user's (docs/decisions/003-sessions.md);
 * - the proactive token check and refresh every 9 hours.
 */
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { Clock } from 'lucide-react'
import {
  ACTIVITY_THROTTLE_MS,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_MS,
  KEEPALIVE_INTERVAL_MS,
  TOKEN_REFRESH_INTERVAL_MS,
} from '@myodocs/shared/constants/timings'
import {
  CONTINUE_SESSION,
  LOG_OUT_NOW,
  SESSION_EXPIRING,
  SESSION_EXPIRING_EXPLANATION,
} from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { LazyDialog } from '../../../components/ui/lazy-dialog'
import { createKeepAlive, useIdleMonitor } from '../../../lib/idle-monitor'
import { refreshSession } from '../api/refresh-session'
import { authStore } from '../auth-store'
import { rememberReturnTo } from '../return-to'

const ACTIVITY_KEY = 'myodocs.lastActivity'

const formatCountdown = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

export function SessionGuard() {
  const location = useLocation()
  const here = useRef('')
  useEffect(() => {
    here.current = location.pathname + location.search + location.hash
  }, [location])
  const [deadline, setDeadline] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [leaving, setLeaving] = useState(false)
  const [keepAlive] = useState(() =>
    createKeepAlive({
      intervalMs: KEEPALIVE_INTERVAL_MS,
      send: () => void authStore.revalidate(),
    }),
  )
  const monitor = useIdleMonitor({
    idleMs: IDLE_TIMEOUT_MS,
    warningMs: IDLE_WARNING_MS,
    throttleMs: ACTIVITY_THROTTLE_MS,
    storageKey: ACTIVITY_KEY,
    onWarning: (at) => {
      setNow(Date.now())
      setDeadline(at)
    },
    onActive: () => setDeadline(null),
    onTimeout: () => {
      setDeadline(null)
      rememberReturnTo(here.current)
      void authStore.signOut('idle')
    },
    onActivity: () => keepAlive.touch(),
  })

  useEffect(() => {
    const refresher = setInterval(() => {
      void refreshSession()
        .then(() => authStore.revalidate())
        .catch(() => undefined)
    }, TOKEN_REFRESH_INTERVAL_MS)
    return () => {
      keepAlive.stop()
      clearInterval(refresher)
    }
  }, [keepAlive])

  // The countdown in the warning.
  useEffect(() => {
    if (deadline === null) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [deadline])

  const continueSession = () => {
    monitor.continueSession()
    setDeadline(null)
    void authStore.revalidate()
  }
  const logOutNow = async () => {
    setLeaving(true)
    // Stopped first: a slow sign-out must not be overtaken by the idle logoff's own.
    monitor.stop()
    await authStore.signOut('user')
  }

  return (
    <LazyDialog
      open={deadline !== null}
      dismissible={false}
      title={
        <span className="flex items-center gap-2">
          <Clock className="size-5 text-amber-600" aria-hidden />
          {SESSION_EXPIRING}
        </span>
      }
      description={SESSION_EXPIRING_EXPLANATION}
      footer={
        <>
          <Button variant="outline" onClick={() => void logOutNow()} pending={leaving}>
            {LOG_OUT_NOW}
          </Button>
          <Button onClick={continueSession} disabled={leaving} autoFocus>
            {CONTINUE_SESSION}
          </Button>
        </>
      }
    >
      {deadline !== null && (
        <p className="text-sm text-slate-700">
          You will be signed out in{' '}
          <span className="font-mono font-semibold text-slate-900" data-testid="idle-countdown">
            {formatCountdown(deadline - now)}
          </span>
          .
        </p>
      )}
    </LazyDialog>
  )
}
