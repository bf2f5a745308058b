// LOCAL STAND-IN for the address book's ProviderPicker until it lands on main: the letter's
// provider typed in. Removed before landing.
import { TextAreaField, TextField } from '../../../components/ui/field'
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

export function ProviderPicker({
  id,
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
  return (
    <div className="grid gap-3 sm:grid-cols-2">
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
