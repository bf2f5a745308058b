/**
 * The user's plan at a glance, in the sidebar: plan and status, trial days left, this month's PDFs
 * against the limit (Unlimited on premium). Falls back to the user's own summary when
 * GET /subscription failed (a subscription failure is tolerated).
 */
import { Link } from 'react-router'
import { ArrowUpRight } from 'lucide-react'
import type { User } from '@myodocs/shared/contracts/auth'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { PLANS } from '@myodocs/shared/constants/plans'
import { formatPdfLimit, usagePercentage } from '@myodocs/shared/domain/subscription'
import { PDFS_THIS_MONTH, PDFS_USED_THIS_MONTH } from '@myodocs/shared/constants/field-labels'
import { Badge } from '../../../components/ui/badge'
import { Progress } from '../../../components/ui/progress'
import { planStatus } from '../plan-status'
import { paths } from '../../../lib/paths'

export function PlanSummary({
  user,
  subscription,
  onNavigate,
}: {
  user: User
  subscription: Subscription | undefined
  onNavigate?: () => void
}) {
  const planType = subscription?.planType ?? user.businessSubscription?.planType
  const used = subscription?.monthlyPdfGenerated ?? user.subscription.monthlyPdfGenerated
  const limit = subscription?.monthlyPdfLimit ?? user.subscription.monthlyPdfLimit
  const percent = subscription?.usagePercentage ?? usagePercentage(used, limit)
  const status = subscription ? planStatus(subscription) : null
  const unlimited = formatPdfLimit(limit) === 'Unlimited'
  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50 p-3"
      data-testid="account-summary"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {planType ? `${PLANS[planType].name} plan` : 'Your plan'}
        </p>
        {status && <Badge tone={status.tone}>{status.label}</Badge>}
      </div>
      {status?.detail && <p className="mt-0.5 text-xs text-slate-600">{status.detail}</p>}
      <div className="mt-3">
        <div className="flex items-baseline justify-between text-xs text-slate-600">
          <span>{PDFS_THIS_MONTH}</span>
          <span className="font-medium text-slate-900 tabular-nums">
            {unlimited ? `${used} · Unlimited` : `${used} / ${limit}`}
          </span>
        </div>
        {!unlimited && (
          <Progress
            value={percent}
            label={PDFS_USED_THIS_MONTH}
            tone={percent >= 100 ? 'danger' : percent >= 80 ? 'warning' : 'brand'}
            className="mt-1.5 h-1.5"
          />
        )}
      </div>
      {user.isPrimaryUser && (
        <Link
          to={paths.billingSettings}
          onClick={onNavigate}
          className="mt-3 inline-flex min-h-6 items-center gap-1 text-xs font-semibold text-brand-700 hover:underline"
        >
          Manage plan
          <ArrowUpRight className="size-3.5" aria-hidden />
        </Link>
      )}
    </div>
  )
}
