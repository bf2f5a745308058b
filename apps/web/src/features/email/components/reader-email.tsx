/**
 * One email of the Send dialog: the documents in it, its recipients, subject and message. An email
 * per reader (`send-form.tsx`) or per letter (`send-letters-form.tsx`).
 */
import { useFieldArray } from 'react-hook-form'
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form'
import { Plus, Trash2 } from 'lucide-react'
import { MAX_RECIPIENTS_PER_SEND } from '@myodocs/shared/contracts/email'
import {
  ADD_RECIPIENT,
  MESSAGE_LABEL,
  RECIPIENTS_LABEL,
  RECIPIENT_ADDRESS_LABEL,
  RECIPIENT_NAME_LABEL,
  REMOVE_RECIPIENT,
  SIGNATURE_NOTE,
  SUBJECT_LABEL,
} from '@myodocs/shared/constants/mailbox-messages'
import { Button } from '../../../components/ui/button'
import { TextAreaField, TextField } from '../../../components/ui/field'
import type { SendFormValues } from './send-form-schema'

/** A form with one email per entry of `emails`, as both Send forms keep them. */
type EmailsForm = Pick<SendFormValues, 'emails'>
type EmailErrors = NonNullable<FieldErrors<EmailsForm>['emails']>[number]

export function ReaderEmail<T extends EmailsForm>({
  title,
  role,
  testId,
  index,
  documents,
  control,
  register,
  errors,
  signature,
}: {
  /** The fieldset's legend: "Email to the patient". */
  title: string
  /** Whom the fields are for, beside each label: "Patient". */
  role: string
  testId: string
  index: number
  documents: string[]
  control: Control<T>
  register: UseFormRegister<T>
  errors: EmailErrors | undefined
  signature: boolean
}) {
  // Both forms keep `emails` in the same shape; the generic only widens the caller's own values.
  const fields = control as unknown as Control<EmailsForm>
  const registerEmail = register as unknown as UseFormRegister<EmailsForm>
  const to = useFieldArray({ control: fields, name: `emails.${index}.to` })
  return (
    <fieldset
      className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4"
      data-testid={testId}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      <p className="text-xs text-slate-600">{documents.join(', ')}</p>
      <p className="text-sm font-medium text-slate-800">{RECIPIENTS_LABEL}</p>
      <ul className="space-y-3">
        {to.fields.map((field, i) => (
          <li
            key={field.id}
            className="relative grid gap-2 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:pr-12"
            data-testid="send-recipient"
          >
            <TextField
              label={`${role} · ${RECIPIENT_ADDRESS_LABEL}`}
              type="email"
              autoComplete="off"
              error={errors?.to?.[i]?.address?.message}
              {...registerEmail(`emails.${index}.to.${i}.address`)}
            />
            <TextField
              label={`${role} · ${RECIPIENT_NAME_LABEL}`}
              autoComplete="off"
              error={errors?.to?.[i]?.name?.message}
              {...registerEmail(`emails.${index}.to.${i}.name`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="absolute right-1.5 top-6"
              aria-label={`${REMOVE_RECIPIENT} ${i + 1} (${role})`}
              onClick={() => to.remove(i)}
              disabled={to.fields.length === 1}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {(errors?.to?.message ?? errors?.to?.root?.message) && (
        <p role="alert" className="text-sm text-red-600">
          {errors?.to?.message ?? errors?.to?.root?.message}
        </p>
      )}
      {to.fields.length < MAX_RECIPIENTS_PER_SEND && (
        <Button variant="outline" size="sm" onClick={() => to.append({ address: '', name: '' })}>
          <Plus className="size-4" aria-hidden />
          {`${ADD_RECIPIENT} (${role})`}
        </Button>
      )}
      <TextField
        label={`${SUBJECT_LABEL} (${role})`}
        error={errors?.subject?.message}
        {...registerEmail(`emails.${index}.subject`)}
      />
      <TextAreaField
        label={`${MESSAGE_LABEL} (${role})`}
        rows={5}
        hint={signature ? SIGNATURE_NOTE : undefined}
        error={errors?.message?.message}
        {...registerEmail(`emails.${index}.message`)}
      />
    </fieldset>
  )
}
