/**
 * Confirms a plan change (immediate, prorated): shows what is owed now from
 * GET /subscription/change-plan/quote, then POST /subscription/change-plan.
 */
import { toast } from 'sonner'
import { AlertTriangle } from 'lucide-react'
import { PLANS } from '@myodocs/shared/constants/plans'
import type { ChangePlanRequest, Subscription } from '@myodocs/shared/contracts/subscription'
import { formatPdfLimit } from '@myodocs/shared/domain/subscription'
import { planChanged } from '@myodocs/shared/constants/plan-messages'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { useChangePlan } from '../api/change-plan'
import { usePlanChangeQuote } from '../api/get-plan-change-quote'
import { formatCents } from '../plan-status'
import { planLimits } from './plan-options'

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
  if (!target) return null
  const plan = PLANS[target.planType]
  const billing = target.billingFrequency === 'annually' ? 'billed annually' : 'billed monthly'
  const newLimit = plan.pdfLimit ?? Infinity
  const overLimit =
    subscription && subscription.monthlyPdfGenerated > newLimit
      ? `You have generated ${subscription.monthlyPdfGenerated} PDFs this month; ${plan.name} allows ${formatPdfLimit(newLimit)}. You will not be able to generate more until next month.`
      : null
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
          <Button onClick={confirm} pending={change.isPending} disabled={!quote.isSuccess}>
            Change plan
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
          <p className="flex gap-2 text-amber-800">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {overLimit}
          </p>
        )}
      </div>
    </Dialog>
  )
}
