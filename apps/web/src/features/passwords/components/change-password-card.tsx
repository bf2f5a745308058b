/**
 * Change password (profile tab): the current password, then a new one that meets the
 * policy (the strength meter of registration) and is not one of the last 5. Other sessions end.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { ChangePasswordFormSchema } from '@myodocs/shared/contracts/auth'
import { PASSWORD_REQUIREMENTS_NOT_MET } from '@myodocs/shared/constants/messages'
import { PASSWORD_CHANGED } from '@myodocs/shared/constants/settings-messages'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { Button } from '../../../components/ui/button'
import { FormError, serverFormError, useZodForm } from '../../../components/ui/form'
import { usePasswordPolicy } from '../api/get-password-policy'
import { PasswordField } from './password-field'
import { PasswordStrengthMeter } from './password-strength'
import { usePasswordStrength } from '../hooks/use-password-strength'
import { useChangePassword } from '../api/change-password'
import { recheckConfirmation } from '../recheck-confirmation'
import { SectionCard } from '../../../components/ui/settings-section'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordCard() {
  const form = useZodForm(ChangePasswordFormSchema, { defaultValues: EMPTY })
  const [formError, setFormError] = useState<string | null>(null)
  const policy = usePasswordPolicy()
  const newPassword = form.watch('newPassword')
  const strength = usePasswordStrength(newPassword)
  const change = useChangePassword()
  const { errors, isDirty, isSubmitting } = form.formState
  useUnsavedChanges('password', isDirty)

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null)
    if (strength.source && !strength.pending && !strength.isValid) {
      form.setError('newPassword', { message: PASSWORD_REQUIREMENTS_NOT_MET })
      return
    }
    try {
      await change.mutateAsync({ currentPassword, newPassword })
      form.reset(EMPTY)
      toast.success(PASSWORD_CHANGED)
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })

  return (
    <SectionCard
      title="Password"
      description={`At least ${policy.minLength} characters with upper- and lower-case letters, a number and a symbol; not one of your last ${policy.historyCount}. Changing it signs out your other sessions.`}
      headingId="password-title"
      footer={
        <>
          {isDirty && (
            <Button variant="ghost" onClick={() => form.reset(EMPTY)} disabled={isSubmitting}>
              Clear
            </Button>
          )}
          <Button type="submit" form="change-password" pending={isSubmitting} disabled={!isDirty}>
            Change password
          </Button>
        </>
      }
    >
      <form
        id="change-password"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-labelledby="password-title"
        className="grid gap-4 sm:max-w-md"
      >
        <FormError message={formError} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label={FIELD_LABELS.newPassword}
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...form.register('newPassword', { onChange: () => recheckConfirmation(form) })}
        />
        {newPassword && <PasswordStrengthMeter strength={strength} policy={policy} showHistory />}
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
      </form>
    </SectionCard>
  )
}
