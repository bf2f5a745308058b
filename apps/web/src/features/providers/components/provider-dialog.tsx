/**
 * Add or edit one provider of the address book: the letter's contact fields and the specialty,
 * checked with the shared `ProviderInputSchema` here and again on the server, whose 400 lands
 * under the field it names and whose 409 (the book is full, or the provider is already in it)
 * at the top of the form.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import {
  ADD_PROVIDER,
  EDIT_PROVIDER,
  PROVIDER_SPECIALTY_LABEL,
  PROVIDER_SPECIALTY_PLACEHOLDER,
  SAVE_PROVIDER,
  providerAdded,
  providerSaved,
} from '@myodocs/shared/constants/provider-messages'
import type { Provider } from '@myodocs/shared/contracts/providers'
import { ProviderInputSchema } from '@myodocs/shared/contracts/providers'
import { PROVIDER_FIELD_LIMITS } from '@myodocs/shared/contracts/referral-letter'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { PROVIDER_TYPES, PROVIDER_TYPE_LABELS } from '@myodocs/shared/domain/provider-types'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { FormError, serverFormError, useZodForm } from '../../../components/ui/form'
import { useCreateProvider } from '../api/create-provider'
import type { ProviderInput } from '../api/create-provider'
import { useUpdateProvider } from '../api/update-provider'

const initialValues = (p: Provider | null): ProviderInput => ({
  name: p?.name ?? '',
  // Empty until chosen, so the schema's "Choose the kind of provider" shows.
  specialty: p?.specialty ?? ('' as ProviderInput['specialty']),
  credentials: p?.credentials ?? '',
  practice: p?.practice ?? '',
  email: p?.email ?? '',
  phone: p?.phone ? formatUsPhone(p.phone) : '',
  fax: p?.fax ? formatUsPhone(p.fax) : '',
  address: p?.address ?? '',
})

export function ProviderDialog({
  open,
  provider,
  onClose,
}: {
  open: boolean
  /** The provider to edit, or null to add one. */
  provider: Provider | null
  onClose: () => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={provider ? EDIT_PROVIDER : ADD_PROVIDER}
      className="max-h-[92vh] max-w-2xl overflow-y-auto"
    >
      {/* Mounted per opening, so each starts from the provider as saved. */}
      {open && <ProviderForm provider={provider} onDone={onClose} />}
    </Dialog>
  )
}

function ProviderForm({ provider, onDone }: { provider: Provider | null; onDone: () => void }) {
  const form = useZodForm(ProviderInputSchema, { defaultValues: initialValues(provider) })
  const create = useCreateProvider()
  const update = useUpdateProvider()
  const [formError, setFormError] = useState<string | null>(null)
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (body) => {
    setFormError(null)
    try {
      if (provider) {
        const saved = await update.mutateAsync({ id: provider.id, body })
        toast.success(providerSaved(saved.name))
      } else {
        const added = await create.mutateAsync(body)
        toast.success(providerAdded(added.name))
      }
      onDone()
    } catch (err) {
      setFormError(serverFormError(form, err))
    }
  })

  const M = PROVIDER_FIELD_LIMITS
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      aria-label={provider ? EDIT_PROVIDER : ADD_PROVIDER}
    >
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          required
          autoComplete="off"
          placeholder="Dr. Avery Lin"
          maxLength={M.name}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SelectField
          label={PROVIDER_SPECIALTY_LABEL}
          required
          error={errors.specialty?.message}
          {...form.register('specialty')}
        >
          <option value="">{PROVIDER_SPECIALTY_PLACEHOLDER}</option>
          {PROVIDER_TYPES.map((type) => (
            <option key={type} value={type}>
              {PROVIDER_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Credentials"
          placeholder="MD, FACS"
          maxLength={M.credentials}
          error={errors.credentials?.message}
          {...form.register('credentials')}
        />
        <TextField
          label="Practice"
          maxLength={M.practice}
          error={errors.practice?.message}
          {...form.register('practice')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={M.email}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          placeholder="(555) 123-4567"
          maxLength={M.phone}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label="Fax"
          type="tel"
          placeholder="(555) 123-4568"
          maxLength={M.fax}
          error={errors.fax?.message}
          {...form.register('fax')}
        />
        <TextAreaField
          label="Address"
          containerClassName="sm:col-span-2"
          className="min-h-20"
          maxLength={M.address}
          error={errors.address?.message}
          {...form.register('address')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {provider ? SAVE_PROVIDER : ADD_PROVIDER}
        </Button>
      </div>
    </form>
  )
}
