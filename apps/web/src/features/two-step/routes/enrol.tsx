/**
 * /app/two-step: the practice requires two-step sign-in and this user has none yet. Nothing else
 * answers until they enrol (the server's 403 TWO_STEP_REQUIRED); then on to the app. Sign Out is
 * here too, since the app's sidebar is not: someone without their phone can leave.
 */
import { useNavigate } from 'react-router'
import { ShieldCheck } from 'lucide-react'
import {
  TWO_STEP_ENROLMENT_REQUIRED,
  TWO_STEP_TITLE,
} from '@myodocs/shared/constants/two-step-messages'
import { usePageMeta } from '../../../lib/page-meta'
import { SignOutButton } from '../../sessions'
import { paths } from '../../../lib/paths'
import { SecuritySettings } from '../components/security-settings'

export default function TwoStepEnrolPage() {
  usePageMeta({ title: TWO_STEP_TITLE, description: TWO_STEP_ENROLMENT_REQUIRED })
  const navigate = useNavigate()
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-start gap-3">
        <ShieldCheck className="mt-0.5 size-7 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0 flex-1 basis-56">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{TWO_STEP_TITLE}</h1>
          <p className="mt-1 text-sm text-slate-600">{TWO_STEP_ENROLMENT_REQUIRED}</p>
        </div>
        <SignOutButton className="ml-auto" />
      </header>
      <SecuritySettings
        heldBackNotice={false}
        onEnrolled={() => void navigate(paths.app, { replace: true })}
      />
    </main>
  )
}
