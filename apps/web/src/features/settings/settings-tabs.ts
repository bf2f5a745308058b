/**
 * The settings tabs, in order; `?tab=<id>` selects one. A tab that edits another feature's data
 * comes from that feature's public entry (profile, business, legal, subscription, account); the
 * heavier ones load the first time they open. To add a tab, add one entry here.
 */
import type { ComponentType } from 'react'
import {
  Bell,
  BookOpen,
  BookUser,
  Building2,
  Clapperboard,
  CreditCard,
  FileText,
  History,
  KeyRound,
  Mail,
  ShieldCheck,
  UserCog,
  UserRound,
  Users,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { ADDRESS_BOOK_TAB } from '@myodocs/shared/constants/provider-messages'
import { lazyNamed } from '../../lib/lazy-named'
import { AccountSettings } from '../account'
import { BusinessSettings } from '../business'
import { CustomExercisesSettings } from '../custom-exercises'
import { LegalSettings } from '../legal'
import { AddressBookSettings } from '../providers'
import { ProfileSettings } from '../profile'
import { BillingSettings } from '../subscription'
import { TeamSettings } from '../team'
import { SecuritySettings } from '../two-step'
import { EmailSettingsTab } from './components/email-settings'
import { NotificationSettingsTab } from './components/notification-settings'
import { PdfSettings } from './components/pdf-settings'

export type SettingsTab = {
  id: string
  label: string
  /** A generic settings icon when left out. */
  icon?: LucideIcon
  /** Only the primary user sees it (others do not see the tab at all). */
  primaryOnly?: boolean
  Component: ComponentType
}

export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'profile', label: 'Profile', icon: UserRound, Component: ProfileSettings },
  {
    id: 'business',
    label: 'Business',
    icon: Building2,
    primaryOnly: true,
    Component: BusinessSettings,
  },
  { id: 'team', label: 'Team', icon: Users, primaryOnly: true, Component: TeamSettings },
  { id: 'pdf', label: 'PDF', icon: FileText, Component: PdfSettings },
  {
    id: 'providers',
    label: ADDRESS_BOOK_TAB,
    icon: BookUser,
    Component: AddressBookSettings,
  },
  { id: 'notifications', label: 'Notifications', icon: Bell, Component: NotificationSettingsTab },
  { id: 'email', label: 'Email', icon: Mail, Component: EmailSettingsTab },
  {
    id: 'videos',
    label: 'Exercise videos',
    icon: Clapperboard,
    Component: lazyNamed(
      () => import('./components/exercise-videos-settings'),
      'ExerciseVideosSettings',
    ),
  },
  {
    id: 'practice-exercises',
    label: 'Practice exercises',
    icon: BookOpen,
    Component: CustomExercisesSettings,
  },
  { id: 'security', label: 'Security', icon: KeyRound, Component: SecuritySettings },
  { id: 'legal', label: 'Legal & Compliance', icon: ShieldCheck, Component: LegalSettings },
  { id: 'billing', label: 'Plan & Billing', icon: CreditCard, Component: BillingSettings },
  {
    id: 'activity',
    label: 'Activity',
    icon: History,
    Component: lazyNamed(() => import('../audit'), 'ActivitySettings'),
  },
  { id: 'account', label: 'Account', icon: UserCog, Component: AccountSettings },
]

/** Profile is the default tab. */
export const DEFAULT_SETTINGS_TAB = 'profile'
