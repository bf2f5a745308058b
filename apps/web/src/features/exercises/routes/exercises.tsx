/** Exercise Prescription: placeholder until its issue lands; the router already points here. */
import { usePageMeta } from '../../../lib/page-meta'

export default function ExercisesPage() {
  usePageMeta({ title: 'Exercise Prescription', description: 'Exercise Prescription' })
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Exercise Prescription</h1>
    </section>
  )
}
