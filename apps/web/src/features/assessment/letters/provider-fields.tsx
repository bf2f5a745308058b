/**
 * The provider a letter is addressed to: picked from the practice's address book (the providers of
 * the letter's type first) or typed in; a typed provider can be saved to the book under the
 * letter's type, so the next letter picks it (docs/product/providers.md#in-the-app).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import { BookmarkPlus, Check } from 'lucide-react'
import {
  IN_ADDRESS_BOOK,
  SAVE_TO_ADDRESS_BOOK,
  providerAdded,
} from '@myodocs/shared/constants/provider-messages'
import { ProviderInputSchema, providerIdentity } from '@myodocs/shared/contracts/providers'
import type { Provider } from '@myodocs/shared/contracts/providers'
import { Button } from '../../../components/ui/button'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-error'
import { ApiError } from '../../../lib/api-client'
import { providersQuery, useCreateProvider } from '../../providers'
import type { ProviderContact } from './letter-drafts'
import type { ProviderType } from '@myodocs/shared/domain/provider-types'

const FIELDS = [
  ['name', 'Name'],
  ['credentials', 'Credentials'],
  ['practice', 'Practice'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['fax', 'Fax'],
] as const

const contactOf = ({ name, credentials, practice, email, phone, fax, address }: Provider) => ({
  name,
  ...(credentials ? { credentials } : {}),
  ...(practice ? { practice } : {}),
  ...(email ? { email } : {}),
  ...(phone ? { phone } : {}),
  ...(fax ? { fax } : {}),
  ...(address ? { address } : {}),
})

export function ProviderFields({
  id,
  providerType,
  value,
  onChange,
  errors,
}: {
  id: string
  providerType: ProviderType
  value: ProviderContact
  onChange: (contact: ProviderContact) => void
  errors?: Partial<Record<keyof ProviderContact, string>>
}) {
  // The address book is a convenience: when it cannot be read, the provider is typed in.
  const book = useQuery(providersQuery)
  const save = useSaveToBook(providerType)
  const change = (contact: ProviderContact) => {
    save.reset()
    onChange(contact)
  }
  const shownErrors = { ...errors, ...save.fieldErrors }
  const typed = value.name.trim() !== ''
  const inBook =
    typed && book.data?.some((p) => providerIdentity(p) === providerIdentity(value)) === true
  const providers = [...(book.data ?? [])].sort(
    (a, b) =>
      Number(b.specialty === providerType) - Number(a.specialty === providerType) ||
      a.name.localeCompare(b.name),
  )
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {providers.length > 0 && (
        <SelectField
          id={`${id}-book`}
          label="From your address book"
          containerClassName="sm:col-span-2"
          value=""
          onChange={(e) => {
            const picked = providers.find((p) => p.id === e.target.value)
            if (picked) change(contactOf(picked))
          }}
        >
          <option value="">Choose a provider, or type one in below</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {[p.name, p.credentials, p.practice].filter(Boolean).join(', ')}
            </option>
          ))}
        </SelectField>
      )}
      {FIELDS.map(([field, label]) => (
        <TextField
          key={field}
          id={`${id}-${field}`}
          label={label}
          required={field === 'name'}
          type={field === 'email' ? 'email' : 'text'}
          value={value[field] ?? ''}
          error={shownErrors[field]}
          onChange={(e) => change({ ...value, [field]: e.target.value })}
        />
      ))}
      <TextAreaField
        id={`${id}-address`}
        label="Address"
        value={value.address ?? ''}
        error={shownErrors.address}
        containerClassName="sm:col-span-2"
        onChange={(e) => change({ ...value, address: e.target.value })}
      />
      {typed && (
        <div className="space-y-2 sm:col-span-2" aria-live="polite">
          {inBook ? (
            <p className="flex items-center gap-1.5 text-sm text-emerald-800">
              <Check className="size-4" aria-hidden />
              {IN_ADDRESS_BOOK}
            </p>
          ) : (
            <Button
              size="sm"
              variant="outline"
              pending={save.pending}
              // The book is read first, so a provider it holds is never offered for saving.
              disabled={!book.isSuccess}
              onClick={() => void save.run(value)}
            >
              <BookmarkPlus className="size-4" aria-hidden />
              {SAVE_TO_ADDRESS_BOOK}
            </Button>
          )}
          <FormError message={save.message} />
        </div>
      )}
    </div>
  )
}

/**
 * Saves a typed provider to the address book under the letter's type: checked with the book's own
 * schema first (its messages under the fields), then the server's answer (a 409 for a provider
 * already in the book or a full book) beside the button.
 */
function useSaveToBook(providerType: ProviderType) {
  const create = useCreateProvider()
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  return {
    pending: create.isPending,
    fieldErrors,
    message,
    reset: () => {
      setFieldErrors({})
      setMessage(null)
    },
    async run(contact: ProviderContact) {
      setMessage(null)
      const checked = ProviderInputSchema.safeParse({ ...contact, specialty: providerType })
      if (!checked.success) {
        setFieldErrors(
          Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
        )
        return
      }
      setFieldErrors({})
      try {
        const added = await create.mutateAsync(checked.data)
        toast.success(providerAdded(added.name))
      } catch (err) {
        if (err instanceof ApiError && err.fields) setFieldErrors(err.fields)
        setMessage(err instanceof Error ? err.message : String(err))
      }
    },
  }
}
