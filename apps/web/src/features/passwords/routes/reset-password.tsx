/**
 * /reset-password: request, email sent, token form, success (docs/product/accounts.md#password-reset).
 * The token from the emailed link is moved out of the address bar into this tab's
 * session, so it does not linger in history.
 */
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CheckCircle2, KeyRound, MailCheck } from 'lucide-react'
import {
  ForgotPasswordRequestSchema,
  ResetPasswordFormSchema,
} from '@myodocs/shared/contracts/auth'
import {
  CHECK_YOUR_EMAIL,
  ERROR_TRY_AGAIN,
  FORGOT_PASSWORD_FAILED,
  PASSWORD_RESET_SUCCESSFUL,
} from '@myodocs/shared/constants/messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { Button, buttonClasses } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { applyServerErrors, FormError, useZodForm } from '../../../components/ui/form'
import { ApiError, failureText } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { authStore } from '../../sessions'
import { useForgotPassword } from '../api/forgot-password'
import { useResetPassword, useResetTokenCheck } from '../api/reset-password'
import { announceRecoveryCodesLeft, needsSecondStep, SecondStepForm } from '../../two-step'
import type { SignedIn } from '../../two-step'
import type { SecondStepMethod } from '@myodocs/shared/contracts/two-step'
import { SECOND_STEP_TITLE } from '@myodocs/shared/constants/two-step-messages'
import { AuthCard } from '../../../components/ui/auth-card'
import { NewPasswordFields } from '../components/new-password-fields'
import { recheckConfirmation } from '../recheck-confirmation'

const TOKEN_KEY = 'myodocs.resetToken'

export default function ResetPasswordPage() {
  usePageMeta({
    title: 'Reset your password',
    description: 'Reset the password of your MyoDocs account.',
  })
  const [params, setParams] = useSearchParams()
  const fromUrl = params.get('token')
  const [token, setToken] = useState(() => fromUrl ?? sessionStorage.getItem(TOKEN_KEY))

  // Keep the token in this tab's session (a reload still works) and out of the address bar.
  useEffect(() => {
    if (!fromUrl) return
    sessionStorage.setItem(TOKEN_KEY, fromUrl)
    setParams({}, { replace: true })
  }, [fromUrl, setParams])

  if (token) {
    return (
      <NewPasswordForm
        token={token}
        onStartOver={() => {
          sessionStorage.removeItem(TOKEN_KEY)
          setToken(null)
        }}
      />
    )
  }
  return <RequestForm />
}

function RequestForm() {
  const form = useZodForm(ForgotPasswordRequestSchema, { defaultValues: { email: '' } })
  const mutation = useForgotPassword()
  const [formError, setFormError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null)

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null)
    try {
      setSentTo({ email, message: await mutation.mutateAsync(email) })
    } catch (err) {
      setFormError(failureText(err, FORGOT_PASSWORD_FAILED))
    }
  })

  if (sentTo) {
    return (
      <AuthCard
        title={CHECK_YOUR_EMAIL}
        icon={<MailCheck className="size-6" aria-hidden />}
        footer={
          <Link className="font-semibold text-brand-700 hover:underline" to={paths.login}>
            Back to Sign In
          </Link>
        }
      >
        <div className="space-y-4 text-center text-sm text-slate-700">
          <p>{sentTo.message}</p>
          <p>
            We sent it to <strong className="text-slate-900">{sentTo.email}</strong>. Check your
            spam folder if it does not arrive within a few minutes.
          </p>
          <Button variant="outline" onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email of your account and we will send you a link to choose a new password."
      icon={<KeyRound className="size-6" aria-hidden />}
      footer={
        <p>
          Remembered it?{' '}
          <Link className="font-semibold text-brand-700 hover:underline" to={paths.login}>
            Sign in
          </Link>
        </p>
      }
    >
      <form className="space-y-5" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormError message={formError} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" className="w-full" pending={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  )
}

function NewPasswordForm({ token, onStartOver }: { token: string; onStartOver: () => void }) {
  const form = useZodForm(ResetPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  })
  const mutation = useResetPassword()
  const check = useResetTokenCheck(token)
  const [submitError, setFormError] = useState<{ message: string; expired: boolean } | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [secondStep, setSecondStep] = useState<{
    methods: SecondStepMethod[]
    message: string
  } | null>(null)
  const { errors } = form.formState
  // A used or expired link says so as the page opens, not after the password is typed twice; a
  // check that could not be made leaves the form (the reset itself will tell).
  const refusal =
    check.error instanceof ApiError && check.error.code === 'INVALID_RESET_TOKEN'
      ? check.error
      : null
  const linkRefused = refusal !== null
  const formError = submitError ?? (refusal ? { message: refusal.message, expired: true } : null)

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFormError(null)
    try {
      const { message, result } = await mutation.mutateAsync({ token, newPassword })
      sessionStorage.removeItem(TOKEN_KEY)
      // An account with two-step sign-in takes its second step before it is signed in.
      if (needsSecondStep(result)) return setSecondStep({ methods: result.methods, message })
      // The reset signed this browser in (and lifted a sign-in pause strangers caused).
      authStore.signedIn(result.user)
      setDone(message)
    } catch (err) {
      applyServerErrors(form, err)
      // A policy or history refusal shows under the field; anything else at the top.
      if (err instanceof ApiError && err.fields) return
      const expired = err instanceof ApiError && err.code === 'INVALID_RESET_TOKEN'
      setFormError({ message: failureText(err, ERROR_TRY_AGAIN), expired })
    }
  })

  if (secondStep && !done) {
    return (
      <AuthCard title={SECOND_STEP_TITLE} description={secondStep.message}>
        <SecondStepForm
          methods={secondStep.methods}
          onSignedIn={(r: SignedIn) => {
            authStore.signedIn(r.user)
            announceRecoveryCodesLeft(r)
            setDone(secondStep.message)
          }}
        />
      </AuthCard>
    )
  }

  if (done) {
    return (
      <AuthCard
        title={PASSWORD_RESET_SUCCESSFUL}
        icon={<CheckCircle2 className="size-6" aria-hidden />}
      >
        <div className="space-y-5 text-center text-sm text-slate-700">
          <p>{done}</p>
          <p>For your security, you have been signed out everywhere else.</p>
          <Link to={paths.app} className={buttonClasses('primary', 'lg')}>
            Continue to MyoDocs
          </Link>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Your new password must be different from your last 5 passwords."
      icon={<KeyRound className="size-6" aria-hidden />}
    >
      <form className="space-y-5" onSubmit={(e) => void onSubmit(e)} noValidate>
        {formError && (
          <div className="space-y-2">
            <FormError message={formError.message} />
            {formError.expired && (
              <button
                type="button"
                onClick={onStartOver}
                className="text-sm font-semibold text-brand-700 hover:underline"
              >
                Request a new link
              </button>
            )}
          </div>
        )}
        {!linkRefused && (
          <>
            <NewPasswordFields
              label={FIELD_LABELS.newPassword}
              value={form.watch('newPassword')}
              password={form.register('newPassword', {
                onChange: () => recheckConfirmation(form),
              })}
              confirm={form.register('confirmPassword')}
              passwordError={errors.newPassword?.message}
              confirmError={errors.confirmPassword?.message}
            />
            <Button type="submit" size="lg" className="w-full" pending={mutation.isPending}>
              {mutation.isPending ? 'Saving…' : 'Reset Password'}
            </Button>
          </>
        )}
      </form>
    </AuthCard>
  )
}
