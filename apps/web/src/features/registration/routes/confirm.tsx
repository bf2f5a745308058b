/**
 * /register/confirm: the link registering emails a new address (docs/product/accounts.md#registration).
 * The button (not the page load) creates the account and signs in, so a mail scanner that opens
 * the link creates nothing; the token leaves the address bar for this tab's session, as the reset
 * and unlock links' do.
 */
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { MailCheck } from 'lucide-react'
import { toast } from '../../../components/ui/toast'
import { REGISTRATION_FAILED, REGISTRATION_WELCOME } from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { AuthCard } from '../../../components/ui/auth-card'
import { FormError } from '../../../components/ui/form'
import { ApiError, failureText } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { authStore } from '../../sessions'
import { useConfirmRegistration } from '../api/register'
import { signupSession } from '../signup-session'

const TOKEN_KEY = 'myodocs.registrationToken'

const linkClass = 'font-semibold text-brand-700 hover:underline'

export default function ConfirmRegistrationPage() {
  usePageMeta({
    title: 'Finish creating your account',
    description: 'Confirm your email to finish creating your MyoDocs account.',
  })
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const fromUrl = params.get('token')
  const [token] = useState(() => fromUrl ?? sessionStorage.getItem(TOKEN_KEY))
  const mutation = useConfirmRegistration()
  const [error, setError] = useState<{ text: string; signIn: boolean } | null>(null)

  useEffect(() => {
    if (!fromUrl) return
    sessionStorage.setItem(TOKEN_KEY, fromUrl)
    setParams({}, { replace: true })
  }, [fromUrl, setParams])

  const create = async () => {
    if (!token) return
    setError(null)
    try {
      const user = await mutation.mutateAsync(token)
      if (!user?.id) return setError({ text: REGISTRATION_FAILED, signIn: false })
      sessionStorage.removeItem(TOKEN_KEY)
      authStore.signedIn(user)
      signupSession.clear()
      toast.success(REGISTRATION_WELCOME)
      await navigate(paths.app, { replace: true })
    } catch (err) {
      const taken = err instanceof ApiError && err.status === 409
      setError({ text: failureText(err, REGISTRATION_FAILED), signIn: taken })
    }
  }

  return (
    <AuthCard
      title="Finish creating your account"
      icon={<MailCheck className="size-6" aria-hidden />}
      footer={
        <p>
          Already have an account?{' '}
          <Link className={linkClass} to={paths.login}>
            Sign in
          </Link>
        </p>
      }
    >
      <div className="space-y-5 text-sm text-slate-700">
        <FormError message={error?.text ?? null} />
        {token && !error?.signIn ? (
          <>
            <p>Your email is confirmed. Create your account to start your free trial.</p>
            <Button
              size="lg"
              className="w-full"
              pending={mutation.isPending}
              onClick={() => void create()}
            >
              {mutation.isPending ? 'Creating your account…' : 'Create my account'}
            </Button>
          </>
        ) : token ? null : (
          <p>
            This sign-up link is incomplete. Open the link from the email again, or{' '}
            <Link className={linkClass} to={paths.inviteCode}>
              start again
            </Link>
            .
          </p>
        )}
      </div>
    </AuthCard>
  )
}
