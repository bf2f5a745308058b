/**
 * The provider a letter is addressed to: picked from the practice's address book (the providers of
 * the letter's type first) or typed in. The address book's own screen is not built yet.
 */
import { useQuery } from '@tanstack/react-query'
import type { Provider } from '@myodocs/shared/contracts/providers'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { api } from '../../../lib/api-client'
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

const addressBookQuery = {
  queryKey: ['providers'],
  queryFn: async () => (await api.get<{ providers: Provider[] }>('/api/providers')).providers,
}

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
  const book = useQuery(addressBookQuery)
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
            if (picked) onChange(contactOf(picked))
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
          error={errors?.[field]}
          onChange={(e) => onChange({ ...value, [field]: e.target.value })}
        />
      ))}
      <TextAreaField
        id={`${id}-address`}
        label="Address"
        value={value.address ?? ''}
        error={errors?.address}
        containerClassName="sm:col-span-2"
        onChange={(e) => onChange({ ...value, address: e.target.value })}
      />
    </div>
  )
}
