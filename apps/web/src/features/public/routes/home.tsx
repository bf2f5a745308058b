/**
 * /: the hero (tagline, Start Free Trial → /invite-code, Learn More → /features), the six
 * feature cards, how it works, the plans (home-plans.tsx) and the closing Start Your Free Trial.
 */
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import {
  ArrowRight,
  Check,
  ClipboardList,
  Dumbbell,
  LayoutTemplate,
  Mail,
  ShieldCheck,
  Users,
} from 'lucide-react'
import {
  LEARN_MORE,
  START_FREE_TRIAL,
  TAGLINE,
  VIEW_PRICING,
} from '@myodocs/shared/constants/public-site'
import { NO_CREDIT_CARD } from '@myodocs/shared/constants/messages'
import { buttonClasses } from '../../../components/ui/button-classes'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { CtaBand } from '../components/cta-band'
import { FeatureCard } from '../components/feature-card'
import { HeroIllustration } from '../components/hero-illustration'
import { SectionHeading } from '../components/page-header'

const HomePlans = lazy(() => import('../components/home-plans'))

const features = [
  {
    icon: ClipboardList,
    title: 'Assessment Reports',
    text: 'Record tongue and lips, swallow, breathing and sleep, posture and more in one guided form, and get a scored report that patients and referring providers understand.',
  },
  {
    icon: Dumbbell,
    title: 'Exercise Prescriptions',
    text: 'Pick exercises from a library organized by category, set minutes and frequency, and hand patients a clear home program they will actually follow.',
  },
  {
    icon: Mail,
    title: 'Email Integration',
    text: 'Connect Gmail, Outlook, Yahoo or any SMTP account and send documents from your own address. Every message lands in your own Sent folder.',
  },
  {
    icon: Users,
    title: 'Team Management',
    text: 'Invite the therapists in your practice with role-based access. Everyone works under one logo, one set of settings and one subscription.',
  },
  {
    icon: LayoutTemplate,
    title: 'Professional Templates',
    text: 'Every PDF carries your practice’s logo and details, with clean typography, tables and page numbers. Ready to send the moment you finish.',
  },
  {
    icon: ShieldCheck,
    title: 'HIPAA Compliant',
    text: 'Patient information is never stored on our servers. Unfinished work stays encrypted in your browser, and a signed BAA covers every document.',
  },
]

const steps = [
  {
    title: 'Fill in the visit',
    text: 'Work through the assessment or choose exercises. Your draft saves itself, encrypted, in your browser.',
  },
  {
    title: 'Generate the PDF',
    text: 'One click turns it into a polished document with your logo, ready to download or print.',
  },
  {
    title: 'Send it from your mailbox',
    text: 'Email the patient and the referring provider from your own address, with the PDF attached.',
  },
]

export default function HomePage() {
  usePageMeta({
    title: `MyoDocs — ${TAGLINE}`,
    description:
      'Assessment reports and exercise prescriptions for orofacial myofunctional therapists: polished PDFs with your logo, sent from your own mailbox. 30-day free trial.',
  })
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div
          aria-hidden
          className="pointer-events-none absolute -left-40 -top-40 size-[32rem] rounded-full bg-brand-100/70 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:pb-28">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
              <span className="size-2 rounded-full bg-brand-500" aria-hidden />
              Built for orofacial myofunctional therapists
            </p>
            <h1 className="mt-6 text-[2.75rem] leading-tight font-bold sm:text-6xl sm:leading-none tracking-tight text-slate-900">
              <span className="block">More Patients.</span>{' '}
              <span className="block text-brand-700">Less Paperwork.</span>
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600 lg:mx-0">
              MyoDocs turns your assessments and exercise prescriptions into polished, branded PDFs
              and sends them to patients and referring providers from your own email account.
            </p>
            <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Link to={paths.inviteCode} className={buttonClasses('primary', 'lg')}>
                {START_FREE_TRIAL}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
              <Link to={paths.features} className={buttonClasses('outline', 'lg')}>
                {LEARN_MORE}
                {/* Says where the link goes, for screen readers and search engines (SEO link-text). */}
                <span className="sr-only"> about MyoDocs features</span>
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start">
              {['30-day free trial', NO_CREDIT_CARD, 'Patient data never stored'].map((item) => (
                <li key={item} className="inline-flex items-center gap-1.5">
                  <Check className="size-4 text-brand-700" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section aria-labelledby="features-title" className="px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to document a visit in minutes"
          lead="From the first assessment to the home program, MyoDocs writes the paperwork so you can keep your attention on the patient."
        />
        <div className="mx-auto mt-14 grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <FeatureCard key={f.title} icon={f.icon} title={f.title}>
              {f.text}
            </FeatureCard>
          ))}
        </div>
      </section>

      <section aria-labelledby="how-title" className="bg-slate-50 px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From chair-side notes to a sent report"
        />
        <ol className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li
              key={step.title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* Below the fold: its chunk loads after the first paint (initial JS budget). */}
      <Suspense fallback={<div className="min-h-[60rem] lg:min-h-[40rem]" />}>
        <HomePlans />
      </Suspense>

      <CtaBand
        secondary={
          <Link
            to={paths.pricing}
            className="inline-flex h-12 items-center rounded-md px-6 font-semibold text-white hover:bg-white/10"
          >
            {VIEW_PRICING}
          </Link>
        }
      />
    </>
  )
}
