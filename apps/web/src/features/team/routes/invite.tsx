/**
 * /invite/{token}: accepting a team invitation (docs/product/team.md#accepting-an-invitation).
 * Signs out whoever is signed in first, then shows the business and who invited, and the form:
 * Create Your Account, or Reactivate Your Account for a returning member. Success → /app.
 */
import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { TriangleAlert, UserPlus } from 'lucide-react'
import { InvitationFormSchema } from '@myodocs/shared/contracts/team'
import type { InvitationDetails } from '@myodocs/shared/contracts/team'
import type { SecondStepMethod } from '@myodocs/shared/contracts/two-step'
import { SECOND_STEP_TITLE } from '@myodocs/shared/constants/two-step-messages'
import {
  CREATE_YOUR_ACCOUNT,
  FAILED_TO_ACCEPT_INVITATION,
  FAILED_TO_LOAD_INVITATION,
  GO_TO_LOGIN,
  INVALID_INVITATION,
  INVALID_INVITATION_LINK,
  invitedYouToJoin,
  NO_FREE_SEAT_TITLE,
  REACTIVATE_YOUR_ACCOUNT,
} from '@myodocs/shared/constants/team-messages'
import {
  FIELD_LABELS,
  PHONE_PLACEHOLDER,
  THERAPIST_TITLE_PLACEHOLDER,
} from '@myodocs/shared/constants/field-labels'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { Button, buttonClasses } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { announceRecoveryCodesLeft, needsSecondStep, SecondStepForm } from '../../two-step'
import type { SignedIn } from '../../two-step'
import { applyServerErrors, FormError, useZodForm } from '../../../components/ui/form'
import { AuthCard } from '../../../components/ui/auth-card'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, failureText } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { NewPasswordFields, recheckConfirmation } from '../../passwords'
import { authStore } from '../../sessions'
import { useAcceptInvitation } from '../api/accept-invitation'
import { useInvitation } from '../api/get-invitation'

export default function InvitePage() {
  usePageMeta({ title: 'Join your team', description: 'Accept your MyoDocs team invitation.' })
  const { token = '' } = useParams()
  const [signedOut, setSignedOut] = useState(false)

  // Whoever is signed in in this browser is signed out first: the link is for someone else.
  useEffect(() => {
    let live = true
    void authStore
      .ensureSession()
      .then(() =>
        authStore.getState().status === 'authenticated' ? authStore.signOut('user') : undefined,
      )
      .catch(() => undefined)
      .finally(() => live && setSignedOut(true))
    return () => {
      live = false
    }
  }, [])

  const query = useInvitation(token, signedOut)
  if (!signedOut || query.isPending) return <Spinner label="Loading your invitation…" />
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0
    // 409: the practice has no seat left for this invitation; the server says whom to ask.
    if (status === 409)
      return (
        <InvalidInvitation message={failureText(query.error, FAILED_TO_LOAD_INVITATION)} noSeat />
      )
    // Too many refused links from this network: the server's text says how long to wait.
    const message =
      status === 404
        ? INVALID_INVITATION_LINK
        : status === 429
          ? failureText(query.error, FAILED_TO_LOAD_INVITATION)
          : FAILED_TO_LOAD_INVITATION
    return <InvalidInvitation message={message} />
  }
  return <AcceptForm token={token} details={query.data} />
}

function InvalidInvitation({ message, noSeat = false }: { message: string; noSeat?: boolean }) {
  return (
    <AuthCard
      title={noSeat ? NO_FREE_SEAT_TITLE : INVALID_INVITATION}
      icon={<TriangleAlert className="size-6" aria-hidden />}
    >
      <div className="space-y-5 text-center text-sm text-slate-700">
        <p role="alert">{message}</p>
        {!noSeat && <p>Ask the person who invited you to send a new invitation.</p>}
        <Link to={paths.login} className={buttonClasses('primary', 'lg')}>
          {GO_TO_LOGIN}
        </Link>
      </div>
    </AuthCard>
  )
}

function AcceptForm({ token, details }: { token: string; details: InvitationDetails }) {
  const navigate = useNavigate()
  const accept = useAcceptInvitation(token)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useZodForm(InvitationFormSchema, {
    defaultValues: {
      firstName: details.invitation.firstName,
      lastName: details.invitation.lastName,
      // A returning member keeps the title and phone on their account unless they change them.
      therapistTitle: details.existingAccount?.therapistTitle ?? '',
      therapistPhone: details.existingAccount?.therapistPhone
        ? formatUsPhone(details.existingAccount.therapistPhone)
        : '',
      password: '',
      confirmPassword: '',
    },
  })
  const { errors } = form.formState
  const inviter = `${details.invitedBy.firstName} ${details.invitedBy.lastName}`.trim()

  const [secondStep, setSecondStep] = useState<SecondStepMethod[] | null>(null)

  const signedIn = async (result: SignedIn) => {
    authStore.signedIn(result.user)
    announceRecoveryCodesLeft(result)
    toast.success(`Welcome to ${details.business.name}!`)
    await navigate(result.twoStepEnrolmentRequired ? paths.twoStepSetup : paths.app)
  }

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null)
    try {
      const result = await accept.mutateAsync({
        password: v.password,
        firstName: v.firstName,
        lastName: v.lastName,
        therapistTitle: v.therapistTitle,
        therapistPhone: v.therapistPhone ?? '',
      })
      if (needsSecondStep(result)) return setSecondStep(result.methods)
      await signedIn(result)
    } catch (err) {
      applyServerErrors(form, err)
      if (err instanceof ApiError && err.fields) return
      setFormError(failureText(err, FAILED_TO_ACCEPT_INVITATION))
    }
  })

  const phone = form.register('therapistPhone', {
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      const formatted = e.target.value ? formatUsPhone(e.target.value) : ''
      if (formatted !== e.target.value) form.setValue('therapistPhone', formatted)
    },
  })

  if (secondStep) {
    return (
      <AuthCard
        title={SECOND_STEP_TITLE}
        description={invitedYouToJoin(inviter || 'Your colleague', details.business.name)}
      >
        <SecondStepForm methods={secondStep} onSignedIn={signedIn} />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={details.userExists ? REACTIVATE_YOUR_ACCOUNT : CREATE_YOUR_ACCOUNT}
      description={invitedYouToJoin(inviter || 'Your colleague', details.business.name)}
      icon={
        details.business.logoUrl ? (
          <img
            src={details.business.logoUrl}
            alt={details.business.name}
            className="max-h-10 max-w-10 object-contain"
          />
        ) : (
          <UserPlus className="size-6" aria-hidden />
        )
      }
      footer={
        <p>
          Already have an account?{' '}
          <Link className="font-semibold text-brand-700 hover:underline" to={paths.login}>
            Sign in
          </Link>
        </p>
      }
    >
      <form className="space-y-5" onSubmit={(e) => void onSubmit(e)} noValidate>
        <p className="text-center text-sm font-semibold text-slate-900">{details.business.name}</p>
        <FormError message={formError} />
        <TextField label="Email" type="email" value={details.invitation.email} readOnly />
        <div className="grid gap-4 sm:grid-cols-2">
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
        </div>
        <TextField
          label={FIELD_LABELS.therapistTitle}
          placeholder={THERAPIST_TITLE_PLACEHOLDER}
          error={errors.therapistTitle?.message}
          {...form.register('therapistTitle')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder={PHONE_PLACEHOLDER}
          error={errors.therapistPhone?.message}
          {...phone}
        />
        <NewPasswordFields
          label="Password"
          value={form.watch('password')}
          password={form.register('password', { onChange: () => recheckConfirmation(form) })}
          confirm={form.register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <Button type="submit" size="lg" className="w-full" pending={accept.isPending}>
          {details.userExists ? 'Reactivate Account' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  )
}
