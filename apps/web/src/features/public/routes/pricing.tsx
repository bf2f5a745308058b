/** Pricing: placeholder until its issue lands; the router already points here. */
import { usePageMeta } from '../../../lib/page-meta'

export default function PricingPage() {
  usePageMeta({ title: 'Pricing', description: 'Pricing' })
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Pricing</h1>
    </section>
  )
}
