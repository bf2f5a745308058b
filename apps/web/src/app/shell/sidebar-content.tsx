/**
 * What the left navigation holds, on the desktop sidebar and in the mobile drawer alike: the
 * templates, the plan summary, who is signed in, and Sign Out.
 */
import type { User } from '@myodocs/shared/contracts/auth'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import type { TemplateViewer } from '@myodocs/shared/constants/templates'
import { Logo } from '../../components/ui/logo'
import { SignOutButton } from '../../features/sessions'
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
        <SignOutButton className="w-full" />
      </div>
    </div>
  )
}
