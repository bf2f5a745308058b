/** The signed-in app's authentication error screen (Go to Login, Reload Page). */
import { useNavigate } from 'react-router'
import { ShieldAlert } from 'lucide-react'
import {
  AUTHENTICATION_ERROR,
  GO_TO_LOGIN,
  RELOAD_PAGE,
  SESSION_CHECK_FAILED,
} from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../lib/paths'

export function AuthErrorScreen({ message }: { message: string }) {
  const navigate = useNavigate()
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <ShieldAlert className="size-7" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold text-slate-900">{AUTHENTICATION_ERROR}</h1>
      <p className="max-w-md text-slate-600">
        {SESSION_CHECK_FAILED} {message}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => void navigate(paths.login)}>{GO_TO_LOGIN}</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {RELOAD_PAGE}
        </Button>
      </div>
    </div>
  )
}
