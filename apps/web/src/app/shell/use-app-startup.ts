/**
 * What /app loads before it opens: the subscription, the three
 * legal statuses and all settings, in parallel. A subscription or settings failure is tolerated
 * (the shell works from the user's own summary and the settings defaults); a compliance failure blocks
 * the app (Failed to Load Application): it must not open without knowing the BAA is signed.
 */
import { useQuery } from '@tanstack/react-query'
import { settingsQuery } from '../../features/settings'
import { subscriptionQuery } from '../../features/subscription'
import { useCompliance } from '../../features/legal'

export function useAppStartup() {
  const subscription = useQuery(subscriptionQuery)
  const settings = useQuery(settingsQuery)
  const compliance = useCompliance()
  const state: 'loading' | 'error' | 'ready' =
    compliance.state === 'error'
      ? 'error'
      : compliance.state === 'pending' || subscription.isPending || settings.isPending
        ? 'loading'
        : 'ready'
  return { state, subscription, settings, compliance }
}
