/**
 * /waitlist: idle, success, error. After success the form
 * is cleared and the button disabled. Visitors sent here by an invalid invite code see why.
 */
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { CheckCircle2, ClipboardList } from 'lucide-react'
import { JoinWaitlistRequestSchema } from '@myodocs/shared/contracts/waitlist'
import { ERROR_TRY_AGAIN_LATER, INVALID_INVITE_CODE } from '@myodocs/shared/constants/messages'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { FIELD_LABELS, PHONE_PLACEHOLDER } from '@myodocs/shared/constants/field-labels'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { applyServerErrors, FormError, useZodForm } from '../../../components/ui/form'
import { failureText } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { AuthCard, Notice } from '../../../components/ui/auth-card'
import { useJoinWaitlist } from '../api/join-waitlist'

const EMPTY = { name: '', businessName: '', email: '', phoneNumber: '' }

export default function WaitlistPage() {
  usePageMeta({
    title: 'Join the waitlist',
    description:
      'MyoDocs is in an invite-only beta. Join the waitlist and we will email you an invite code.',
  })
  const location = useLocation()
  const fromInvalidCode = Boolean(
    (location.state as { invalidInviteCode?: boolean } | null)?.invalidInviteCode,
  )
  const form = useZodForm(JoinWaitlistRequestSchema, { defaultValues: EMPTY })
  const mutation = useJoinWaitlist()
  const [formError, setFormError] = useState<string | null>(null)
  const [joined, setJoined] = useState<string | null>(null)
  const { errors } = form.formState

  const phone = form.register('phoneNumber', {
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      const formatted = formatUsPhone(e.target.value)
      if (formatted !== e.target.value)
        form.setValue('phoneNumber', formatted, { shouldValidate: true })
    },
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      setJoined(await mutation.mutateAsync(values))
      form.reset(EMPTY)
    } catch (err) {
      applyServerErrors(form, err)
      setFormError(failureText(err, ERROR_TRY_AGAIN_LATER))
    }
  })

  return (
    <AuthCard
      title="Join the waitlist"
      description="MyoDocs is in an invite-only beta. Leave your details and we will email you an invite code as soon as a spot opens."
      icon={<ClipboardList className="size-6" aria-hidden />}
      footer={
        <p>
          Have an invite code?{' '}
          <Link className="font-semibold text-brand-700 hover:underline" to={paths.inviteCode}>
            Enter it here
          </Link>
        </p>
      }
    >
      <form className="space-y-5" onSubmit={(e) => void onSubmit(e)} noValidate>
        {fromInvalidCode && !joined && (
          <Notice tone="warning" title={INVALID_INVITE_CODE}>
            No spot yet? Join the waitlist below, or{' '}
            <Link className="font-semibold underline" to={paths.inviteCode}>
              try another code
            </Link>
            .
          </Notice>
        )}
        {joined && (
          <Notice
            tone="success"
            title="You're on the list"
            icon={<CheckCircle2 className="size-4" aria-hidden />}
          >
            {joined}
          </Notice>
        )}
        <FormError message={formError} />
        <TextField
          label="Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label={FIELD_LABELS.businessName}
          autoComplete="organization"
          hint="Optional"
          error={errors.businessName?.message}
          {...form.register('businessName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={PHONE_PLACEHOLDER}
          hint="Optional"
          error={errors.phoneNumber?.message}
          {...phone}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          pending={mutation.isPending}
          disabled={Boolean(joined)}
        >
          {joined
            ? 'You are on the waitlist'
            : mutation.isPending
              ? 'Joining…'
              : 'Join the Waitlist'}
        </Button>
      </form>
    </AuthCard>
  )
}
