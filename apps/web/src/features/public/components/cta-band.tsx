/** The closing call to action of the public pages (Start Your Free Trial → /invite-code). */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ArrowRight, Check } from 'lucide-react'
import { START_YOUR_FREE_TRIAL } from '@myodocs/shared/constants/public-site'
import { NO_CREDIT_CARD } from '@myodocs/shared/constants/messages'
import { buttonClasses } from '../../../components/ui/button-classes'
import { paths } from '../../../lib/paths'

export function CtaBand({
  title = 'Spend your evenings on patients, not paperwork',
  lead = 'Set up your practice in minutes and send your first polished report today.',
  secondary,
}: {
  title?: string
  lead?: string
  /** An extra link beside the main button. */
  secondary?: ReactNode
}) {
  return (
    <section className="px-4 py-16 sm:px-6 sm:py-24" aria-labelledby="cta-title">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-900 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="pointer-events-none absolute -right-20 -top-20 size-72 rounded-full bg-brand-600/40 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-24 -left-16 size-72 rounded-full bg-teal-400/20 blur-3xl"
        />
        <div className="relative">
          <h2
            id="cta-title"
            className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">{lead}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to={paths.inviteCode} className={buttonClasses('inverse', 'lg')}>
              {START_YOUR_FREE_TRIAL}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            {secondary}
          </div>
          <p className="mt-6 inline-flex items-center gap-2 text-sm text-brand-100">
            <Check className="size-4" aria-hidden />
            30-day free trial · {NO_CREDIT_CARD}
          </p>
        </div>
      </div>
    </section>
  )
}
