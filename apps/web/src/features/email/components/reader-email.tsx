/** One reader's email in the Send dialog: the documents in it, its recipients, subject and message. */
import { useFieldArray } from 'react-hook-form'
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form'
import { Plus, Trash2 } from 'lucide-react'
import { MAX_RECIPIENTS_PER_SEND } from '@myodocs/shared/contracts/email'
import type { DocumentReader } from '@myodocs/shared/contracts/document-registry'
import {
  ADD_RECIPIENT,
  MESSAGE_LABEL,
  READER_EMAIL_TITLES,
  RECIPIENTS_LABEL,
  RECIPIENT_ADDRESS_LABEL,
  RECIPIENT_NAME_LABEL,
  RECIPIENT_ROLES,
  REMOVE_RECIPIENT,
  SIGNATURE_NOTE,
  SUBJECT_LABEL,
} from '@myodocs/shared/constants/mailbox-messages'
import { Button } from '../../../components/ui/button'
import { TextAreaField, TextField } from '../../../components/ui/field'
import type { SendFormValues } from './send-form-schema'

type EmailErrors = NonNullable<FieldErrors<SendFormValues>['emails']>[number]

/** One reader's email: the documents in it, its recipients, subject and message. */
export function ReaderEmail({
  reader,
  index,
  documents,
  control,
  register,
  errors,
  signature,
}: {
  reader: DocumentReader
  index: number
  documents: string[]
  control: Control<SendFormValues>
  register: UseFormRegister<SendFormValues>
  errors: EmailErrors | undefined
  signature: boolean
}) {
  const to = useFieldArray({ control, name: `emails.${index}.to` })
  const role = RECIPIENT_ROLES[reader]
  return (
    <fieldset
      className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4"
      data-testid={`send-email-${reader}`}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {READER_EMAIL_TITLES[reader]}
      </legend>
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
              {...register(`emails.${index}.to.${i}.address`)}
            />
            <TextField
              label={`${role} · ${RECIPIENT_NAME_LABEL}`}
              autoComplete="off"
              error={errors?.to?.[i]?.name?.message}
              {...register(`emails.${index}.to.${i}.name`)}
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
        {...register(`emails.${index}.subject`)}
      />
      <TextAreaField
        label={`${MESSAGE_LABEL} (${role})`}
        rows={5}
        hint={signature ? SIGNATURE_NOTE : undefined}
        error={errors?.message?.message}
        {...register(`emails.${index}.message`)}
      />
    </fieldset>
  )
}
