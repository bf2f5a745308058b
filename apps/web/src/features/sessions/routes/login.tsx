/** /login: back to the page the user came from after success. */
import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { KeyRound, LogIn, ShieldCheck } from 'lucide-react'
import type { SecondStepMethod } from '@myodocs/shared/contracts/two-step'
import {
  BACK_TO_SIGN_IN,
  PASSKEY_NOT_VERIFIED,
  SECOND_STEP_TITLE,
  USE_PASSKEY,
} from '@myodocs/shared/constants/two-step-messages'
import { LoginRequestSchema } from '@myodocs/shared/contracts/auth'
import {
  LOGIN_FAILED_RETRY,
  LOGIN_INVALID_USER,
  SESSION_EXPIRED,
  ACCOUNT_DEACTIVATED,
  SIGNED_OUT,
  SIGNED_OUT_IDLE,
} from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { FormError, useZodForm } from '../../../components/ui/form'
import { failureText } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { useLogin } from '../api/login'
import { authStore, useAuth } from '../auth-store'
import { AuthCard, Notice } from '../../../components/ui/auth-card'
import { PasswordField } from '../../passwords'
import { takeReturnTo } from '../return-to'
import { useSignedInAtOpen } from '../signed-in-at-open'
import {
  announceRecoveryCodesLeft,
  needsSecondStep,
  SecondStepForm,
  signInWithPasskey,
} from '../../two-step'
import type { SignedIn } from '../../two-step'

const NOTICES = {
  expired: SESSION_EXPIRED,
  deactivated: ACCOUNT_DEACTIVATED,
  idle: SIGNED_OUT_IDLE,
  'signed-out': SIGNED_OUT,
} as const

export default function LoginPage() {
  usePageMeta({
    title: 'Sign In',
    description: 'Sign in to MyoDocs to write assessment reports and exercise prescriptions.',
  })
  const auth = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const from = (location.state as { from?: unknown } | null)?.from
  const [formError, setFormError] = useState<string | null>(null)
  const form = useZodForm(LoginRequestSchema, { defaultValues: { email: '', password: '' } })
  const mutation = useLogin()
  const errors = form.formState.errors
  const [secondStep, setSecondStep] = useState<SecondStepMethod[] | null>(null)
  const [passkeyPending, setPasskeyPending] = useState(false)

  // Already signed in when the page opened (the back button, a bookmark): straight on.
  const signedInAtOpen = useSignedInAtOpen()
  if (signedInAtOpen) return <Navigate to={takeReturnTo(from)} replace />

  const finish = async (result: SignedIn) => {
    // The returned user must have an id.
    if (!result.user?.id) return setFormError(LOGIN_INVALID_USER)
    authStore.signedIn(result.user)
    announceRecoveryCodesLeft(result)
    const target = result.twoStepEnrolmentRequired ? paths.twoStepSetup : takeReturnTo(from)
    await navigate(target, { replace: true })
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const result = await mutation.mutateAsync(values)
      if (needsSecondStep(result)) return setSecondStep(result.methods)
      if (!result) return setFormError(LOGIN_INVALID_USER)
      await finish(result)
    } catch (err) {
      setFormError(failureText(err, LOGIN_FAILED_RETRY))
    }
  })

  const passkey = async () => {
    setFormError(null)
    setPasskeyPending(true)
    try {
      await finish(await signInWithPasskey())
    } catch (err) {
      setFormError(failureText(err, PASSKEY_NOT_VERIFIED))
    } finally {
      setPasskeyPending(false)
    }
  }

  if (secondStep) {
    return (
      <AuthCard
        title={SECOND_STEP_TITLE}
        description="Your account asks for a second step."
        icon={<ShieldCheck className="size-6" aria-hidden />}
        footer={
          // The wrong account, or no phone at hand: back to the password, nothing kept.
          <button
            type="button"
            className="font-semibold text-brand-700 hover:underline"
            onClick={() => setSecondStep(null)}
          >
            {BACK_TO_SIGN_IN}
          </button>
        }
      >
        <SecondStepForm methods={secondStep} onSignedIn={finish} />
      </AuthCard>
    )
  }

  const notice = auth.endedBy ? NOTICES[auth.endedBy] : null
  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to your MyoDocs account."
      icon={<LogIn className="size-6" aria-hidden />}
      footer={
        <p>
          New to MyoDocs?{' '}
          <Link className="font-semibold text-brand-700 hover:underline" to={paths.inviteCode}>
            Create an account
          </Link>
        </p>
      }
    >
      <form className="space-y-5" onSubmit={(e) => void onSubmit(e)} noValidate>
        {notice && !formError && (
          <Notice tone={auth.endedBy === 'signed-out' ? 'info' : 'warning'}>{notice}</Notice>
        )}
        <FormError message={formError} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="space-y-1.5">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <div className="text-right">
            <Link
              to={paths.resetPassword}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Forgot your password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" pending={mutation.isPending}>
          {mutation.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <div className="mt-4">
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          pending={passkeyPending}
          onClick={() => void passkey()}
        >
          <KeyRound className="size-4" aria-hidden />
          {USE_PASSKEY}
        </Button>
      </div>
    </AuthCard>
  )
}
