/**
 * What /app loads before it opens: the subscription, the three
 * legal statuses and all settings, in parallel. A subscription or settings failure is tolerated
 * (the shell works from the user's own summary and the settings defaults), and so is a slow one:
 * after `STARTUP_TOLERATED_WAIT_MS` the app opens without them. A compliance failure blocks the
 * app (Failed to Load Application): it must not open without knowing the BAA is signed.
 */
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { STARTUP_TOLERATED_WAIT_MS } from '@myodocs/shared/constants/timings'
import { settingsQuery } from '../../features/settings'
import { subscriptionQuery } from '../../features/subscription'
import { useCompliance } from '../../features/legal'

export function useAppStartup() {
  const subscription = useQuery(subscriptionQuery)
  const settings = useQuery(settingsQuery)
  const compliance = useCompliance()
  const [waitedLongEnough, setWaitedLongEnough] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), STARTUP_TOLERATED_WAIT_MS)
    return () => clearTimeout(timer)
  }, [])
  const toleratedPending = (subscription.isPending || settings.isPending) && !waitedLongEnough
  const state: 'loading' | 'error' | 'ready' =
    compliance.state === 'error'
      ? 'error'
      : compliance.state === 'pending' || toleratedPending
        ? 'loading'
        : 'ready'
  /** The app runs on the settings defaults: the call failed, or is still out after the wait. */
  const settingsFallback = settings.isError || (settings.isPending && waitedLongEnough)
  return { state, subscription, settings, settingsFallback, compliance }
}
