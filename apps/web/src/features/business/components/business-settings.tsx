/**
 * Settings › Business (primary user only): the practice's name, address, phone, and the optional
 * email and fax of the letterhead (GET/PUT /business; complete when name, address and phone are
 * present) and its logo.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BusinessProfileUpdateSchema } from '@myodocs/shared/contracts/business'
import type { BusinessProfile } from '@myodocs/shared/contracts/business'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { BUSINESS_PROFILE_SAVED } from '@myodocs/shared/constants/settings-messages'
import { FIELD_LABELS, PHONE_PLACEHOLDER } from '@myodocs/shared/constants/field-labels'
import { Badge } from '../../../components/ui/badge'
import { TextAreaField, TextField } from '../../../components/ui/field'
import { useAuth } from '../../sessions'
import { businessQuery } from '../api/get-business'
import { useUpdateBusiness } from '../api/update-business'
import { LogoSettings } from './logo-settings'
import { useSubscription } from '../../subscription'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard, SettingsFormSection } from '../../../components/ui/settings-section'
import { useSectionForm } from '../../../components/ui/use-section-form'
import { paths } from '../../../lib/paths'

const formOf = (b: BusinessProfile | null, fallbackName: string) => ({
  name: b?.name ?? fallbackName,
  address: b?.address ?? '',
  phone: b?.phone ?? '',
  email: b?.email ?? '',
  fax: b?.fax ?? '',
})

export function BusinessSettings() {
  const query = useQuery(businessQuery)
  const subscription = useSubscription()
  return (
    <QueryState query={query} what="your business profile">
      {(business) => (
        <div className="space-y-6">
          <BusinessForm business={business} />
          <SectionCard
            title="Logo"
            description="Your practice logo on every document you generate."
            headingId="logo-title"
          >
            <LogoSettings
              business={business}
              planType={subscription.data?.planType}
              billingPath={paths.billingSettings}
            />
          </SectionCard>
        </div>
      )}
    </QueryState>
  )
}

function BusinessForm({ business }: { business: BusinessProfile | null }) {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const update = useUpdateBusiness()
  const fallbackName = user?.businessName ?? ''
  const { form, sectionProps } = useSectionForm({
    id: 'business',
    schema: BusinessProfileUpdateSchema,
    initial: formOf(business, fallbackName),
    save: async (values) => formOf(await update.mutateAsync(values), fallbackName),
    reload: async () =>
      formOf(await queryClient.fetchQuery({ ...businessQuery, staleTime: 0 }), fallbackName),
    savedMessage: BUSINESS_PROFILE_SAVED,
  })
  const { errors } = form.formState
  const current = useQuery(businessQuery).data ?? business
  // Phone and fax are formatted (555) 123-4567 on blur.
  const formattedOnBlur = (name: 'phone' | 'fax') =>
    form.register(name, {
      onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
        const formatted = e.target.value ? formatUsPhone(e.target.value) : ''
        if (formatted !== e.target.value)
          form.setValue(name, formatted, { shouldValidate: true, shouldDirty: true })
      },
    })
  return (
    <SettingsFormSection
      id="business"
      title={
        <span className="flex flex-wrap items-center gap-2">
          Business profile
          {current?.profileComplete ? (
            <Badge tone="success">Complete</Badge>
          ) : (
            <Badge tone="neutral">Incomplete</Badge>
          )}
        </span>
      }
      description="Printed on the letterhead of every document. Your profile is complete when the name, address and phone are all filled in."
      {...sectionProps}
    >
      <TextField
        label={FIELD_LABELS.businessName}
        required
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextAreaField
        label="Address"
        rows={3}
        autoComplete="street-address"
        placeholder={'123 Main Street, Suite 200\nAustin, TX 78701'}
        error={errors.address?.message}
        {...form.register('address')}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={PHONE_PLACEHOLDER}
        containerClassName="sm:max-w-xs"
        error={errors.phone?.message}
        {...formattedOnBlur('phone')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={FIELD_LABELS.practiceEmail}
          type="email"
          autoComplete="email"
          hint="Optional. Printed on the letterhead when set."
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={FIELD_LABELS.fax}
          type="tel"
          inputMode="tel"
          placeholder={PHONE_PLACEHOLDER}
          hint="Optional. Printed on the letterhead when set."
          error={errors.fax?.message}
          {...formattedOnBlur('fax')}
        />
      </div>
    </SettingsFormSection>
  )
}
