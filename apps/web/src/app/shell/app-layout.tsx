/**
 * The signed-in app's shell: it first loads the subscription, the legal
 * statuses and the settings (use-app-startup.ts), then frames every template with the left
 * navigation (a drawer on mobile), the plan summary and Sign Out; it holds the overlays — the
 * legal gate (in place of a blocked template), the subscription limit modal and the persistent
 * notifications. The session timeout overlay sits in RequireAuth, around this.
 */
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { TEMPLATES } from '@myodocs/shared/constants/templates'
import type { TemplateViewer } from '@myodocs/shared/constants/templates'
import { Spinner } from '../../components/ui/spinner'
import { onLegalStatusChanged } from '../../lib/app-events'
import { authStore, useAuth } from '../../features/sessions'
import { useOAuthStatusChecks } from '../../features/oauth'
import { LEGAL_QUERY_KEY } from '../../features/legal'
import { DEFAULT_SETTINGS, settingsQuery } from '../../features/settings'
import { AppLoadError } from './app-load-error'
import { MobileNav } from './mobile-nav'
import { NotificationStack } from '../../components/ui/notification-stack'
import { SettingsFallbackNotice } from './settings-fallback-notice'
import { SidebarContent } from './sidebar-content'
import {
  dismissUsageAlert,
  planNotifications,
  SubscriptionLimitModal,
  usageAlertIdOf,
  usageAlertsQuery,
  usageNoticeId,
} from '../../features/subscription'
import { TemplateOutlet } from './template-outlet'
import { useFocusHeadingOnRouteChange } from '../../lib/route-focus'
import { useAppStartup } from './use-app-startup'
import { notificationStore } from '../../lib/notification-store'
import { paths } from '../../lib/paths'

export default function AppLayout() {
  const { user } = useAuth()
  const { state, subscription, settings, settingsFallback, compliance } = useAppStartup()
  const queryClient = useQueryClient()
  const location = useLocation()
  useFocusHeadingOnRouteChange()
  const segment = location.pathname.split('/')[2]
  const template = TEMPLATES.find((t) => t.id === segment)

  // An acceptance (here or announced by a page that met the gate's 403) refreshes every
  // status view.
  useEffect(
    () =>
      onLegalStatusChanged(() => void queryClient.invalidateQueries({ queryKey: LEGAL_QUERY_KEY })),
    [queryClient],
  )

  useEffect(() => {
    if (user) notificationStore.startSession(user.id)
  }, [user])

  useOAuthStatusChecks(user?.id, authStore.signedInAt)

  // The usage alerts the server raised this month; a dismissal is remembered there, per user.
  const usageAlerts = useQuery({ ...usageAlertsQuery, enabled: Boolean(user) })
  useEffect(
    () =>
      notificationStore.onDismiss((id) => {
        const alertId = usageAlertIdOf(id)
        if (!alertId) return
        dismissUsageAlert(alertId)
          .then(() => queryClient.invalidateQueries({ queryKey: usageAlertsQuery.queryKey }))
          .catch(() => {
            // Dismissed in this tab anyway; the next device still shows it.
          })
      }),
    [queryClient],
  )

  const userIsPrimary = Boolean(user?.isPrimaryUser)
  useEffect(() => {
    if (!subscription.data) return
    const alerts = usageAlerts.data?.alerts ?? []
    const notices = planNotifications({
      subscription: subscription.data,
      usageAlerts: alerts,
      settings: (settings.data ?? DEFAULT_SETTINGS).notifications,
      isPrimaryUser: userIsPrimary,
      billingPath: paths.billingSettings,
    })
    for (const n of notices) notificationStore.notify(n)
    // An alert dismissed elsewhere, or passed by a higher one, leaves this tab too.
    for (const a of alerts) {
      const id = usageNoticeId(a.id)
      if (!notices.some((n) => n.id === id)) notificationStore.withdraw(id)
    }
  }, [subscription.data, usageAlerts.data, settings.data, userIsPrimary])

  if (!user) return null
  if (state === 'error') return <AppLoadError />
  if (state === 'loading') {
    return <Spinner label="Loading your workspace…" className="min-h-screen bg-slate-50" />
  }

  const viewer: TemplateViewer = {
    signedIn: true,
    isPrimaryUser: user.isPrimaryUser,
    businessId: user.businessId,
  }
  const sidebar = (onNavigate?: () => void, showLogo = true) => (
    <SidebarContent
      user={user}
      subscription={subscription.data}
      viewer={viewer}
      gated={!compliance.allAccepted}
      onNavigate={onNavigate}
      showLogo={showLogo}
    />
  )

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-20 hidden w-72 border-r border-slate-200 bg-white lg:block">
        {sidebar()}
      </aside>
      <MobileNav title={template?.name}>{(close) => sidebar(close, false)}</MobileNav>
      <div className="lg:pl-72">
        <main
          id="main"
          tabIndex={-1}
          className="px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          <NotificationStack />
          {settingsFallback && (
            <SettingsFallbackNotice
              retrying={settings.isFetching && settings.isError}
              // A first load that never answered is still in flight, and refetch() would only
              // rejoin it: cancel it, then ask again.
              onRetry={() =>
                void queryClient
                  .cancelQueries({ queryKey: settingsQuery.queryKey })
                  .then(() => settings.refetch())
              }
            />
          )}
          <TemplateOutlet template={template} viewer={viewer} compliance={compliance} />
        </main>
      </div>
      <SubscriptionLimitModal isPrimaryUser={user.isPrimaryUser} />
    </div>
  )
}
