import { Link } from 'react-router'
import { ArrowLeft, FileQuestion } from 'lucide-react'
import { PAGE_NOT_FOUND, PAGE_NOT_FOUND_EXPLANATION } from '@myodocs/shared/constants/messages'
import { BACK_TO_HOME } from '@myodocs/shared/constants/public-site'
import { buttonClasses } from '../components/ui/button-classes'
import { usePageMeta } from '../lib/page-meta'
import { paths } from '../lib/paths'

const elsewhere = [
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.contact, label: 'Contact' },
]

export function NotFound() {
  usePageMeta({
    title: PAGE_NOT_FOUND,
    description: 'The page you are looking for does not exist.',
  })
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <FileQuestion className="size-8" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {PAGE_NOT_FOUND}
      </h1>
      <p className="mt-3 text-slate-600">{PAGE_NOT_FOUND_EXPLANATION}</p>
      <Link to={paths.home} className={`${buttonClasses('primary', 'lg')} mt-8`}>
        <ArrowLeft className="size-4" aria-hidden />
        {BACK_TO_HOME}
      </Link>
      <nav aria-label="Elsewhere on MyoDocs" className="mt-8 flex gap-6 text-sm">
        {elsewhere.map((l) => (
          <Link key={l.to} to={l.to} className="font-medium text-brand-700 hover:underline">
            {l.label}
          </Link>
        ))}
      </nav>
    </section>
  )
}
