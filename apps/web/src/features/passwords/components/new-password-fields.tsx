/** A new password with its strength meter against the policy, then its confirmation. */
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FIELD_LABELS } from '@myodocs/shared/constants/field-labels'
import { usePasswordPolicy } from '../api/get-password-policy'
import { usePasswordStrength } from '../hooks/use-password-strength'
import { PasswordField } from './password-field'
import { PasswordStrengthMeter } from './password-strength'

export function NewPasswordFields({
  label,
  value,
  password,
  confirm,
  passwordError,
  confirmError,
}: {
  label: string
  /** The password as typed, for the meter. */
  value: string
  password: UseFormRegisterReturn
  confirm: UseFormRegisterReturn
  passwordError?: string
  confirmError?: string
}) {
  const policy = usePasswordPolicy()
  const strength = usePasswordStrength(value)
  return (
    <>
      <div className="space-y-2">
        <PasswordField
          label={label}
          autoComplete="new-password"
          required
          error={passwordError}
          {...password}
        />
        <PasswordStrengthMeter strength={strength} policy={policy} />
      </div>
      <PasswordField
        label={FIELD_LABELS.confirmPassword}
        autoComplete="new-password"
        required
        error={confirmError}
        {...confirm}
      />
    </>
  )
}
