/**
 * Confirms a plan change (immediate, prorated): shows what is owed now from
 * GET /subscription/change-plan/quote, then POST /subscription/change-plan. When this month's PDFs
 * (GET /analytics/usage) already reach the new plan's limit, it says so, and when PDFs resume,
 * before the change is confirmed.
 */
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { PLANS, pdfAllowanceScope } from '@myodocs/shared/constants/plans'
import type { Plan } from '@myodocs/shared/constants/plans'
import type { AnalyticsUsage } from '@myodocs/shared/contracts/analytics'
import type { ChangePlanRequest, Subscription } from '@myodocs/shared/contracts/subscription'
import { formatPdfLimit, nextUsageReset, usagePeriod } from '@myodocs/shared/domain/subscription'
import {
  CHANGE_PLAN_ANYWAY,
  downgradeOverLimitMessage,
  downgradeOverLimitTitle,
  planChanged,
} from '@myodocs/shared/constants/plan-messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { useChangePlan } from '../api/change-plan'
import { usePlanChangeQuote } from '../api/get-plan-change-quote'
import { formatCents } from '../plan-status'
import { planLimits } from './plan-options'
import { usageQuery } from '../../analytics'
import { useAuth } from '../../sessions'

/**
 * This month's PDFs that the new plan's limit would count: the business's on Essential and
 * Premium, the caller's own on Professional. Null until the figures are known.
 */
function pdfsCountedBy(plan: Plan, usage: AnalyticsUsage | undefined, userId: string | undefined) {
  if (!usage) return null
  if (pdfAllowanceScope(plan.planType) === 'user') {
    return usage.pdfsByMember.find((m) => m.userId === userId)?.count ?? 0
  }
  return usage.pdfsByMonth.at(-1)?.count ?? 0
}

/** A UTC day as "December 1, 2026" (the allowance resets at midnight UTC). */
const formatUtcDay = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })

export function PlanChangeDialog({
  target,
  subscription,
  onClose,
}: {
  target: ChangePlanRequest | null
  subscription: Subscription | undefined
  onClose: () => void
}) {
  const quote = usePlanChangeQuote(target)
  const change = useChangePlan()
  const { user } = useAuth()
  const now = new Date()
  const usage = useQuery({
    ...usageQuery({ from: `${usagePeriod(now)}-01`, to: now.toISOString().slice(0, 10) }),
    enabled: target !== null,
  })
  if (!target) return null
  const plan = PLANS[target.planType]
  const billing = target.billingFrequency === 'annually' ? 'billed annually' : 'billed monthly'
  // Without the figures (the call failed), the plan's own count is the best known.
  const generated = usage.isError
    ? (subscription?.monthlyPdfGenerated ?? 0)
    : pdfsCountedBy(plan, usage.data, user?.id)
  const resumeDate = formatUtcDay(nextUsageReset(now))
  const overLimit = plan.pdfLimit !== null && generated !== null && generated >= plan.pdfLimit
  const confirm = () =>
    change.mutate(target, {
      onSuccess: ({ proratedAmountCents }) => {
        onClose()
        toast.success(
          planChanged(plan.name, proratedAmountCents > 0 ? formatCents(proratedAmountCents) : null),
        )
      },
    })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !change.isPending && onClose()}
      title={`Change to ${plan.name}, ${billing}?`}
      description="The change takes effect immediately."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={change.isPending}>
            Go back
          </Button>
          <Button
            onClick={confirm}
            pending={change.isPending}
            // The warning below must be read before confirming: wait for the month's figures.
            disabled={!quote.isSuccess || usage.isPending}
          >
            {overLimit ? CHANGE_PLAN_ANYWAY : 'Change plan'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        <FormError
          message={change.error?.message ?? (quote.isError ? quote.error.message : null)}
        />
        {quote.isPending ? (
          <Spinner label="Working out the prorated amount…" className="p-4" />
        ) : quote.isSuccess ? (
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            <div className="flex items-baseline justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">Due now (prorated)</dt>
              <dd
                className="text-lg font-semibold text-slate-900 tabular-nums"
                data-testid="prorated-amount"
              >
                {formatCents(quote.data.proratedAmountCents)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">New limits</dt>
              <dd className="text-right text-slate-900">{planLimits(plan).join(' · ')}</dd>
            </div>
          </dl>
        ) : null}
        {quote.isSuccess && (
          <p className="text-slate-600">
            {quote.data.status === 'trial'
              ? 'Nothing is due during your free trial: the new plan applies now and billing starts when the trial ends.'
              : quote.data.proratedAmountCents > 0
                ? 'This is the price difference for the rest of your current billing period. Online payment is coming soon: the amount is recorded on your account.'
                : 'Nothing is due now; the new price applies from your next billing period.'}
          </p>
        )}
        {overLimit && (
          <Alert tone="warning" role="alert" title={downgradeOverLimitTitle(plan.name)}>
            {downgradeOverLimitMessage(
              generated,
              plan.name,
              formatPdfLimit(plan.pdfLimit ?? 0),
              resumeDate,
            )}
          </Alert>
        )}
      </div>
    </Dialog>
  )
}
