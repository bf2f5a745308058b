/**
 * /select-plan: plan and billing choice (professional and monthly by default), then
 * "Continue with the chosen plan". The billing toggle is the pricing page's; plans are native
 * radio inputs, so arrow keys move between them.
 */
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Check, Sparkles } from 'lucide-react'
import {
  annualMonthlyEquivalent,
  PLAN_LIST,
  type BillingFrequency,
  type PlanType,
} from '@myodocs/shared/constants/plans'
import {
  CONTINUE_WITH_PLAN,
  NO_CREDIT_CARD,
  startTrialText,
} from '@myodocs/shared/constants/messages'
import { MOST_POPULAR, SELECTED } from '@myodocs/shared/constants/public-site'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { usePageMeta } from '../../../lib/page-meta'
import { BillingToggle } from '../../subscription'
import { useContinueWithPlan } from '../hooks/use-continue-with-plan'
import { signupSession, validBilling, validTier } from '../signup-session'
import { useTrialDays } from '../../referral'

export default function SelectPlanPage() {
  usePageMeta({
    title: 'Choose your plan',
    description: 'Choose a MyoDocs plan and start your 30-day free trial. No credit card required.',
  })
  // The choice lives in the URL both ways: back and forward show what was chosen.
  const [params, setParams] = useSearchParams()
  const [tier, setTier] = useState<PlanType>(validTier(params.get('tier')) ?? 'professional')
  const [billing, setBilling] = useState<BillingFrequency>(
    validBilling(params.get('billing')) ?? 'monthly',
  )
  const [first] = useState(tier)
  const choose = (next: { tier?: PlanType; billing?: BillingFrequency }) => {
    if (next.tier) setTier(next.tier)
    if (next.billing) setBilling(next.billing)
    const q = new URLSearchParams(params)
    q.set('tier', next.tier ?? tier)
    q.set('billing', next.billing ?? billing)
    setParams(q, { replace: true, preventScrollReset: true })
  }
  const continueWithPlan = useContinueWithPlan()
  const trialDays = useTrialDays(signupSession.ref(params.get('ref')))

  return (
    <section className="bg-gradient-to-b from-brand-50/70 to-white px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-5xl">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Choose your plan</h1>
          <p className="mt-2 text-slate-600">
            {startTrialText(trialDays)}. {NO_CREDIT_CARD}.
          </p>
          <div className="mt-6 flex justify-center">
            <BillingToggle value={billing} onChange={(b) => choose({ billing: b })} />
          </div>
        </div>
        <fieldset className="mt-10 grid gap-5 pt-2 md:grid-cols-3">
          <legend className="sr-only">Plan</legend>
          {PLAN_LIST.map((plan) => {
            const selected = plan.planType === tier
            const price = billing === 'annually' ? annualMonthlyEquivalent(plan) : plan.monthlyPrice
            return (
              <label
                key={plan.planType}
                className={cn(
                  'relative flex cursor-pointer flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow hover:shadow-md',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
                  // Stacked on a phone, the plan selected on opening comes first (and stays put).
                  plan.planType === first && 'max-md:order-first',
                )}
              >
                <input
                  type="radio"
                  name="plan"
                  value={plan.planType}
                  checked={selected}
                  onChange={() => choose({ tier: plan.planType })}
                  aria-label={`${plan.name}, $${price} per month`}
                  className="absolute inset-0 z-10 m-0 cursor-pointer appearance-none rounded-2xl opacity-0"
                />
                {plan.recommended && (
                  <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                    <Sparkles className="size-3" aria-hidden /> {MOST_POPULAR}
                  </span>
                )}
                <span className="flex items-center justify-between">
                  <span className="text-lg font-semibold">{plan.name}</span>
                  {selected && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      <Check className="size-3.5" aria-hidden /> {SELECTED}
                    </span>
                  )}
                </span>
                <span className="mt-3">
                  <span className="text-3xl font-bold">${price}</span>
                  <span className="text-sm text-slate-600">/month</span>
                </span>
                <span className="text-xs text-slate-600">
                  {billing === 'annually'
                    ? `$${plan.yearlyPrice} billed annually`
                    : 'Billed monthly'}
                </span>
                <span className="mt-4 space-y-2 text-sm text-slate-700">
                  {plan.features.slice(0, 4).map((f) => (
                    <span key={f} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                      {f}
                    </span>
                  ))}
                </span>
              </label>
            )
          })}
        </fieldset>
        <div className="mt-8 flex justify-center">
          <Button
            size="lg"
            onClick={() => continueWithPlan({ tier, billing, ref: params.get('ref') })}
          >
            {CONTINUE_WITH_PLAN}
          </Button>
        </div>
      </div>
    </section>
  )
}
