/**
 * The three plans side by side for the plan page: monthly or
 * annual prices, PDF and team limits, features, and the current plan marked. While the plan ends
 * at the period's end, a change that would only start then (a smaller plan, monthly billing) is
 * not offered: there is no next period for it; Reactivate plan comes first.
 */
import { Check } from 'lucide-react'
import { annualMonthlyEquivalent, PLAN_LIST } from '@myodocs/shared/constants/plans'
import { REACTIVATE_TO_SWITCH } from '@myodocs/shared/constants/plan-messages'
import { planChangeTakesEffectNow } from '@myodocs/shared/domain/subscription'
import type { BillingFrequency, Plan, PlanType } from '@myodocs/shared/constants/plans'
import { MOST_POPULAR } from '@myodocs/shared/constants/public-site'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'

export const planLimits = (plan: Plan) => [
  plan.pdfLimit === null
    ? 'Unlimited PDFs'
    : `${plan.pdfLimit} PDFs per month${plan.planType === 'professional' ? ' per user' : ''}`,
  plan.teamMemberLimit === 1 ? '1 therapist' : `Up to ${plan.teamMemberLimit} team members`,
]

export function PlanOptions({
  billing,
  current,
  onChoose,
  subscribing = false,
  ending = false,
}: {
  billing: BillingFrequency
  /** The plan and billing in force (null when it has ended: every plan can be chosen). */
  current: { planType: PlanType; billingFrequency: BillingFrequency } | null
  /** Absent for members: the plans are shown without buttons. */
  onChoose?: (planType: PlanType) => void
  /** No paid subscription yet (Stripe): every plan, the current one too, is bought through Checkout. */
  subscribing?: boolean
  /** The paid plan ends at the period's end (cancelled, not yet reactivated). */
  ending?: boolean
}) {
  return (
    <ul className="space-y-3" aria-label="Plans">
      {PLAN_LIST.map((plan) => {
        const isCurrentPlan = current?.planType === plan.planType
        const isCurrent = !subscribing && isCurrentPlan && current?.billingFrequency === billing
        const price = billing === 'annually' ? annualMonthlyEquivalent(plan) : plan.monthlyPrice
        const waitsForReactivation =
          ending &&
          !isCurrent &&
          current !== null &&
          !planChangeTakesEffectNow(current, { planType: plan.planType, billingFrequency: billing })
        return (
          <li
            key={plan.planType}
            className={cn(
              'flex flex-col gap-4 rounded-xl border bg-white p-4 sm:p-5 md:flex-row md:items-center',
              isCurrentPlan ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
            )}
            aria-label={`${plan.name} plan`}
          >
            <div className="flex items-baseline justify-between gap-4 md:w-44 md:shrink-0 md:flex-col md:items-start md:gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
                {isCurrentPlan ? (
                  <Badge tone="brand">Current plan</Badge>
                ) : plan.recommended ? (
                  <Badge tone="neutral">{MOST_POPULAR}</Badge>
                ) : null}
              </div>
              <p className="text-right md:text-left">
                <span className="text-2xl font-bold tracking-tight text-slate-900">${price}</span>
                <span className="text-sm text-slate-500">/month</span>
                <span className="block text-xs text-slate-500">
                  {billing === 'annually' ? `$${plan.yearlyPrice} billed yearly` : 'Billed monthly'}
                </span>
              </p>
            </div>
            <ul className="grid flex-1 gap-y-1.5 text-sm text-slate-700">
              {[...planLimits(plan), ...plan.features.slice(2, 4)].map((f) => (
                <li key={f} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                  <span>{f}</span>
                </li>
              ))}
            </ul>
            {onChoose && waitsForReactivation && (
              <p className="text-sm text-slate-600 md:w-44 md:shrink-0 md:text-right">
                {REACTIVATE_TO_SWITCH}
              </p>
            )}
            {onChoose && !waitsForReactivation && (
              <Button
                className="whitespace-nowrap md:min-w-44 md:shrink-0"
                variant={
                  isCurrent ? 'outline' : isCurrentPlan && !subscribing ? 'secondary' : 'primary'
                }
                disabled={isCurrent}
                onClick={() => onChoose(plan.planType)}
              >
                {subscribing
                  ? `Subscribe to ${plan.name}`
                  : isCurrent
                    ? 'Your current plan'
                    : isCurrentPlan
                      ? `Switch to ${billing === 'annually' ? 'annual' : 'monthly'} billing`
                      : `Switch to ${plan.name}`}
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
