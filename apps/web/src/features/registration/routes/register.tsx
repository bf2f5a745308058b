/**
 * /register. Guarded: without a valid invite code held
 * in the session it goes back to /invite-code. The strength meter follows the server's check 300
 * ms after typing stops; the submit button waits for a valid password typed twice. Once sent, it
 * says to check the email: the account is made by the emailed link (/register/confirm).
 */
import { useEffect, useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { KeyRound, MailCheck, UserPlus } from 'lucide-react'
import { RegisterFormSchema } from '@myodocs/shared/contracts/auth'
import {
  BAA_SIGNED_NEXT,
  NO_CREDIT_CARD,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_INVALID_ON_SUBMIT,
  REGISTRATION_CHECK_EMAIL,
  REGISTRATION_FAILED,
  startTrialText,
} from '@myodocs/shared/constants/messages'
import { PLANS } from '@myodocs/shared/constants/plans'
import { loadCommonPasswords } from '@myodocs/shared/domain/password-policy'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import {
  FIELD_LABELS,
  PHONE_PLACEHOLDER,
  THERAPIST_TITLE_PLACEHOLDER,
} from '@myodocs/shared/constants/field-labels'
import { Button } from '../../../components/ui/button'
import { CheckboxField, TextField } from '../../../components/ui/field'
import { applyServerErrors, FormError, useZodForm } from '../../../components/ui/form'
import { ApiError, failureText } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { ReferralNotice, useReferral, useTrialDays } from '../../referral'
import {
  PasswordField,
  PasswordStrengthMeter,
  useGenerateSecurePassword,
  usePasswordPolicy,
  usePasswordStrength,
} from '../../passwords'
import { useRegister } from '../api/register'
import { useSignedInAtOpen } from '../../sessions'
import { AuthCard } from '../../../components/ui/auth-card'
import { signupSession, validBilling, validTier } from '../signup-session'

export default function RegisterPage() {
  usePageMeta({
    title: 'Create your account',
    description: 'Create your MyoDocs account and start your 30-day free trial.',
  })
  const [params] = useSearchParams()
  // Read once: the code is cleared on success, and this page must not bounce back meanwhile.
  const [inviteCode] = useState(() => signupSession.inviteCode())
  const signedIn = useSignedInAtOpen()
  if (signedIn) return <Navigate to={paths.app} replace />
  if (!inviteCode) {
    return <Navigate to={`${paths.inviteCode}${params.size ? `?${params}` : ''}`} replace />
  }
  return <RegisterForm inviteCode={inviteCode} params={params} />
}

function RegisterForm({ inviteCode, params }: { inviteCode: string; params: URLSearchParams }) {
  const navigate = useNavigate()
  const tier = validTier(params.get('tier'))
  const billing = validBilling(params.get('billing'))
  const ref = signupSession.ref(params.get('ref'))
  const referral = useReferral(ref)
  const trialDays = useTrialDays(ref)
  const [, setParams] = useSearchParams()
  const dismissReferral = () => {
    signupSession.forgetRef()
    const next = new URLSearchParams(params)
    next.delete('ref')
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const policy = usePasswordPolicy()
  const [formError, setFormError] = useState<string | null>(null)
  const [showPasswords, setShowPasswords] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm(RegisterFormSchema, {
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      businessName: '',
      therapistTitle: '',
      therapistPhone: '',
      password: '',
      confirmPassword: '',
      ageConfirmed: false,
      acceptTerms: false,
    },
  })
  const { errors } = form.formState
  const password = form.watch('password')
  const confirm = form.watch('confirmPassword')
  const strength = usePasswordStrength(password)
  const passwordsMatch = password.length > 0 && password === confirm
  const mismatch = confirm.length > 0 && password !== confirm
  // Matching passwords leave the confirmation nothing to refuse: an earlier "do not match" goes
  // as soon as the password is corrected, not only when the confirmation is typed in again.
  const confirmError = mismatch
    ? PASSWORDS_DO_NOT_MATCH
    : passwordsMatch
      ? undefined
      : errors.confirmPassword?.message
  const generate = useGenerateSecurePassword()
  const mutation = useRegister()

  // The common list is only for this page's local fallback: fetch it now, not on public pages.
  useEffect(() => void loadCommonPasswords(), [])

  const fillGenerated = async () => {
    const generated = await generate.mutateAsync()
    form.setValue('password', generated, { shouldValidate: true, shouldDirty: true })
    form.setValue('confirmPassword', generated, { shouldValidate: true, shouldDirty: true })
    setShowPasswords(true)
  }

  const phone = form.register('therapistPhone', {
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      // Formatted (555) 123-4567 on blur.
      const formatted = formatUsPhone(e.target.value)
      if (formatted !== e.target.value)
        form.setValue('therapistPhone', formatted, { shouldValidate: true })
    },
  })

  const onSubmit = form.handleSubmit(
    async ({ confirmPassword: _confirm, ...values }) => {
      setFormError(null)
      try {
        await mutation.mutateAsync({
          ...values,
          planType: tier ?? 'essential',
          billingFrequency: billing ?? 'monthly',
          referralCode: referral.isSuccess && ref ? ref : undefined,
          inviteCode,
          acceptBAA: true,
        })
        // The answer is the same whether or not the address has an account: the email says which.
        setSentTo(values.email)
      } catch (err) {
        if (err instanceof ApiError && err.code === 'INVALID_INVITE_CODE') {
          signupSession.clearInviteCode()
          toast.error(err.message)
          await navigate(paths.inviteCode, { replace: true })
          return
        }
        applyServerErrors(form, err)
        const fields = err instanceof ApiError ? Object.keys(err.fields ?? {}) : []
        // A field's error shows under it (e.g. the email already registered); else at the top.
        if (fields.length) form.setFocus(fields[0] as keyof typeof values)
        else setFormError(failureText(err, REGISTRATION_FAILED))
      }
    },
    (invalid) => {
      if (invalid.therapistPhone) setFormError(PHONE_INVALID_ON_SUBMIT)
    },
  )

  if (sentTo) return <CheckYourEmail email={sentTo} onChangeEmail={() => setSentTo(null)} />

  const plan = PLANS[tier ?? 'essential']
  return (
    <AuthCard
      wide
      title="Create your account"
      description={`${startTrialText(trialDays)}. ${NO_CREDIT_CARD}.`}
      icon={<UserPlus className="size-6" aria-hidden />}
      footer={
        <p>
          Already have an account?{' '}
          <Link className="font-semibold text-brand-700 hover:underline" to={paths.login}>
            Sign in
          </Link>
        </p>
      }
    >
      <form className="space-y-6" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm">
          <span className="text-slate-700">
            Plan: <span className="font-semibold text-slate-900">{plan.name}</span>
            {' · '}
            {billing === 'annually' ? 'billed annually' : 'billed monthly'}
          </span>
          <Link
            className="font-medium text-brand-700 hover:underline"
            to={`${paths.selectPlan}?${new URLSearchParams({ tier: plan.planType, billing: billing ?? 'monthly', ...(ref ? { ref } : {}) })}`}
          >
            Change plan
          </Link>
        </div>

        <ReferralNotice code={ref} onDismiss={dismissReferral} />

        <FormError message={formError} />

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Your details</legend>
          <TextField
            label={FIELD_LABELS.firstName}
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label={FIELD_LABELS.lastName}
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            containerClassName="sm:col-span-2"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label={FIELD_LABELS.businessName}
            autoComplete="organization"
            required
            containerClassName="sm:col-span-2"
            error={errors.businessName?.message}
            {...form.register('businessName')}
          />
          <TextField
            label={FIELD_LABELS.therapistTitle}
            placeholder={THERAPIST_TITLE_PLACEHOLDER}
            autoComplete="organization-title"
            error={errors.therapistTitle?.message}
            {...form.register('therapistTitle')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder={PHONE_PLACEHOLDER}
            required
            error={errors.therapistPhone?.message}
            {...phone}
          />
        </fieldset>

        <fieldset className="space-y-4 border-t border-slate-200 pt-6">
          <legend className="sr-only">Password</legend>
          <div className="space-y-2">
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <PasswordField
                  label="Password"
                  autoComplete="new-password"
                  required
                  visible={showPasswords}
                  onVisibleChange={setShowPasswords}
                  error={errors.password?.message}
                  {...form.register('password')}
                />
              </div>
              <Button
                variant="secondary"
                onClick={() => void fillGenerated()}
                pending={generate.isPending}
                title="Generate a strong password"
              >
                {!generate.isPending && <KeyRound className="size-4" aria-hidden />}
                Generate
              </Button>
            </div>
            <PasswordStrengthMeter strength={strength} policy={policy} />
          </div>
          <PasswordField
            label={FIELD_LABELS.confirmPassword}
            autoComplete="new-password"
            required
            visible={showPasswords}
            onVisibleChange={setShowPasswords}
            error={confirmError}
            {...form.register('confirmPassword')}
          />
          {showPasswords && passwordsMatch && (
            <p className="text-xs text-slate-500">
              Save this password in your password manager before you continue.
            </p>
          )}
        </fieldset>

        <fieldset className="space-y-3 border-t border-slate-200 pt-6">
          <legend className="sr-only">Confirmations</legend>
          <CheckboxField
            label="I confirm that I am at least 18 years old."
            error={errors.ageConfirmed?.message}
            {...form.register('ageConfirmed')}
          />
          <CheckboxField
            label={
              <>
                I accept the{' '}
                <a
                  className="font-medium text-brand-700 underline"
                  href={paths.terms}
                  target="_blank"
                  rel="noopener"
                >
                  Terms of Service
                </a>{' '}
                and I have read the{' '}
                <a
                  className="font-medium text-brand-700 underline"
                  href={paths.privacy}
                  target="_blank"
                  rel="noopener"
                >
                  Privacy Policy
                </a>
                .
              </>
            }
            error={errors.acceptTerms?.message}
            {...form.register('acceptTerms')}
          />
          <p className="text-sm text-slate-600">{BAA_SIGNED_NEXT}</p>
        </fieldset>

        <Button
          type="submit"
          size="lg"
          className="w-full"
          pending={mutation.isPending}
          disabled={!passwordsMatch || !strength.isValid}
        >
          {mutation.isPending ? 'Creating your account…' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  )
}

/** After registering: where the next step is, true for a new and a registered address alike. */
function CheckYourEmail({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  return (
    <AuthCard title="Check your email" icon={<MailCheck className="size-6" aria-hidden />}>
      <div className="space-y-4 text-sm text-slate-700" role="status">
        <p>{REGISTRATION_CHECK_EMAIL}</p>
        <p>
          Sent to <span className="font-semibold text-slate-900">{email}</span>.
        </p>
        <Button variant="secondary" className="w-full" onClick={onChangeEmail}>
          Use a different email
        </Button>
      </div>
    </AuthCard>
  )
}
