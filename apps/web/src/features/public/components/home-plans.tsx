/**
 * The plans on the home page: plan cards without a selection handler, so each button reads Start
 * Free Trial and navigates fully to /invite-code?tier=…&billing=monthly.
 */
import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import { PLAN_LIST } from '@myodocs/shared/constants/plans'
import { paths } from '../../../lib/paths'
import { SectionHeading } from './page-header'
import { PlanCard } from './plan-card'

export default function HomePlans() {
  return (
    <section aria-labelledby="plans-title" className="px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading
        id="plans-title"
        eyebrow="Pricing"
        title="Simple plans that grow with your practice"
        lead="Every plan starts with a 30-day free trial. No credit card required."
      />
      <div className="mx-auto mt-14 grid max-w-6xl gap-6 pt-2 lg:grid-cols-3">
        {PLAN_LIST.map((plan) => (
          <PlanCard key={plan.planType} plan={plan} billing="monthly" compact />
        ))}
      </div>
      <p className="mt-10 text-center">
        <Link
          to={paths.pricing}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          Compare plans and annual prices
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </p>
    </section>
  )
}
