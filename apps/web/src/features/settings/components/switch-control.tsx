/** A react-hook-form boolean field shown as a switch (the PDF and notification settings). */
import { Controller } from 'react-hook-form'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import type { ReactNode } from 'react'
import { SwitchField } from '../../../components/ui/switch'

export function SwitchControl<T extends FieldValues>({
  control,
  name,
  label,
  description,
  disabled,
}: {
  control: Control<T>
  name: FieldPath<T>
  label: ReactNode
  description?: ReactNode
  disabled?: boolean
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchField
          label={label}
          description={description}
          checked={Boolean(field.value)}
          onCheckedChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          disabled={disabled}
        />
      )}
    />
  )
}
