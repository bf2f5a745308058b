/** Myofunctional Assessment: placeholder until its issue lands; the router already points here. */
import { usePageMeta } from '../../../lib/page-meta'

export default function AssessmentPage() {
  usePageMeta({ title: 'Myofunctional Assessment', description: 'Myofunctional Assessment' })
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Myofunctional Assessment</h1>
    </section>
  )
}
