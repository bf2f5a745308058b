/**
 * What the left navigation holds, on the desktop sidebar and in the mobile drawer alike: the
 * templates, the plan summary, who is signed in, and Sign Out.
 */
import { useState } from 'react'
import { LogOut } from 'lucide-react'
import type { User } from '@myodocs/shared/contracts/auth'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import type { TemplateViewer } from '@myodocs/shared/constants/templates'
import { SIGN_OUT } from '@myodocs/shared/constants/messages'
import { Button } from '../../components/ui/button'
import { Logo } from '../../components/ui/logo'
import { authStore } from '../../features/sessions'
import { notificationStore } from '../../lib/notification-store'
import { PlanSummary } from '../../features/subscription'
import { TemplateNav } from './template-nav'

const initials = (u: User) =>
  `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase() || u.email.charAt(0).toUpperCase()

export function SidebarContent({
  user,
  subscription,
  viewer,
  gated,
  onNavigate,
  showLogo = true,
}: {
  user: User
  subscription: Subscription | undefined
  viewer: TemplateViewer
  gated: boolean
  onNavigate?: () => void
  showLogo?: boolean
}) {
  const [leaving, setLeaving] = useState(false)
  const signOut = async () => {
    setLeaving(true)
    await authStore.signOut('user')
    notificationStore.clear()
  }
  return (
    <div className="flex h-full flex-col">
      {showLogo && (
        <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-5">
          <Logo />
        </div>
      )}
      <div className="flex-1 overflow-y-auto px-3 py-5">
        <TemplateNav viewer={viewer} gated={gated} onNavigate={onNavigate} />
      </div>
      <div className="space-y-3 border-t border-slate-200 p-3">
        <PlanSummary user={user} subscription={subscription} onNavigate={onNavigate} />
        <div className="flex items-center gap-3 px-1">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
            aria-hidden
          >
            {initials(user)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">
              {user.firstName} {user.lastName}
              {user.therapistTitle ? `, ${user.therapistTitle}` : ''}
            </p>
            <p className="truncate text-xs text-slate-500" title={user.email}>
              {user.email}
            </p>
            <p className="truncate text-xs text-slate-500" title={user.businessName}>
              {user.businessName}
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          pending={leaving}
          onClick={() => void signOut()}
        >
          {!leaving && <LogOut className="size-4" aria-hidden />}
          {SIGN_OUT}
        </Button>
      </div>
    </div>
  )
}
