/**
 * /unlock: the link a paused sign-in emails the account's owner (docs/product/accounts.md#sign-in).
 * Confirming with the button makes this browser a known one for the account, so it signs in with
 * the password while the pause holds for other browsers. The token is moved out of the address
 * bar into this tab's session, like the reset link's; the button (not the page load) uses it, so
 * a mail scanner that opens the link unlocks nothing.
 */
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CheckCircle2, LockOpen } from 'lucide-react'
import { ERROR_TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { Button, buttonClasses } from '../../../components/ui/button'
import { AuthCard } from '../../../components/ui/auth-card'
import { FormError } from '../../../components/ui/form'
import { failureText } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { useUnlockBrowser } from '../api/unlock'

const TOKEN_KEY = 'myodocs.unlockToken'

const linkClass = 'font-semibold text-brand-700 hover:underline'

export default function UnlockPage() {
  usePageMeta({
    title: 'Unlock sign-in',
    description: 'Unlock sign-in to your MyoDocs account on this browser.',
  })
  const [params, setParams] = useSearchParams()
  const fromUrl = params.get('token')
  const [token] = useState(() => fromUrl ?? sessionStorage.getItem(TOKEN_KEY))
  const mutation = useUnlockBrowser()
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  useEffect(() => {
    if (!fromUrl) return
    sessionStorage.setItem(TOKEN_KEY, fromUrl)
    setParams({}, { replace: true })
  }, [fromUrl, setParams])

  const unlock = async () => {
    if (!token) return
    setError(null)
    try {
      setDone(await mutation.mutateAsync(token))
      sessionStorage.removeItem(TOKEN_KEY)
    } catch (err) {
      setError(failureText(err, ERROR_TRY_AGAIN))
    }
  }

  if (done) {
    return (
      <AuthCard title="Sign-in unlocked" icon={<CheckCircle2 className="size-6" aria-hidden />}>
        <div className="space-y-5 text-center text-sm text-slate-700">
          <p>{done}</p>
          <Link to={paths.login} className={buttonClasses('primary', 'lg')}>
            Sign In
          </Link>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Unlock sign-in on this browser"
      description="After many failed sign-ins from other browsers, signing in to your account from a new browser is paused for a while. Browsers you signed in with before keep working."
      icon={<LockOpen className="size-6" aria-hidden />}
      footer={
        <p>
          Prefer a new password?{' '}
          <Link className={linkClass} to={paths.resetPassword}>
            Reset your password
          </Link>
        </p>
      }
    >
      <div className="space-y-5 text-sm text-slate-700">
        <FormError message={error} />
        {token ? (
          <>
            <p>Unlock it here if this is the browser you want to sign in with.</p>
            <Button
              size="lg"
              className="w-full"
              pending={mutation.isPending}
              onClick={() => void unlock()}
            >
              {mutation.isPending ? 'Unlocking…' : 'Unlock this browser'}
            </Button>
          </>
        ) : (
          <p>
            This unlock link is incomplete. Open the link from the email again, or{' '}
            <Link className={linkClass} to={paths.login}>
              go to sign in
            </Link>
            .
          </p>
        )}
      </div>
    </AuthCard>
  )
}
