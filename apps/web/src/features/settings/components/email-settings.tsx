/**
 * Settings › Email (SPEC §3 Email settings): GET/PUT /settings/email, under the key `settings`.
 * Connecting a mailbox (OAuth or SMTP) arrives with the email issue; until then the tab says so
 * plainly and offers nothing that would pretend to connect.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Controller } from 'react-hook-form'
import { EmailSettingsSchema } from '@myodocs/shared/contracts/settings'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { EMAIL_SETTINGS_SAVED } from '@myodocs/shared/constants/settings-messages'
import { Alert } from '../../../components/ui/alert'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { emailSettingsQuery } from '../api/get-email-settings'
import { useUpdateEmailSettings } from '../api/update-email-settings'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard, SettingsFormSection } from '../../../components/ui/settings-section'
import { SwitchControl } from './switch-control'
import { useSectionForm } from '../../../components/ui/use-section-form'

const PROVIDERS = [
  { value: 'gmail', label: 'Gmail' },
  { value: 'outlook', label: 'Outlook' },
  { value: 'yahoo', label: 'Yahoo Mail' },
  { value: 'smtp', label: 'SMTP server' },
] as const

export function EmailSettingsTab() {
  const query = useQuery(emailSettingsQuery)
  return (
    <div className="space-y-6">
      <SectionCard
        title="Connected mailbox"
        description="MyoDocs sends documents from your own address, so they appear in your Sent folder."
      >
        <Alert tone="info" title="Connecting your mailbox is coming soon">
          Sending from Gmail, Outlook, Yahoo Mail or your own SMTP server arrives in an upcoming
          update. Until then, download your PDFs and attach them to an email from your usual
          mailbox. The defaults below will be used as soon as sending is available.
        </Alert>
      </SectionCard>
      <QueryState query={query} what="your email settings">
        {(data) => <EmailForm initial={data} />}
      </QueryState>
    </div>
  )
}

function EmailForm({ initial }: { initial: EmailSettings }) {
  const queryClient = useQueryClient()
  const update = useUpdateEmailSettings()
  const { form, sectionProps } = useSectionForm({
    id: 'email',
    schema: EmailSettingsSchema,
    initial,
    save: (values) => update.mutateAsync(values),
    reload: () => queryClient.fetchQuery({ ...emailSettingsQuery, staleTime: 0 }),
    savedMessage: EMAIL_SETTINGS_SAVED,
  })
  const { errors } = form.formState
  return (
    <SettingsFormSection
      id="email"
      title="Email defaults"
      description="What every email you send starts with. These settings are yours alone."
      {...sectionProps}
    >
      <Controller
        control={form.control}
        name="defaultProvider"
        render={({ field }) => (
          <SelectField
            label="Default provider"
            hint="The mailbox to send from when you have connected more than one."
            containerClassName="sm:max-w-xs"
            name={field.name}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
            onBlur={field.onBlur}
          >
            <option value="">No preference</option>
            {PROVIDERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </SelectField>
        )}
      />
      <TextField
        label="From name"
        placeholder="e.g. Dana Reyes, RDH · Bright Smiles Myofunctional"
        hint="The name recipients see. Leave empty to use your own name."
        error={errors.defaultFromName?.message}
        {...form.register('defaultFromName')}
      />
      <TextAreaField
        label="Signature"
        rows={4}
        placeholder={'Dana Reyes, RDH\nBright Smiles Myofunctional\n(555) 123-4567'}
        error={errors.defaultSignature?.message}
        {...form.register('defaultSignature')}
      />
      <SwitchControl
        control={form.control}
        name="ccToSelf"
        label="Send me a copy"
        description="Copy yourself on every email you send to a patient or provider."
      />
    </SettingsFormSection>
  )
}
