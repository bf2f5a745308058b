/**
 * Settings › Plan & Billing: the current plan with its status, usage and
 * limits; the three plans; changing plan (immediate, prorated amount shown first); cancelling
 * (confirmed by the business name; 30 days of access) and reactivating within those 30 days.
 * Changes are the primary user's; members see the plan and whom to ask.
 */
import { useState } from 'react'
import { toast } from 'sonner'
import { RotateCcw } from 'lucide-react'
import { PLANS } from '@myodocs/shared/constants/plans'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import { CONTACT_ADMINISTRATOR_MESSAGE } from '@myodocs/shared/contracts/subscription'
import type { ChangePlanRequest, Subscription } from '@myodocs/shared/contracts/subscription'
import { formatPdfLimit } from '@myodocs/shared/domain/subscription'
import {
  accessContinuesUntil,
  CHOOSE_PLAN_BELOW,
  PLAN_CANCELLED,
  PLAN_CANCELLED_TOAST,
  PLAN_ENDED,
  PLAN_REACTIVATED,
  REACTIVATE_BEFORE_THEN,
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
import { PlanChangeDialog } from './plan-change-dialog'
import { BillingToggle } from './billing-toggle'
import { planLimits, PlanOptions } from './plan-options'
import { formatDate } from '../../../lib/format-date'
import { planStatus } from '../plan-status'
import { ConfirmByNameDialog } from './confirm-by-name-dialog'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'

export function BillingSettings() {
  const query = useSubscription()
  return (
    <QueryState query={query} what="your plan">
      {(subscription) => <Billing subscription={subscription} />}
    </QueryState>
  )
}

function Billing({ subscription: s }: { subscription: Subscription }) {
  const { user } = useAuth()
  const [billing, setBilling] = useState<BillingFrequency>(s.billingFrequency)
  const [target, setTarget] = useState<ChangePlanRequest | null>(null)
  const [cancelling, setCancelling] = useState(false)
  const cancel = useCancelSubscription()
  const reactivate = useReactivateSubscription()
  if (!user) return null
  const primary = user.isPrimaryUser
  const plan = PLANS[s.planType]
  const status = planStatus(s)
  const unlimited = formatPdfLimit(s.monthlyPdfLimit) === 'Unlimited'
  const ended = s.status === 'expired'

  return (
    <div className="space-y-6">
      <SectionCard
        title="Current plan"
        description="Your practice’s plan, shared by everyone on your team."
        badge={<Badge tone={status.tone}>{status.label}</Badge>}
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
                Free trial: <strong>{status.detail}</strong> (ends {formatDate(s.trialEnd)}). No
                payment is taken during the trial.
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
        {s.status === 'cancelled' && (
          <Alert
            tone="warning"
            className="mt-5"
            title={PLAN_CANCELLED}
            action={
              primary ? (
                <Button
                  size="sm"
                  pending={reactivate.isPending}
                  onClick={() =>
                    reactivate.mutate(undefined, {
                      onSuccess: () => toast.success(PLAN_REACTIVATED),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                >
                  {!reactivate.isPending && <RotateCcw className="size-4" aria-hidden />}
                  Reactivate plan
                </Button>
              ) : undefined
            }
          >
            {s.accessEndsAt
              ? `${accessContinuesUntil(formatDate(s.accessEndsAt))} ${primary ? REACTIVATE_BEFORE_THEN : ''}`
              : null}
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
          primary
            ? 'Change plan at any time: it takes effect immediately, and you pay only the difference for the rest of the period.'
            : CONTACT_ADMINISTRATOR_MESSAGE
        }
        badge={<BillingToggle value={billing} onChange={setBilling} />}
      >
        <PlanOptions
          billing={billing}
          current={ended ? null : { planType: s.planType, billingFrequency: s.billingFrequency }}
          onChoose={
            primary
              ? (planType: PlanType) => setTarget({ planType, billingFrequency: billing })
              : undefined
          }
        />
      </SectionCard>

      {primary && (s.status === 'trial' || s.status === 'active') && (
        <SectionCard
          title="Cancel plan"
          description="Your access continues for 30 days after cancelling, and you can reactivate until then. After that, your plan ends."
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

      <PlanChangeDialog target={target} subscription={s} onClose={() => setTarget(null)} />
      <ConfirmByNameDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel your plan?"
        description="You keep full access for 30 days and can reactivate at any time until then."
        businessName={user.businessName}
        confirmLabel="Cancel plan"
        onConfirm={async (name) => {
          await cancel.mutateAsync(name)
          toast.success(PLAN_CANCELLED_TOAST)
        }}
      />
    </div>
  )
}
