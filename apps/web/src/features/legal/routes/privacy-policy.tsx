/** Privacy Policy: placeholder until its issue lands; the router already points here. */
import { usePageMeta } from '../../../lib/page-meta'

export default function PrivacyPolicyPage() {
  usePageMeta({ title: 'Privacy Policy', description: 'Privacy Policy' })
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Privacy Policy</h1>
    </section>
  )
}
