import { Link } from 'react-router'
import { buttonClasses } from '../../../components/ui/button'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../app/paths'

export default function HomePage() {
  usePageMeta({
    title: 'MyoDocs — More Patients. Less Paperwork.',
    description:
      'Assessment reports and exercise prescriptions for orofacial myofunctional therapists, sent from your own mailbox.',
  })
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
        More Patients. Less Paperwork.
      </h1>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={paths.inviteCode} className={buttonClasses('primary', 'lg')}>
          Start Free Trial
        </Link>
        <Link to={paths.features} className={buttonClasses('outline', 'lg')}>
          Learn More
        </Link>
      </div>
    </section>
  )
}
