/** Terms of Service: placeholder until its issue lands; the router already points here. */
import { usePageMeta } from '../../../lib/page-meta'

export default function TermsOfServicePage() {
  usePageMeta({ title: 'Terms of Service', description: 'Terms of Service' })
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Terms of Service</h1>
    </section>
  )
}
