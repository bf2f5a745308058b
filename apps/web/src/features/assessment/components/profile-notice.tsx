/**
 * The practice profile is complete when name, address and phone are all present: documents print them
 * on the letterhead, so the page says what is missing and links to the business settings.
 */
import { Link } from 'react-router'
import { Building2 } from 'lucide-react'
import { paths } from '../../../lib/paths'
import { useAuth } from '../../sessions'
import { useBusiness } from '../../business'

export function ProfileNotice() {
  // Only the account holder can read (and complete) the profile.
  const { user } = useAuth()
  const { data, isSuccess } = useBusiness(user?.isPrimaryUser === true)
  if (!isSuccess) return null
  const missing = (['name', 'address', 'phone'] as const).filter((k) => !data?.[k].trim())
  if (missing.length === 0) return null
  const list =
    missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0]
  return (
    <div
      role="status"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <Building2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        Your business profile has no {list} yet. Your reports print them on the letterhead.{' '}
        <Link
          to={`${paths.appTemplate('settings')}?tab=business`}
          className="font-semibold text-amber-950 underline underline-offset-2 hover:no-underline"
        >
          Complete your business profile
        </Link>
      </p>
    </div>
  )
}
