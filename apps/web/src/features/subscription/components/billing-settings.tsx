/**
 * Settings › Plan & Billing (docs/product/plans.md#billing): the current plan with its status and
 * usage; for the account holder, what Stripe says of it (the next charge and its date, the card,
 * the seats, the invoices with their links), Subscribe through Stripe Checkout, Manage billing in
 * Stripe's portal, the notices of a failed payment, a plan ending or ended, a downgrade waiting;
 * the three plans (upgrades now, downgrades at the period's end); cancelling and reactivating.
 * Without Stripe configured, plan changes are recorded and the page says payments are not set up.
 * Members see the plan and whom to ask.
 */
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { CreditCard, ExternalLink, RotateCcw } from 'lucide-react'
import { PLANS } from '@myodocs/shared/constants/plans'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import { CONTACT_ADMINISTRATOR_MESSAGE } from '@myodocs/shared/contracts/subscription'
import type { ChangePlanRequest, Subscription } from '@myodocs/shared/contracts/subscription'
import type { Billing } from '@myodocs/shared/contracts/billing'
import {
  PAYMENT_FAILED_TITLE,
  PAYMENT_GRACE_OVER,
  PAYMENTS_NOT_SET_UP_NOTICE,
  paymentGraceMessage,
} from '@myodocs/shared/contracts/billing'
import { formatPdfLimit } from '@myodocs/shared/domain/subscription'
import {
  accessContinuesUntil,
  CHECKOUT_CANCELLED,
  CHECKOUT_CONFIRMING,
  CHECKOUT_DONE,
  CHOOSE_PLAN_BELOW,
  DOWNGRADE_CALLED_OFF,
  downgradeScheduled,
  keepPlan,
  paidAccessUntil,
  PLAN_CANCELLED,
  PLAN_CANCELLED_TOAST,
  PLAN_ENDED,
  PLAN_REACTIVATED,
  planEndsOn,
  planEndsToast,
  REACTIVATE_BEFORE_THEN,
  READ_ONLY_MESSAGE,
  readOnlyTitle,
  resumeBefore,
} from '@myodocs/shared/constants/plan-messages'
import { PDFS_THIS_MONTH, PDFS_USED_THIS_MONTH } from '@myodocs/shared/constants/field-labels'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Progress } from '../../../components/ui/progress'
import { useAuth } from '../../sessions'
import { useSubscription } from '../api/get-subscription'
import { useCancelSubscription } from '../api/cancel-subscription'
import { useReactivateSubscription } from '../api/reactivate-subscription'
import { useChangePlan } from '../api/change-plan'
import { useBilling, usePortal } from '../api/billing'
import { PlanChangeDialog } from './plan-change-dialog'
import { BillingToggle } from './billing-toggle'
import { planLimits, PlanOptions } from './plan-options'
import { formatDate } from '../../../lib/format-date'
import { formatCents, planStatus } from '../plan-status'
import { ConfirmByNameDialog } from './confirm-by-name-dialog'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'
import { Invoices } from './invoices'

export function BillingSettings() {
  const query = useSubscription()
  const { user } = useAuth()
  const [params] = useSearchParams()
  const checkout = params.get('checkout')
  const billing = useBilling(Boolean(user?.isPrimaryUser), checkout === 'success')
  return (
    <QueryState query={query} what="your plan">
      {(subscription) => (
        <BillingPage subscription={subscription} billing={billing.data} checkout={checkout} />
      )}
    </QueryState>
  )
}

/** "Visa •••• 4242". */
const cardText = (card: { brand: string; last4: string }) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`

function BillingPage({
  subscription: s,
  billing: b,
  checkout,
}: {
  subscription: Subscription
  /** The account holder's billing, once loaded (members have none). */
  billing: Billing | undefined
  /** `?checkout=success|cancelled`: the browser is back from Stripe Checkout. */
  checkout: string | null
}) {
  const { user } = useAuth()
  const [billingFrequency, setBillingFrequency] = useState<BillingFrequency>(s.billingFrequency)
  const [target, setTarget] = useState<ChangePlanRequest | null>(null)
  const [cancelling, setCancelling] = useState(false)
  const cancel = useCancelSubscription()
  const reactivate = useReactivateSubscription()
  const portal = usePortal()
  const keep = useChangePlan()
  if (!user) return null
  const primary = user.isPrimaryUser
  const plan = PLANS[s.planType]
  const status = planStatus(s)
  const unlimited = formatPdfLimit(s.monthlyPdfLimit) === 'Unlimited'
  const ended = s.status === 'expired'
  const stripe = b?.paymentsConfigured ?? false
  const subscribed = b?.subscribed ?? false
  const periodEnd = b?.currentPeriodEnd ? formatDate(b.currentPeriodEnd) : null
  const ending = subscribed && b?.cancelAtPeriodEnd
  // With Stripe, an ended subscription is bought again through Checkout.
  const subscribing = stripe && !subscribed
  // A cancellation with 30 days left that reactivation can still undo (a trial, or no Stripe).
  const reactivatable = b ? b.canReactivate : s.status === 'cancelled'

  const doReactivate = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => toast.success(PLAN_REACTIVATED),
      onError: (err) => toast.error(err.message),
    })
  const reactivateButton = primary ? (
    <Button size="sm" pending={reactivate.isPending} onClick={doReactivate}>
      {!reactivate.isPending && <RotateCcw className="size-4" aria-hidden />}
      Reactivate plan
    </Button>
  ) : undefined
  const openPortal = () => portal.mutate(undefined, { onError: (err) => toast.error(err.message) })

  return (
    <div className="space-y-6">
      {primary && b && !stripe && (
        <Alert tone="info" title="Payments are not set up">
          {PAYMENTS_NOT_SET_UP_NOTICE}
        </Alert>
      )}
      {primary && checkout === 'success' && b && (
        <Alert tone={subscribed ? 'success' : 'info'} role="status">
          {subscribed ? CHECKOUT_DONE : CHECKOUT_CONFIRMING}
        </Alert>
      )}
      {primary && checkout === 'cancelled' && !subscribed && (
        <Alert tone="info" role="status">
          {CHECKOUT_CANCELLED}
        </Alert>
      )}
      {s.status === 'past_due' && (
        <Alert
          tone="danger"
          title={PAYMENT_FAILED_TITLE}
          action={
            primary && b?.hasCustomer ? (
              <Button size="sm" pending={portal.isPending} onClick={openPortal}>
                <CreditCard className="size-4" aria-hidden />
                Update card
              </Button>
            ) : undefined
          }
        >
          {b?.graceEndsAt && new Date(b.graceEndsAt) > new Date()
            ? paymentGraceMessage(formatDate(b.graceEndsAt))
            : PAYMENT_GRACE_OVER}
          {!primary && ` ${CONTACT_ADMINISTRATOR_MESSAGE}`}
        </Alert>
      )}

      <SectionCard
        title="Current plan"
        description="Your practice’s plan, shared by everyone on your team."
        badge={
          ending && periodEnd ? (
            <Badge tone="warning">Ends {periodEnd}</Badge>
          ) : (
            <Badge tone={status.tone}>{status.label}</Badge>
          )
        }
      >
        <div className="grid gap-6 md:grid-cols-2">
          <div>
            <p
              className="text-2xl font-bold tracking-tight text-slate-900"
              data-testid="current-plan"
            >
              {plan.name}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {s.billingFrequency === 'annually'
                ? `$${plan.yearlyPrice} per year`
                : `$${plan.monthlyPrice} per month`}{' '}
              · {planLimits(plan).join(' · ')}
            </p>
            {s.status === 'trial' && s.trialEnd && (
              <p className="mt-3 text-sm text-slate-700">
                Free trial: <strong>{status.detail}</strong> (ends {formatDate(s.trialEnd)}).{' '}
                {subscribed
                  ? 'Your subscription starts when the trial ends.'
                  : 'No payment is taken during the trial.'}
              </p>
            )}
          </div>
          <div>
            <div className="flex items-baseline justify-between text-sm">
              <span className="text-slate-600">{PDFS_THIS_MONTH}</span>
              <span className="font-semibold text-slate-900 tabular-nums">
                {unlimited
                  ? `${s.monthlyPdfGenerated} · Unlimited`
                  : `${s.monthlyPdfGenerated} of ${s.monthlyPdfLimit}`}
              </span>
            </div>
            {!unlimited && (
              <Progress
                value={s.usagePercentage}
                label={PDFS_USED_THIS_MONTH}
                className="mt-2"
                tone={
                  s.usagePercentage >= 100
                    ? 'danger'
                    : s.usagePercentage >= 80
                      ? 'warning'
                      : 'brand'
                }
              />
            )}
            <p className="mt-2 text-xs text-slate-500">
              The count starts again on the 1st of each month.
            </p>
          </div>
        </div>

        {primary && b && stripe && (
          <dl
            className="mt-5 grid gap-x-6 gap-y-3 border-t border-slate-100 pt-5 text-sm sm:grid-cols-3"
            data-testid="billing-details"
          >
            <div>
              <dt className="text-slate-600">Next charge</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-testid="next-charge">
                {b.nextCharge
                  ? `${formatCents(b.nextCharge.amountCents)} on ${formatDate(b.nextCharge.date)}`
                  : ending
                    ? 'None: the plan ends'
                    : !subscribed && s.status === 'trial'
                      ? 'None during your free trial'
                      : 'None scheduled'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Card</dt>
              <dd className="font-semibold text-slate-900" data-testid="card">
                {b.card ? cardText(b.card) : 'No card on file'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Seats</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-testid="billing-seats">
                {b.seats.used} of {b.seats.included + b.seats.extra} used
                {b.seats.extra > 0 &&
                  ` (${b.seats.extra} extra ${b.seats.extra === 1 ? 'seat' : 'seats'})`}
              </dd>
            </div>
          </dl>
        )}
        {primary && b && stripe && (subscribing || b.hasCustomer) && !ended && (
          <div className="mt-5 flex flex-wrap gap-3">
            {subscribing && (
              <Button
                onClick={() =>
                  setTarget({ planType: s.planType, billingFrequency: s.billingFrequency })
                }
              >
                Subscribe to {plan.name}
              </Button>
            )}
            {b.hasCustomer && (
              <Button variant="outline" pending={portal.isPending} onClick={openPortal}>
                {!portal.isPending && <ExternalLink className="size-4" aria-hidden />}
                Manage billing
              </Button>
            )}
          </div>
        )}

        {ending && periodEnd && (
          <Alert
            tone="warning"
            className="mt-5"
            title={planEndsOn(periodEnd)}
            action={reactivateButton}
          >
            {paidAccessUntil(periodEnd)} {primary ? resumeBefore(periodEnd) : ''}
          </Alert>
        )}
        {b?.scheduledChange && !ending && (
          <Alert
            tone="info"
            className="mt-5"
            action={
              primary ? (
                <Button
                  size="sm"
                  variant="outline"
                  pending={keep.isPending}
                  onClick={() =>
                    keep.mutate(
                      { planType: s.planType, billingFrequency: s.billingFrequency },
                      {
                        onSuccess: () => toast.success(DOWNGRADE_CALLED_OFF),
                        onError: (err) => toast.error(err.message),
                      },
                    )
                  }
                >
                  {keepPlan(plan.name)}
                </Button>
              ) : undefined
            }
          >
            {downgradeScheduled(
              PLANS[b.scheduledChange.planType].name,
              formatDate(b.scheduledChange.date),
            )}
          </Alert>
        )}
        {s.status === 'cancelled' && reactivatable && (
          <Alert tone="warning" className="mt-5" title={PLAN_CANCELLED} action={reactivateButton}>
            {s.accessEndsAt
              ? `${accessContinuesUntil(formatDate(s.accessEndsAt))} ${primary ? REACTIVATE_BEFORE_THEN : ''}`
              : null}
          </Alert>
        )}
        {s.status === 'cancelled' && !reactivatable && s.accessEndsAt && (
          <Alert tone="warning" className="mt-5" title={readOnlyTitle(formatDate(s.accessEndsAt))}>
            {primary ? READ_ONLY_MESSAGE : CONTACT_ADMINISTRATOR_MESSAGE}
          </Alert>
        )}
        {ended && (
          <Alert tone="danger" className="mt-5" title={PLAN_ENDED}>
            {primary ? CHOOSE_PLAN_BELOW : CONTACT_ADMINISTRATOR_MESSAGE}
          </Alert>
        )}
      </SectionCard>

      <SectionCard
        title="Plans"
        description={
          !primary
            ? CONTACT_ADMINISTRATOR_MESSAGE
            : subscribing
              ? 'Subscribe through Stripe’s secure checkout. Days left of your free trial carry over: nothing is charged before it ends.'
              : stripe
                ? 'Upgrades take effect now: Stripe charges the prorated difference for the rest of the period. A smaller plan or monthly billing starts at the end of the period you paid for.'
                : 'Change plan at any time: it takes effect immediately, and you pay only the difference for the rest of the period.'
        }
        badge={<BillingToggle value={billingFrequency} onChange={setBillingFrequency} />}
      >
        <PlanOptions
          billing={billingFrequency}
          current={
            ended || (subscribing && s.status === 'cancelled')
              ? null
              : { planType: s.planType, billingFrequency: s.billingFrequency }
          }
          subscribing={subscribing}
          ending={Boolean(ending)}
          onChoose={
            primary ? (planType: PlanType) => setTarget({ planType, billingFrequency }) : undefined
          }
        />
      </SectionCard>

      {primary && b && b.invoices.length > 0 && (
        <SectionCard title="Invoices" description="Receipts and invoices from Stripe.">
          <Invoices invoices={b.invoices} />
        </SectionCard>
      )}

      {primary &&
        (s.status === 'trial' || s.status === 'active' || s.status === 'past_due') &&
        !ending && (
          <SectionCard
            title="Cancel plan"
            description={
              subscribed && periodEnd
                ? paidAccessUntil(periodEnd)
                : 'Your access continues for 30 days after cancelling, and you can reactivate until then. After that, your plan ends.'
            }
          >
            <Button
              variant="outline"
              className="text-red-700 hover:bg-red-50"
              onClick={() => setCancelling(true)}
            >
              Cancel plan
            </Button>
          </SectionCard>
        )}

      <PlanChangeDialog
        target={target}
        subscription={s}
        billing={b}
        onClose={() => setTarget(null)}
      />
      <ConfirmByNameDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel your plan?"
        description={
          subscribed && periodEnd
            ? `${paidAccessUntil(periodEnd)} ${resumeBefore(periodEnd)}`
            : 'You keep full access for 30 days and can reactivate at any time until then.'
        }
        businessName={user.businessName}
        confirmLabel="Cancel plan"
        onConfirm={async (name) => {
          await cancel.mutateAsync(name)
          toast.success(subscribed && periodEnd ? planEndsToast(periodEnd) : PLAN_CANCELLED_TOAST)
        }}
      />
    </div>
  )
}
