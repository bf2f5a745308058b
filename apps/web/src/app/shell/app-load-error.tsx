/** App load: a compliance-status failure blocks the app with a reload button. */
import { AlertOctagon, RotateCw } from 'lucide-react'
import {
  FAILED_TO_LOAD_APPLICATION,
  FAILED_TO_LOAD_EXPLANATION,
  RELOAD_PAGE,
} from '@myodocs/shared/constants/messages'
import { Button } from '../../components/ui/button'
import { Logo } from '../../components/ui/logo'

export function AppLoadError({ detail }: { detail?: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <Logo className="mb-4" />
      <div
        role="alert"
        className="flex max-w-md flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm"
      >
        <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <AlertOctagon className="size-7" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">{FAILED_TO_LOAD_APPLICATION}</h1>
        <p className="text-sm text-slate-600">{FAILED_TO_LOAD_EXPLANATION}</p>
        {detail && <p className="text-xs text-slate-500">{detail}</p>}
        <Button onClick={() => window.location.reload()}>
          <RotateCw className="size-4" aria-hidden />
          {RELOAD_PAGE}
        </Button>
      </div>
    </main>
  )
}
