/** Features: placeholder until its issue lands; the router already points here. */
import { usePageMeta } from '../../../lib/page-meta'

export default function FeaturesPage() {
  usePageMeta({ title: 'Features', description: 'Features' })
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Features</h1>
    </section>
  )
}
