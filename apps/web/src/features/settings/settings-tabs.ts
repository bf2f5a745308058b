/**
 * The settings tabs, in order (SPEC §2: profile (default), business, pdf, notifications, email,
 * and legal; issue #5 adds billing and the account area). `?tab=<id>` selects one. To add a tab,
 * add one entry here; `lazyTab` loads its component the first time the tab opens. The exercise
 * demo videos (issue #7) are the practice's, like the PDF preferences.
 */
import { lazy } from 'react'
import type { ComponentType } from 'react'
import {
  Bell,
  Building2,
  Clapperboard,
  CreditCard,
  FileText,
  Mail,
  ShieldCheck,
  UserCog,
  UserRound,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { BusinessSettings } from './components/business-settings'
import { EmailSettingsTab } from './components/email-settings'
import { LegalSettings } from './components/legal-settings'
import { NotificationSettingsTab } from './components/notification-settings'
import { PdfSettings } from './components/pdf-settings'
import { ProfileSettings } from './components/profile-settings'

export type SettingsTab = {
  id: string
  label: string
  /** A generic settings icon when left out. */
  icon?: LucideIcon
  /** SPEC §6: only the primary user sees it (others do not see the tab at all). */
  primaryOnly?: boolean
  Component: ComponentType
}

/** A tab whose component loads on first open: `lazyTab(() => import('./components/x'), 'X')`. */
const lazyTab = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }))

export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'profile', label: 'Profile', icon: UserRound, Component: ProfileSettings },
  {
    id: 'business',
    label: 'Business',
    icon: Building2,
    primaryOnly: true,
    Component: BusinessSettings,
  },
  { id: 'pdf', label: 'PDF', icon: FileText, Component: PdfSettings },
  { id: 'notifications', label: 'Notifications', icon: Bell, Component: NotificationSettingsTab },
  { id: 'email', label: 'Email', icon: Mail, Component: EmailSettingsTab },
  {
    id: 'videos',
    label: 'Exercise videos',
    icon: Clapperboard,
    Component: lazyTab(
      () => import('./components/exercise-videos-settings'),
      'ExerciseVideosSettings',
    ),
  },
  { id: 'legal', label: 'Legal & Compliance', icon: ShieldCheck, Component: LegalSettings },
  {
    id: 'billing',
    label: 'Plan & Billing',
    icon: CreditCard,
    Component: lazyTab(() => import('./components/billing-settings'), 'BillingSettings'),
  },
  {
    id: 'account',
    label: 'Account',
    icon: UserCog,
    Component: lazyTab(() => import('./components/account-settings'), 'AccountSettings'),
  },
]

/** SPEC §2: profile is the default tab. */
export const DEFAULT_SETTINGS_TAB = 'profile'
