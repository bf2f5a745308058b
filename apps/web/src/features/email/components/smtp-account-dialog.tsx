/**
 * Add or edit one SMTP account. Picking a known provider (or typing an address at its domain)
 * fills in its servers; IMAP is optional and, left empty, means no copy in the Sent folder.
 * The form holds text as typed; `toRequest` shapes it into the shared request schema, which
 * validates it here and again on the server.
 */
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { Resolver, UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '../../../components/ui/toast'
import {
  MAIL_SECURITY_MODES,
  SmtpConfigCreateRequestSchema,
  SmtpConfigUpdateRequestSchema,
} from '@myodocs/shared/contracts/email'
import type {
  MailSecurity,
  SmtpConfigUpdateRequest,
  SmtpConfiguration,
} from '@myodocs/shared/contracts/email'
import {
  ADD_SMTP_ACCOUNT,
  APP_PASSWORD_HINT,
  EDIT_SMTP_ACCOUNT,
  IMAP_SECTION_HINT,
  IMAP_SECTION_TITLE,
  OFFICE365_SUGGESTION,
  OFFICE365_SUGGESTION_TITLE,
  PASSWORD_KEPT_HINT,
  PROVIDER_PICKER_LABEL,
  PROVIDER_PICKER_OTHER,
  SECURITY_LABELS,
  SENT_FOLDER_HINT,
  SMTP_ACCOUNT_ADDED,
  SMTP_ACCOUNT_SAVED,
} from '@myodocs/shared/constants/mailbox-messages'
import {
  KNOWN_MAIL_PROVIDERS,
  findMailProvider,
  isMicrosoft365SmtpHost,
  mailProviderOfAddress,
} from '@myodocs/shared/domain/mail-providers'
import type { KnownMailProvider } from '@myodocs/shared/domain/mail-providers'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { SelectField, TextField } from '../../../components/ui/field'
import { FormError, serverFormError } from '../../../components/ui/form'
import { useCreateSmtpConfig, useUpdateSmtpConfig } from '../api/smtp-configs'
import { FreeMailboxWarning } from './free-mailbox-warning'

/** The form's values: text as typed (ports too), so an empty field stays empty. */
export interface SmtpAccountFormValues {
  provider: string
  name: string
  fromAddress: string
  smtpHost: string
  smtpPort: string
  smtpSecurity: MailSecurity
  smtpUser: string
  smtpPassword: string
  imapHost: string
  imapPort: string
  imapSecurity: MailSecurity
  imapUser: string
  imapPassword: string
  sentFolder: string
}

const blankToUndefined = (s: string) => (s.trim() === '' ? undefined : s)
const port = (s: string) => (s.trim() === '' ? undefined : Number(s))

/**
 * The request body of the form: IMAP only when its server is filled in (its port and security
 * are prefilled and mean nothing alone); on edit an empty password keeps the saved one.
 */
export function toRequest(values: SmtpAccountFormValues, editing: boolean) {
  const imap = values.imapHost.trim() !== ''
  return {
    name: values.name,
    fromAddress: values.fromAddress,
    smtpHost: values.smtpHost,
    smtpPort: port(values.smtpPort) ?? Number.NaN,
    smtpSecurity: values.smtpSecurity,
    smtpUser: values.smtpUser,
    smtpPassword: editing ? blankToUndefined(values.smtpPassword) : values.smtpPassword,
    ...(imap && {
      imapHost: values.imapHost,
      imapPort: port(values.imapPort) ?? Number.NaN,
      imapSecurity: values.imapSecurity,
      imapUser: blankToUndefined(values.imapUser),
      imapPassword: blankToUndefined(values.imapPassword),
      sentFolder: blankToUndefined(values.sentFolder),
    }),
  }
}

function initialValues(config: SmtpConfiguration | null): SmtpAccountFormValues {
  return {
    provider: '',
    name: config?.name ?? '',
    fromAddress: config?.fromAddress ?? '',
    smtpHost: config?.smtpHost ?? '',
    smtpPort: String(config?.smtpPort ?? 587),
    smtpSecurity: config?.smtpSecurity ?? 'starttls',
    smtpUser: config?.smtpUser ?? '',
    smtpPassword: '',
    imapHost: config?.imapHost ?? '',
    imapPort: String(config?.imapPort ?? 993),
    imapSecurity: config?.imapSecurity ?? 'tls',
    // The IMAP login shows only when it differs from the SMTP one (it defaults to it).
    imapUser: config?.imapUser && config.imapUser !== config.smtpUser ? config.imapUser : '',
    imapPassword: '',
    sentFolder: config?.sentFolder ?? '',
  }
}

export function SmtpAccountDialog({
  open,
  config,
  onClose,
}: {
  open: boolean
  /** The account to edit, or null to add one. */
  config: SmtpConfiguration | null
  onClose: () => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={config ? EDIT_SMTP_ACCOUNT : ADD_SMTP_ACCOUNT}
      className="max-h-[92vh] max-w-2xl overflow-y-auto"
    >
      {/* Mounted per opening, so each starts from the account as saved. */}
      {open && <SmtpAccountForm config={config} onDone={onClose} />}
    </Dialog>
  )
}

function SmtpAccountForm({
  config,
  onDone,
}: {
  config: SmtpConfiguration | null
  onDone: () => void
}) {
  const editing = config !== null
  const schema = editing ? SmtpConfigUpdateRequestSchema : SmtpConfigCreateRequestSchema
  const resolver: Resolver<SmtpAccountFormValues, unknown, SmtpConfigUpdateRequest> = (
    values,
    context,
    options,
  ) => zodResolver(schema)(toRequest(values, editing), context, options as never)
  const form = useForm<SmtpAccountFormValues, unknown, SmtpConfigUpdateRequest>({
    mode: 'onTouched',
    defaultValues: initialValues(config),
    resolver,
  })
  const create = useCreateSmtpConfig()
  const update = useUpdateSmtpConfig()
  const [formError, setFormError] = useState<string | null>(null)
  const { errors, isSubmitting } = form.formState
  const [provider, smtpHost, fromAddress] = useWatch({
    control: form.control,
    name: ['provider', 'smtpHost', 'fromAddress'],
  })
  const known = findMailProvider(provider) ?? mailProviderOfAddress(fromAddress)

  const applyProvider = (p: KnownMailProvider) => {
    const set = (name: keyof SmtpAccountFormValues, value: string) =>
      form.setValue(name, value, { shouldDirty: true })
    set('smtpHost', p.smtpHost)
    set('smtpPort', String(p.smtpPort))
    set('smtpSecurity', p.smtpSecurity)
    set('imapHost', p.imapHost)
    set('imapPort', String(p.imapPort))
    set('imapSecurity', p.imapSecurity)
    if (form.getValues('name').trim() === '') set('name', p.label)
  }

  // An address at a known provider's domain fills in the servers, unless they were typed.
  const onFromAddressBlur = () => {
    const address = form.getValues('fromAddress').trim()
    if (form.getValues('smtpUser').trim() === '' && address)
      form.setValue('smtpUser', address, { shouldDirty: true })
    const match = mailProviderOfAddress(address)
    if (match && form.getValues('smtpHost').trim() === '') {
      form.setValue('provider', match.id)
      applyProvider(match)
    }
  }

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      if (config) {
        await update.mutateAsync({ id: config.id, body })
        toast.success(SMTP_ACCOUNT_SAVED)
      } else {
        await create.mutateAsync(body as typeof body & { smtpPassword: string })
        toast.success(SMTP_ACCOUNT_ADDED)
      }
      onDone()
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })

  const fieldsetClass = 'grid gap-4 sm:grid-cols-6'

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Account">
      <FormError message={formError} />
      <div className={fieldsetClass}>
        <SelectField
          label={PROVIDER_PICKER_LABEL}
          containerClassName="sm:col-span-3"
          {...form.register('provider', {
            onChange: (e: { target: { value: string } }) => {
              const picked = findMailProvider(e.target.value)
              if (picked) applyProvider(picked)
            },
          })}
        >
          <option value="">{PROVIDER_PICKER_OTHER}</option>
          {KNOWN_MAIL_PROVIDERS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Account name"
          placeholder="e.g. Practice mailbox"
          containerClassName="sm:col-span-3"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="From address"
          type="email"
          autoComplete="email"
          placeholder="you@yourpractice.com"
          hint="The address recipients see and reply to: the mailbox you sign in to."
          containerClassName="sm:col-span-6"
          error={errors.fromAddress?.message}
          {...form.register('fromAddress', { onBlur: onFromAddressBlur })}
        />
      </div>
      <FreeMailboxWarning address={fromAddress.trim()} />

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Sending (SMTP)</legend>
        <div className={fieldsetClass}>
          <ServerFields
            form={form}
            side="smtp"
            passwordHint={
              editing ? PASSWORD_KEPT_HINT : known?.appPassword ? APP_PASSWORD_HINT : undefined
            }
          />
        </div>
        {isMicrosoft365SmtpHost(smtpHost) && (
          <Alert tone="warning" title={OFFICE365_SUGGESTION_TITLE}>
            {OFFICE365_SUGGESTION}
          </Alert>
        )}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">{IMAP_SECTION_TITLE}</legend>
        <p className="text-sm text-slate-600">{IMAP_SECTION_HINT}</p>
        <div className={fieldsetClass}>
          <ServerFields form={form} side="imap" />
          <TextField
            label="Sent folder"
            placeholder="Sent"
            hint={SENT_FOLDER_HINT}
            containerClassName="sm:col-span-3"
            error={errors.sentFolder?.message}
            {...form.register('sentFolder')}
          />
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {editing ? 'Save account' : ADD_SMTP_ACCOUNT}
        </Button>
      </div>
    </form>
  )
}

// The two servers' fields differ only in names and labels; IMAP's login defaults to SMTP's.
const SERVER_FIELDS = {
  smtp: {
    names: ['smtpHost', 'smtpPort', 'smtpSecurity', 'smtpUser', 'smtpPassword'],
    labels: ['SMTP server', 'Port', 'Security', 'Username', 'Password'],
    hostPlaceholder: 'smtp.example.com',
    loginPlaceholder: undefined,
  },
  imap: {
    names: ['imapHost', 'imapPort', 'imapSecurity', 'imapUser', 'imapPassword'],
    labels: ['IMAP server', 'IMAP port', 'IMAP security', 'IMAP username', 'IMAP password'],
    hostPlaceholder: 'imap.example.com',
    loginPlaceholder: 'Same as SMTP',
  },
} as const

function ServerFields({
  form,
  side,
  passwordHint,
}: {
  form: UseFormReturn<SmtpAccountFormValues, unknown, SmtpConfigUpdateRequest>
  side: keyof typeof SERVER_FIELDS
  passwordHint?: string
}) {
  const { names, labels, hostPlaceholder, loginPlaceholder } = SERVER_FIELDS[side]
  const [host, port, security, user, password] = names
  const errors = form.formState.errors
  return (
    <>
      <TextField
        label={labels[0]}
        placeholder={hostPlaceholder}
        autoCapitalize="off"
        spellCheck={false}
        containerClassName="sm:col-span-3"
        error={errors[host]?.message}
        {...form.register(host)}
      />
      <TextField
        label={labels[1]}
        inputMode="numeric"
        containerClassName="sm:col-span-1"
        error={errors[port]?.message}
        {...form.register(port)}
      />
      <SelectField
        label={labels[2]}
        containerClassName="sm:col-span-2"
        error={errors[security]?.message}
        {...form.register(security)}
      >
        {MAIL_SECURITY_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {SECURITY_LABELS[mode]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={labels[3]}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={loginPlaceholder}
        containerClassName="sm:col-span-3"
        error={errors[user]?.message}
        {...form.register(user)}
      />
      <TextField
        label={labels[4]}
        type="password"
        autoComplete="new-password"
        placeholder={loginPlaceholder}
        containerClassName="sm:col-span-3"
        hint={passwordHint}
        error={errors[password]?.message}
        {...form.register(password)}
      />
    </>
  )
}
