/**
 * Settings › Email: the connected mailboxes (the OAuth feature's connected accounts and the email
 * feature's SMTP accounts), the email defaults (read from GET /settings, saved by PUT
 * /settings/email under `settings`; Default provider lists only what is connected; the From line
 * shown as recipients will read it) and the recent sends.
 * See docs/product/routes.md#email-tab.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Controller, useWatch } from 'react-hook-form'
import { fromLine } from '@myodocs/shared/contracts/email'
import { FROM_LINE_PREVIEW_LABEL } from '@myodocs/shared/constants/mailbox-messages'
import { EmailSettingsSchema } from '@myodocs/shared/contracts/settings'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { EMAIL_SETTINGS_SAVED } from '@myodocs/shared/constants/settings-messages'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { reloadSettingsPart, useSettingsPart } from '../api/get-settings'
import { useUpdateEmailSettings } from '../api/update-email-settings'
import { QueryState } from '../../../components/ui/query-state'
import { SettingsFormSection } from '../../../components/ui/settings-section'
import { SwitchControl } from './switch-control'
import { EmailHistory, FreeMailboxWarning, SmtpAccounts, smtpConfigsQuery } from '../../email'
import { ConnectedAccounts, oauthStatusQuery } from '../../oauth'
import { OAUTH_PROVIDER_NAMES } from '@myodocs/shared/constants/oauth-messages'
import { useSectionForm } from '../../../components/ui/use-section-form'

const PROVIDERS = [
  { value: 'gmail', label: OAUTH_PROVIDER_NAMES.gmail },
  { value: 'outlook', label: OAUTH_PROVIDER_NAMES.outlook },
  { value: 'yahoo', label: OAUTH_PROVIDER_NAMES.yahoo },
  { value: 'smtp', label: 'SMTP server' },
] as const

/**
 * The address the From line goes with: the default provider's when it is connected, else the
 * default SMTP account's, else the first connected mailbox's.
 */
function useSendingAddress(provider: string | null | undefined): string | undefined {
  const oauth = useQuery(oauthStatusQuery)
  const smtp = useQuery(smtpConfigsQuery)
  const accounts = oauth.data?.connectedAccounts ?? []
  const active = (smtp.data ?? []).filter((c) => c.isActive)
  const smtpAddress = (active.find((c) => c.isDefault) ?? active[0])?.fromAddress
  if (provider === 'smtp' && smtpAddress) return smtpAddress
  return accounts.find((a) => a.provider === provider)?.email ?? smtpAddress ?? accounts[0]?.email
}

/** The providers the user can send from now; the saved choice stays listed so it is not lost. */
function useConnectedProviders(saved: string | null | undefined) {
  const oauth = useQuery(oauthStatusQuery)
  const smtp = useQuery(smtpConfigsQuery)
  const connected = new Set<string>(oauth.data?.connectedAccounts.map((a) => a.provider) ?? [])
  if (smtp.data?.some((c) => c.isActive)) connected.add('smtp')
  if (saved) connected.add(saved)
  return PROVIDERS.filter((p) => connected.has(p.value))
}

export function EmailSettingsTab() {
  const query = useSettingsPart('email')
  return (
    <div className="space-y-6">
      <ConnectedAccounts
        renderAddressNote={(address) => <FreeMailboxWarning address={address} />}
      />
      <SmtpAccounts />
      <QueryState query={query} what="your email settings">
        {(data) => <EmailForm initial={data} />}
      </QueryState>
      <EmailHistory />
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
    reload: () => reloadSettingsPart(queryClient, 'email'),
    savedMessage: EMAIL_SETTINGS_SAVED,
  })
  const { errors } = form.formState
  const providers = useConnectedProviders(initial.defaultProvider)
  const [fromName, provider] = useWatch({
    control: form.control,
    name: ['defaultFromName', 'defaultProvider'],
  })
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
            {providers.map((p) => (
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
      <FromLinePreview name={fromName} provider={provider} />
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

/** The From line exactly as recipients will see it, quotes included when the name needs them. */
function FromLinePreview({ name, provider }: { name: string; provider: string | null }) {
  const address = useSendingAddress(provider)
  if (!address || !name.trim()) return null
  return (
    <p className="-mt-2 text-sm text-slate-700" data-testid="from-line-preview">
      {FROM_LINE_PREVIEW_LABEL}{' '}
      <span className="font-mono text-slate-900 [overflow-wrap:anywhere]">
        {fromLine(name, address)}
      </span>
    </p>
  )
}
