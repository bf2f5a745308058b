/**
 * Confirms a plan change from GET /subscription/change-plan/quote before anything happens. With
 * Stripe the quote says how: no subscription yet → Checkout (the browser goes to Stripe's page);
 * an upgrade → now, with Stripe's preview of the amount due; a downgrade → at the period's end, or
 * refused (409) with what to change while the team does not fit, listed by name. Without Stripe
 * (development) the recorded change and its amount. When this month's PDFs (GET /analytics/usage)
 * already reach the new plan's limit, it says so, and when PDFs resume.
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { PLANS, pdfAllowanceScope } from '@myodocs/shared/constants/plans'
import type { Plan } from '@myodocs/shared/constants/plans'
import type { AnalyticsUsage } from '@myodocs/shared/contracts/analytics'
import type { ChangePlanRequest, Subscription } from '@myodocs/shared/contracts/subscription'
import type { Billing } from '@myodocs/shared/contracts/billing'
import { teamCalls } from '@myodocs/shared/api/team'
import { formatPdfLimit, nextUsageReset, usagePeriod } from '@myodocs/shared/domain/subscription'
import {
  CHANGE_PLAN_ANYWAY,
  CHARGED_AT_CHECKOUT,
  downgradeAtPeriodEnd,
  DOWNGRADE_REFUSED_TITLE,
  downgradeOverLimitMessage,
  downgradeOverLimitTitle,
  downgradeScheduled,
  planChanged,
  planUpgradeCharged,
  SEATS_IN_USE,
  subscribeTo,
  trialCarriesOver,
  UPGRADE_CHARGED_NOW,
  UPGRADE_IN_TRIAL,
} from '@myodocs/shared/constants/plan-messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, api } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format-date'
import { paths } from '../../../lib/paths'
import { useChangePlan } from '../api/change-plan'
import { useCheckout } from '../api/billing'
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

/** The refusal's `changes` (what to free first), when the server gave them. */
function refusalChanges(err: unknown): string[] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null
  const changes = (err.body as { changes?: unknown } | undefined)?.changes
  return Array.isArray(changes) ? changes.filter((c): c is string => typeof c === 'string') : null
}

/** Who holds a seat now: the members (not the account holder) and the pending invitations. */
function SeatsInUse({ enabled }: { enabled: boolean }) {
  // The Team tab's query (same key): read here without importing the team feature.
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => api.call(teamCalls.get),
    enabled,
  })
  if (!team.data) return null
  const members = team.data.members.filter((m) => m.isActive && !m.isPrimaryUser)
  const invited = team.data.invitations.filter((i) => !i.expired)
  if (members.length + invited.length === 0) return null
  return (
    <div>
      <p className="font-medium text-slate-900">{SEATS_IN_USE}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700" data-testid="seats-in-use">
        {members.map((m) => (
          <li key={m.id}>
            {m.firstName} {m.lastName} (member)
          </li>
        ))}
        {invited.map((i) => (
          <li key={i.id}>{i.email} (invitation pending)</li>
        ))}
      </ul>
    </div>
  )
}

export function PlanChangeDialog({
  target,
  subscription,
  billing,
  onClose,
}: {
  target: ChangePlanRequest | null
  subscription: Subscription | undefined
  /** The account holder's billing (GET /api/billing), when loaded. */
  billing?: Billing
  onClose: () => void
}) {
  const quote = usePlanChangeQuote(target)
  const change = useChangePlan()
  const checkout = useCheckout()
  const { user } = useAuth()
  const now = new Date()
  const usage = useQuery({
    ...usageQuery({ from: `${usagePeriod(now)}-01`, to: now.toISOString().slice(0, 10) }),
    enabled: target !== null,
  })
  const refused = refusalChanges(quote.error ?? change.error)
  if (!target) return null
  const plan = PLANS[target.planType]
  const billingText = target.billingFrequency === 'annually' ? 'billed annually' : 'billed monthly'
  const price =
    target.billingFrequency === 'annually'
      ? `$${plan.yearlyPrice.toLocaleString('en-US')} per year`
      : `$${plan.monthlyPrice} per month`
  const how = quote.data?.takesEffect ?? 'now'
  const viaCheckout = how === 'checkout'
  const atPeriodEnd = how === 'period_end'
  const effectiveAt = quote.data?.effectiveAt ? formatDate(quote.data.effectiveAt) : null
  // Without the figures (the call failed), the plan's own count is the best known.
  const generated = usage.isError
    ? (subscription?.monthlyPdfGenerated ?? 0)
    : pdfsCountedBy(plan, usage.data, user?.id)
  const resumeDate = formatUtcDay(nextUsageReset(now))
  const overLimit =
    !viaCheckout && plan.pdfLimit !== null && generated !== null && generated >= plan.pdfLimit
  const trialEnd =
    subscription?.status === 'trial' && subscription.trialEnd && subscription.daysRemaining > 2
      ? formatDate(subscription.trialEnd)
      : null
  const confirm = () => {
    if (viaCheckout) {
      checkout.mutate(target)
      return
    }
    change.mutate(target, {
      onSuccess: ({ proratedAmountCents }) => {
        onClose()
        toast.success(
          atPeriodEnd && effectiveAt
            ? downgradeScheduled(plan.name, effectiveAt)
            : (billing?.paymentsConfigured ? planUpgradeCharged : planChanged)(
                plan.name,
                proratedAmountCents > 0 ? formatCents(proratedAmountCents) : null,
              ),
        )
      },
    })
  }
  const pending = change.isPending || checkout.isPending
  const error = checkout.error ?? change.error ?? quote.error
  const current = subscription ? PLANS[subscription.planType].name : ''
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={
        viaCheckout
          ? subscribeTo(plan.name, billingText)
          : `Change to ${plan.name}, ${billingText}?`
      }
      description={
        viaCheckout
          ? trialEnd
            ? trialCarriesOver(trialEnd)
            : CHARGED_AT_CHECKOUT
          : atPeriodEnd && effectiveAt
            ? `The change takes effect on ${effectiveAt}, at the end of the period you paid for.`
            : 'The change takes effect immediately.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Go back
          </Button>
          {!refused && (
            <Button
              onClick={confirm}
              pending={pending}
              // The warning below must be read before confirming: wait for the month's figures.
              disabled={!quote.isSuccess || usage.isPending}
            >
              {viaCheckout
                ? 'Continue to payment'
                : overLimit
                  ? CHANGE_PLAN_ANYWAY
                  : atPeriodEnd
                    ? 'Change at period end'
                    : 'Change plan'}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4 text-sm">
        {refused ? (
          <Alert tone="warning" role="alert" title={DOWNGRADE_REFUSED_TITLE}>
            <div className="space-y-3">
              <p>{error?.message}</p>
              <ul className="list-disc space-y-0.5 pl-5" data-testid="refusal-changes">
                {refused.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              <SeatsInUse enabled />
              <Link
                to={paths.teamSettings}
                onClick={onClose}
                className="inline-block font-semibold text-brand-700 hover:underline"
              >
                Go to Team
              </Link>
            </div>
          </Alert>
        ) : (
          <FormError message={error?.message ?? null} />
        )}
        {quote.isPending ? (
          <Spinner label="Asking Stripe for the amount…" className="p-4" />
        ) : quote.isSuccess ? (
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            <div className="flex items-baseline justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">
                {viaCheckout ? 'Price' : atPeriodEnd ? 'Due now' : 'Due now (prorated)'}
              </dt>
              <dd
                className="text-lg font-semibold text-slate-900 tabular-nums"
                data-testid="prorated-amount"
              >
                {viaCheckout ? price : formatCents(quote.data.proratedAmountCents)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">New limits</dt>
              <dd className="text-right text-slate-900">{planLimits(plan).join(' · ')}</dd>
            </div>
          </dl>
        ) : null}
        {quote.isSuccess && !viaCheckout && (
          <p className="text-slate-600">
            {quote.data.status === 'trial'
              ? UPGRADE_IN_TRIAL
              : atPeriodEnd && effectiveAt
                ? downgradeAtPeriodEnd(current, effectiveAt, price)
                : billing?.paymentsConfigured
                  ? UPGRADE_CHARGED_NOW
                  : quote.data.proratedAmountCents > 0
                    ? 'This is the price difference for the rest of your current billing period. Nothing is charged on this server: the amount is recorded on your account.'
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
