/** How a plan's status reads in the app (sidebar, plan page): a short label and its colour. */
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import type { BadgeTone } from '../../components/ui/badge'
import { formatDate } from '../../lib/format-date'

export function planStatus(s: Pick<Subscription, 'status' | 'daysRemaining' | 'accessEndsAt'>): {
  label: string
  detail: string | null
  tone: BadgeTone
} {
  switch (s.status) {
    case 'trial':
      return {
        label: 'Free trial',
        detail:
          s.daysRemaining === 1
            ? '1 day left in your trial'
            : `${s.daysRemaining} days left in your trial`,
        tone: s.daysRemaining <= 7 ? 'warning' : 'brand',
      }
    case 'active':
      return { label: 'Active', detail: null, tone: 'success' }
    case 'past_due':
      return { label: 'Payment due', detail: 'Update your card to keep your plan', tone: 'warning' }
    case 'cancelled':
      return {
        label: 'Cancelled',
        detail: s.accessEndsAt ? `Access until ${formatDate(s.accessEndsAt)}` : null,
        tone: 'warning',
      }
    case 'expired':
      return { label: 'Expired', detail: 'Choose a plan to continue', tone: 'danger' }
  }
}

export { formatCents } from '@myodocs/shared/domain/money'
