/**
 * One plan of the plan table. With `onSelect`, the button hands the plan to
 * the page (the pricing page goes on to /select-plan). Without one, the button reads Start Free
 * Trial and navigates fully to /invite-code?tier=…&billing=….
 */
import { clsx } from 'clsx'
import { Check, FileText, Sparkles, Users } from 'lucide-react'
import {
  annualMonthlyEquivalent,
  type BillingFrequency,
  type Plan,
  type PlanType,
} from '@myodocs/shared/constants/plans'
import { MOST_POPULAR, SELECTED, START_FREE_TRIAL } from '@myodocs/shared/constants/public-site'
import { buttonClasses } from '../../../components/ui/button-classes'
import { paths } from '../../../lib/paths'

/** Where a plan card without a selection handler goes: the sign-up start, carrying the choice. */
export function trialPath(tier: PlanType, billing: BillingFrequency) {
  return `${paths.inviteCode}?${new URLSearchParams({ tier, billing }).toString()}`
}

export function PlanCard({
  plan,
  billing,
  selected = false,
  onSelect,
  buttonText = START_FREE_TRIAL,
  compact = false,
}: {
  plan: Plan
  billing: BillingFrequency
  selected?: boolean
  onSelect?: (planType: PlanType) => void
  buttonText?: string
  /** Fewer details, for a plan summary outside the pricing page. */
  compact?: boolean
}) {
  const annual = billing === 'annually'
  const price = annual ? annualMonthlyEquivalent(plan) : plan.monthlyPrice
  const highlighted = selected || (plan.recommended && !onSelect)
  const choose = () => {
    if (onSelect) onSelect(plan.planType)
    else window.location.href = trialPath(plan.planType, billing)
  }
  return (
    <article
      aria-labelledby={`plan-${plan.planType}`}
      data-selected={selected || undefined}
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow sm:p-8',
        // Stacked on a phone, the recommended (or selected) plan comes first.
        highlighted && 'max-lg:order-first',
        highlighted
          ? 'border-brand-600 shadow-lg shadow-brand-900/10 ring-1 ring-brand-600'
          : 'border-slate-200 hover:shadow-md',
      )}
    >
      {plan.recommended && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white shadow">
          <Sparkles className="size-3.5" aria-hidden />
          {MOST_POPULAR}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${plan.planType}`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h3>
        {selected && (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
            <Check className="size-3.5" aria-hidden />
            {SELECTED}
          </span>
        )}
      </div>
      <p className="mt-2 min-h-10 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900" data-testid="price">
          ${price}
        </span>
        <span className="text-sm font-medium text-slate-600">/month</span>
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {annual ? `$${plan.yearlyPrice} billed annually` : 'Billed monthly'}
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-xs text-slate-600">
            <FileText className="size-3.5" aria-hidden /> PDFs
          </dt>
          <dd className="font-semibold text-slate-900">
            {plan.pdfLimit === null ? 'Unlimited' : `${plan.pdfLimit} / month`}
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-xs text-slate-600">
            <Users className="size-3.5" aria-hidden /> Team
          </dt>
          <dd className="font-semibold text-slate-900">
            {plan.teamMemberLimit === 1 ? '1 therapist' : `Up to ${plan.teamMemberLimit}`}
          </dd>
        </div>
      </dl>
      {!compact && (
        <ul className="mt-6 space-y-2.5 text-sm text-slate-700">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-8">
        <button
          type="button"
          onClick={choose}
          className={clsx(buttonClasses(highlighted ? 'primary' : 'outline', 'md'), 'w-full')}
        >
          {buttonText}
        </button>
      </div>
    </article>
  )
}
