/**
 * /features: six blocks (assessment reports, exercise prescriptions, email integration,
 * team collaboration, image handling, security and compliance), Start Free Trial → /invite-code
 * and View Pricing → /pricing.
 */
import { Link } from 'react-router'
import {
  ArrowRight,
  Check,
  ClipboardList,
  Dumbbell,
  ImageUp,
  Mail,
  ShieldCheck,
  Users,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { START_FREE_TRIAL, VIEW_PRICING } from '@myodocs/shared/constants/public-site'
import { buttonClasses } from '../../../components/ui/button-classes'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { CtaBand } from '../components/cta-band'
import { PageHeader } from '../components/page-header'

type Block = { id: string; icon: LucideIcon; title: string; lead: string; points: string[] }

const blocks: Block[] = [
  {
    id: 'assessment-reports',
    icon: ClipboardList,
    title: 'Assessment Reports',
    lead: 'A guided myofunctional assessment that becomes a clear, scored report.',
    points: [
      'Seven sections in clinical order: tongue and lips, swallow and digestion, dental, muscular and compensations, breathing and sleep, head and neck, behavioral',
      'Scales scored for you, with findings summarized in plain language',
      'A full report for referring providers and a shorter patient summary',
      'Before-and-after photos placed beside your findings',
    ],
  },
  {
    id: 'exercise-prescriptions',
    icon: Dumbbell,
    title: 'Exercise Prescriptions',
    lead: 'Build a home program from a categorized exercise library in a few clicks.',
    points: [
      'Categories from jaw–lingual dissociation and lip and cheek work to swallowing, soft palate, breathing and passive exercises',
      'Minutes, variation and frequency for each exercise, with a one-line instruction patients can follow',
      'An after-visit summary that recaps today’s session and the next steps',
      'A QR code beside each exercise that opens your demo video',
    ],
  },
  {
    id: 'email-integration',
    icon: Mail,
    title: 'Email Integration',
    lead: 'Send from the address your patients already know, not from a no-reply robot.',
    points: [
      'Connect Gmail, Outlook or Yahoo in one click, or any provider by SMTP',
      'Messages appear in your own Sent folder, so your records stay complete',
      'Send to the patient and the referring provider together, with the PDF attached',
      'A delivery status for every message in your email history',
    ],
  },
  {
    id: 'team-collaboration',
    icon: Users,
    title: 'Team Collaboration',
    lead: 'Bring the whole practice under one account, with the right access for each person.',
    points: [
      'Invite team members by email; they join your practice with their own sign-in',
      'Role-based access: the account holder manages the plan, the team and the legal agreements',
      'Shared logo, practice details and PDF preferences on every document',
      'Usage analytics and an audit log of account activity',
    ],
  },
  {
    id: 'image-handling',
    icon: ImageUp,
    title: 'Image Handling',
    lead: 'Photos straight from any phone, ready for a report without a trip to an editor.',
    points: [
      'HEIC photos from iPhones converted automatically, alongside PNG and JPEG',
      'Resized and compressed in your browser, so documents stay light enough to email',
      'Your practice logo placed on the letterhead of every PDF',
      'Images are used to build the document and never stored on our servers',
    ],
  },
  {
    id: 'security-compliance',
    icon: ShieldCheck,
    title: 'Security and Compliance',
    lead: 'Designed around HIPAA from the first line: we keep no patient health information.',
    points: [
      'Patient data lives only in memory while your PDF is made, never in our database or logs',
      'Unfinished work is encrypted in your browser with a key unique to you',
      'A signed Business Associate Agreement and encrypted email credentials',
      'Automatic sign-out after inactivity, with a warning before it happens',
    ],
  },
]

export default function FeaturesPage() {
  usePageMeta({
    title: 'Features',
    description:
      'Assessment reports, exercise prescriptions, email from your own mailbox, team collaboration, image handling and HIPAA-minded security: what MyoDocs does for your practice.',
  })
  return (
    <>
      <PageHeader
        eyebrow="Features"
        title="Everything between the visit and the inbox"
        lead="MyoDocs handles the documents of a myofunctional therapy practice, from the first assessment to the home program, and sends them from your own email account."
      >
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.inviteCode} className={buttonClasses('primary', 'lg')}>
            {START_FREE_TRIAL}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <Link to={paths.pricing} className={buttonClasses('outline', 'lg')}>
            {VIEW_PRICING}
          </Link>
        </div>
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        {blocks.map((block) => (
          <section
            key={block.id}
            id={block.id}
            aria-labelledby={`${block.id}-title`}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <div className="flex items-center gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-sm">
                <block.icon className="size-6" aria-hidden />
              </span>
              <h2 id={`${block.id}-title`} className="text-xl font-semibold text-slate-900">
                {block.title}
              </h2>
            </div>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{block.lead}</p>
            <ul className="mt-5 space-y-3 text-slate-600">
              {block.points.map((point) => (
                <li key={point} className="flex gap-3">
                  <Check className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <CtaBand
        title="See it on your own cases"
        lead="Start a free trial, fill in your next assessment in MyoDocs and send the report before the patient reaches the parking lot."
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
