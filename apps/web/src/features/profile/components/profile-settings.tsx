/**
 * Settings › Profile: the person's own details through PUT /auth/profile (phone
 * rule, formatted on blur), and the password change.
 */
import { ProfileUpdateRequestSchema } from '@myodocs/shared/contracts/auth'
import type { User } from '@myodocs/shared/contracts/auth'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { PROFILE_SAVED } from '@myodocs/shared/constants/settings-messages'
import {
  FIELD_LABELS,
  PHONE_PLACEHOLDER,
  THERAPIST_TITLE_PLACEHOLDER,
} from '@myodocs/shared/constants/field-labels'
import { TextField } from '../../../components/ui/field'
import { authStore, useAuth } from '../../sessions'
import { useUpdateProfile } from '../api/update-profile'
import { ChangePasswordCard } from '../../passwords'
import { SettingsFormSection } from '../../../components/ui/settings-section'
import { useSectionForm } from '../../../components/ui/use-section-form'

const profileOf = (u: User) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  therapistTitle: u.therapistTitle,
  therapistPhone: u.therapistPhone,
  licenseNumber: u.licenseNumber,
})

export function ProfileSettings() {
  const { user } = useAuth()
  if (!user) return null
  return (
    <div className="space-y-6">
      <ProfileForm user={user} />
      <ChangePasswordCard />
    </div>
  )
}

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile()
  const { form, sectionProps } = useSectionForm({
    id: 'profile',
    schema: ProfileUpdateRequestSchema,
    initial: profileOf(user),
    save: async (values) => profileOf(await update.mutateAsync(values)),
    reload: async () => {
      await authStore.revalidate()
      return profileOf(authStore.getState().user ?? user)
    },
    savedMessage: PROFILE_SAVED,
  })
  const { errors } = form.formState
  const phone = form.register('therapistPhone', {
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      // Formatted (555) 123-4567 on blur.
      const formatted = formatUsPhone(e.target.value)
      if (formatted !== e.target.value)
        form.setValue('therapistPhone', formatted, { shouldValidate: true, shouldDirty: true })
    },
  })
  return (
    <SettingsFormSection
      id="profile"
      title="Your profile"
      description="How you appear on the documents you create and to your team."
      {...sectionProps}
    >
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
          inputMode="tel"
          required
          placeholder={PHONE_PLACEHOLDER}
          error={errors.therapistPhone?.message}
          {...phone}
        />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          disabled
          hint="Your sign-in address. Write to support to change it."
          containerClassName="sm:col-span-2"
        />
        <TextField
          label={FIELD_LABELS.licenseNumber}
          hint="Optional. Printed with your electronic signature on assessment reports."
          error={errors.licenseNumber?.message}
          {...form.register('licenseNumber')}
        />
      </div>
    </SettingsFormSection>
  )
}
