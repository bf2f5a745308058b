/**
 * /pricing: the Monthly/Annual toggle, three plan cards from the shared plan table
 * (professional and monthly selected by default), each card's Get Started with {Plan} Plan going
 * to /select-plan?tier=…&billing=…, the FAQ and Start Your Free Trial.
 */
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ChevronDown, ShieldCheck } from 'lucide-react'
import {
  isBillingFrequency,
  isPlanType,
  PLAN_LIST,
  PLANS,
  POST_CANCELLATION_ACCESS_DAYS,
  TRIAL_DAYS,
  type BillingFrequency,
  type PlanType,
} from '@myodocs/shared/constants/plans'
import { getStartedWithPlan } from '@myodocs/shared/constants/public-site'
import { NO_CREDIT_CARD } from '@myodocs/shared/constants/messages'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { BillingToggle } from '../../subscription'
import { CtaBand } from '../components/cta-band'
import { PageHeader, SectionHeading } from '../components/page-header'
import { PlanCard } from '../components/plan-card'

const professional = PLANS.professional
const premium = PLANS.premium

const faq = [
  {
    q: 'How does the free trial work?',
    a: `Every plan starts with a ${TRIAL_DAYS}-day free trial with full access to the plan you choose. You can generate and send documents from day one, and you decide whether to subscribe before the trial ends.`,
  },
  {
    q: 'Do I need a credit card to start?',
    a: `No. ${NO_CREDIT_CARD}: during our invite-only beta all you need is an invite code.`,
  },
  {
    q: 'I was referred by a colleague. What do I get?',
    a: 'Sign up through the referral link of a current subscriber and you get one extra free month on top of your trial.',
  },
  {
    q: 'Can I change plans later?',
    a: 'Yes. You can upgrade at any time; the change takes effect immediately and is prorated, so you pay only the difference for the rest of the billing period.',
  },
  {
    q: 'What happens if I cancel?',
    a: `You keep access to your account for ${POST_CANCELLATION_ACCESS_DAYS} days after cancelling, and you can reactivate within that time without losing your settings or team.`,
  },
  {
    q: 'When does my PDF limit reset?',
    a: `Your monthly PDF limit resets on the first day of each month. Professional includes ${professional.pdfLimit} PDFs per user each month; Premium has no limit.`,
  },
  {
    q: 'What if my team is larger than the plan?',
    a: `Professional includes ${professional.teamMemberLimit} team members and Premium ${premium.teamMemberLimit}. Extra members cost $${professional.additionalTeamMemberPrice} per month each on Professional and $${premium.additionalTeamMemberPrice} per month each on Premium.`,
  },
  {
    q: 'Is MyoDocs HIPAA compliant? Do you sign a BAA?',
    a: 'Yes. Every plan includes our Business Associate Agreement, which you sign in the app before you start. MyoDocs never stores patient health information, and documents are sent from your own HIPAA-compliant mailbox.',
  },
]

export default function PricingPage() {
  usePageMeta({
    title: 'Pricing',
    description:
      'MyoDocs plans for solo therapists and growing practices: Essential, Professional and Premium. Every plan starts with a 30-day free trial, no credit card required.',
  })
  const navigate = useNavigate()
  // The choice lives in the URL, so back from /select-plan shows what was chosen.
  const [params, setParams] = useSearchParams()
  const [selected, setSelected] = useState<PlanType>(() => {
    const tier = params.get('tier')
    return isPlanType(tier) ? tier : 'professional'
  })
  const [billing, setBillingState] = useState<BillingFrequency>(() => {
    const b = params.get('billing')
    return isBillingFrequency(b) ? b : 'monthly'
  })
  const choice = (tier: PlanType, b: BillingFrequency) =>
    new URLSearchParams({ tier, billing: b }).toString()

  const setBilling = (b: BillingFrequency) => {
    setBillingState(b)
    setParams(choice(selected, b), { replace: true, preventScrollReset: true })
  }

  const choose = (tier: PlanType) => {
    setSelected(tier)
    setParams(choice(tier, billing), { replace: true, preventScrollReset: true })
    void navigate(`${paths.selectPlan}?${choice(tier, billing)}`)
  }

  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Plans for every practice"
        lead={`Start with a ${TRIAL_DAYS}-day free trial on any plan. ${NO_CREDIT_CARD}.`}
      >
        <div className="mt-8 flex justify-center">
          <BillingToggle value={billing} onChange={setBilling} />
        </div>
      </PageHeader>

      <section aria-labelledby="plans-title" className="px-4 pb-8 pt-12 sm:px-6">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <div className="mx-auto grid max-w-6xl gap-6 pt-2 lg:grid-cols-3">
          {PLAN_LIST.map((plan) => (
            <PlanCard
              key={plan.planType}
              plan={plan}
              billing={billing}
              selected={plan.planType === selected}
              onSelect={choose}
              buttonText={getStartedWithPlan(plan.name)}
            />
          ))}
        </div>
        <p className="mx-auto mt-8 flex max-w-3xl items-start justify-center gap-2 text-center text-sm text-slate-600">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          Prices in US dollars. Every plan includes the Business Associate Agreement and email from
          your own mailbox.
        </p>
      </section>

      <section aria-labelledby="faq-title" className="px-4 py-16 sm:px-6 sm:py-24">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mx-auto mt-12 max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {faq.map((item) => (
            <details key={item.q} className="group px-5 sm:px-6">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                <span>{item.q}</span>
                <ChevronDown
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <p className="pb-5 leading-relaxed text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>
        <p className="mt-8 text-center text-slate-600">
          Another question?{' '}
          <Link to={paths.contact} className="font-semibold text-brand-700 hover:underline">
            Contact us
          </Link>
        </p>
      </section>

      <CtaBand />
    </>
  )
}
