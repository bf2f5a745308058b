/**
 * /invite-code: one field, upper-cased as typed;
 * a valid code is held in the session and the journey continues to /register (a plan was chosen)
 * or /select-plan. INVALID_INVITE_CODE sends the visitor to the waitlist with the message.
 */
import { useEffect, useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { Ticket } from 'lucide-react'
import { CONTINUE_TO_REGISTRATION } from '@myodocs/shared/constants/messages'
import { ValidateInviteCodeRequestSchema } from '@myodocs/shared/contracts/auth'
import { normalizeInviteCode } from '@myodocs/shared/domain/invite-code'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { FormError, useZodForm } from '../../../components/ui/form'
import { ApiError } from '../../../lib/api-client'
import { inviteCodeError } from '../invite-code-error'
import { usePageMeta } from '../../../lib/page-meta'
import { paths } from '../../../lib/paths'
import { useValidateInviteCode } from '../api/validate-invite-code'
import { AuthCard } from '../../../components/ui/auth-card'
import { afterInviteCodePath, signupSession } from '../../registration'
import { ReferralNotice, useTrialDays } from '../../referral'
import { useSignedInAtOpen } from '../../sessions'

export default function InviteCodePage() {
  usePageMeta({
    title: 'Enter your invite code',
    description: 'MyoDocs is in an invite-only beta. Enter your invite code to create an account.',
  })
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const choice = {
    tier: params.get('tier'),
    billing: params.get('billing'),
    ref: params.get('ref'),
  }
  const [formError, setFormError] = useState<string | null>(null)
  const form = useZodForm(ValidateInviteCodeRequestSchema, {
    defaultValues: { inviteCode: normalizeInviteCode(params.get('code') ?? '') },
  })
  const mutation = useValidateInviteCode()
  const ref = signupSession.ref(choice.ref)
  const trialDays = useTrialDays(ref)
  const dismissReferral = () => {
    signupSession.forgetRef()
    const next = new URLSearchParams(params)
    next.delete('ref')
    setParams(next, { replace: true, preventScrollReset: true })
  }

  useEffect(() => signupSession.rememberRef(choice.ref), [choice.ref])

  const signedIn = useSignedInAtOpen()
  if (signedIn) return <Navigate to={paths.app} replace />
  // Coming back from /select-plan with a plan while a valid code is already held: continue.
  const held = signupSession.inviteCode()
  if (held && choice.tier) return <Navigate to={afterInviteCodePath(choice)} replace />

  const field = form.register('inviteCode')
  const onSubmit = form.handleSubmit(async ({ inviteCode }) => {
    setFormError(null)
    const code = normalizeInviteCode(inviteCode)
    try {
      await mutation.mutateAsync(code)
      signupSession.setInviteCode(code)
      await navigate(afterInviteCodePath({ ...choice, ref: signupSession.ref(choice.ref) }))
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_INVITE_CODE') {
        await navigate(paths.waitlist, { state: { invalidInviteCode: true } })
        return
      }
      setFormError(inviteCodeError(err))
    }
  })

  return (
    <AuthCard
      title="Enter your invite code"
      description={`MyoDocs is in an invite-only beta. Your code starts a ${trialDays}-day free trial.`}
      icon={<Ticket className="size-6" aria-hidden />}
      footer={
        <p>
          Don&apos;t have a code?{' '}
          <Link className="font-semibold text-brand-700 hover:underline" to={paths.waitlist}>
            Join the waitlist
          </Link>
        </p>
      }
    >
      <form className="space-y-5" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ReferralNotice code={ref} onDismiss={dismissReferral} />
        <FormError message={formError} />
        <TextField
          label="Invite code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. K7QMX4RTP2"
          className="font-mono text-base tracking-[0.2em] uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case"
          required
          error={form.formState.errors.inviteCode?.message}
          {...field}
          onChange={(e) => {
            // Forced to upper case as typed (the caret stays where it was).
            const { selectionStart, selectionEnd } = e.target
            e.target.value = e.target.value.toUpperCase()
            e.target.setSelectionRange(selectionStart, selectionEnd)
            void field.onChange(e)
          }}
        />
        <Button type="submit" size="lg" className="w-full" pending={mutation.isPending}>
          {CONTINUE_TO_REGISTRATION}
        </Button>
      </form>
    </AuthCard>
  )
}
