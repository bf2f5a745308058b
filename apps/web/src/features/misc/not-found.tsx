import { Link } from 'react-router'
import { buttonClasses } from '../../components/ui/button'
import { usePageMeta } from '../../lib/page-meta'
import { paths } from '../../app/paths'

export function NotFound() {
  usePageMeta({
    title: 'Page not found',
    description: 'The page you are looking for does not exist.',
  })
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className={buttonClasses('primary')}>
        Back to Home
      </Link>
    </section>
  )
}

export default NotFound
