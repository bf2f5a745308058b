/**
 * A "Passwords do not match" under the confirmation is checked again when the new password
 * changes, so correcting the first field takes it away. Nothing else is re-checked: an empty
 * confirmation is not refused before the user reaches it (the message would move the submit button
 * under the pointer), and a server's refusal under the new password stays until the next submit.
 */
import type { FieldError } from 'react-hook-form'
import { PASSWORDS_DO_NOT_MATCH } from '@myodocs/shared/constants/messages'

type ConfirmingForm = {
  getFieldState(name: 'confirmPassword'): { error?: FieldError }
  getValues(name: 'confirmPassword'): string
  trigger(name: 'confirmPassword'): Promise<boolean>
}

export function recheckConfirmation(form: ConfirmingForm) {
  const { error } = form.getFieldState('confirmPassword')
  if (error?.message !== PASSWORDS_DO_NOT_MATCH || !form.getValues('confirmPassword')) return
  void form.trigger('confirmPassword')
}
