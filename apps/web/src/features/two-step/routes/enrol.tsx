/**
 * /app/two-step: the practice requires two-step sign-in and this user has none yet. Nothing else
 * answers until they enrol (the server's 403 TWO_STEP_REQUIRED); then on to the app.
 */
import { useNavigate } from 'react-router'
import { ShieldCheck } from 'lucide-react'
import {
  TWO_STEP_ENROLMENT_REQUIRED,
  TWO_STEP_TITLE,
} from '@myodocs/shared/constants/two-step-messages'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { SecuritySettings } from '../components/security-settings'

export default function TwoStepEnrolPage() {
  usePageMeta({ title: TWO_STEP_TITLE, description: TWO_STEP_ENROLMENT_REQUIRED })
  const navigate = useNavigate()
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <header className="flex items-center gap-3">
        <ShieldCheck className="size-7 text-brand-700" aria-hidden />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{TWO_STEP_TITLE}</h1>
          <p className="mt-1 text-sm text-slate-600">{TWO_STEP_ENROLMENT_REQUIRED}</p>
        </div>
      </header>
      <SecuritySettings
        heldBackNotice={false}
        onEnrolled={() => void navigate(paths.app, { replace: true })}
      />
    </main>
  )
}
