/**
 * SPEC §2 /select-plan: plan and billing choice (professional and monthly by default), then
 * "Continue with the chosen plan". An interim page for the accounts journey: the public-site
 * page replaces it, calling `useContinueWithPlan` for its button.
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
  START_TRIAL_TEXT,
} from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'
import { usePageMeta } from '../../../lib/page-meta'
import { useContinueWithPlan } from '../hooks/use-continue-with-plan'
import { validBilling, validTier } from '../signup-session'

export default function SelectPlanPage() {
  usePageMeta({
    title: 'Choose your plan',
    description: 'Choose a MyoDocs plan and start your 30-day free trial. No credit card required.',
  })
  const [params] = useSearchParams()
  const [tier, setTier] = useState<PlanType>(validTier(params.get('tier')) ?? 'professional')
  const [billing, setBilling] = useState<BillingFrequency>(
    validBilling(params.get('billing')) ?? 'monthly',
  )
  const continueWithPlan = useContinueWithPlan()

  return (
    <section className="bg-gradient-to-b from-brand-50/70 to-white px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-5xl">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Choose your plan</h1>
          <p className="mt-2 text-slate-600">
            {START_TRIAL_TEXT}. {NO_CREDIT_CARD}.
          </p>
          <div
            role="radiogroup"
            aria-label="Billing"
            className="mt-6 inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm"
          >
            {(['monthly', 'annually'] as const).map((b) => (
              <button
                key={b}
                type="button"
                role="radio"
                aria-checked={billing === b}
                onClick={() => setBilling(b)}
                className={cn(
                  'rounded-full px-4 py-1.5 text-sm font-medium',
                  billing === b ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-50',
                )}
              >
                {b === 'monthly' ? 'Monthly' : 'Annual'}
              </button>
            ))}
          </div>
        </div>
        <div role="radiogroup" aria-label="Plan" className="mt-8 grid gap-4 md:grid-cols-3">
          {PLAN_LIST.map((plan) => {
            const selected = plan.planType === tier
            const price = billing === 'annually' ? annualMonthlyEquivalent(plan) : plan.monthlyPrice
            return (
              <Card
                key={plan.planType}
                role="radio"
                aria-checked={selected}
                tabIndex={0}
                onClick={() => setTier(plan.planType)}
                onKeyDown={(e) => {
                  if (e.key === ' ' || e.key === 'Enter') {
                    e.preventDefault()
                    setTier(plan.planType)
                  }
                }}
                className={cn(
                  'relative cursor-pointer p-6 transition-shadow hover:shadow-md',
                  selected && 'border-brand-600 ring-2 ring-brand-600',
                )}
              >
                {plan.recommended && (
                  <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                    <Sparkles className="size-3" aria-hidden /> Most Popular
                  </span>
                )}
                <div className="flex items-center justify-between">
                  <h2 className="text-lg font-semibold">{plan.name}</h2>
                  {selected && (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      Selected
                    </span>
                  )}
                </div>
                <p className="mt-3">
                  <span className="text-3xl font-bold">${price}</span>
                  <span className="text-sm text-slate-500">/month</span>
                </p>
                {billing === 'annually' && (
                  <p className="text-xs text-slate-500">${plan.yearlyPrice} billed yearly</p>
                )}
                <ul className="mt-4 space-y-2 text-sm text-slate-700">
                  {plan.features.slice(0, 4).map((f) => (
                    <li key={f} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                      {f}
                    </li>
                  ))}
                </ul>
              </Card>
            )
          })}
        </div>
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
