/**
 * The session header of an exercise session: patient first and last name, session date and
 * number (required), follow-up date and additional notes, with the rules and messages of the
 * shared schema.
 */
import { useFormContext } from 'react-hook-form'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/documents'
import { SESSION_DATA_LABELS as L } from '@myodocs/shared/constants/document-messages'
import { Card } from '../../../components/ui/card'
import { TextAreaField, TextField } from '../../../components/ui/field'

export function SessionDetails() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ExerciseDocumentRequestInput>()
  const e = errors.sessionData
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="session-heading">
        <h2 id="session-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Session
        </h2>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-6">
          <TextField
            label={L.patientFirstName}
            autoComplete="off"
            required
            containerClassName="sm:col-span-3"
            error={e?.patientFirstName?.message}
            {...register('sessionData.patientFirstName')}
          />
          <TextField
            label={L.patientLastName}
            autoComplete="off"
            required
            containerClassName="sm:col-span-3"
            error={e?.patientLastName?.message}
            {...register('sessionData.patientLastName')}
          />
          <TextField
            label={L.sessionDate}
            type="date"
            required
            containerClassName="sm:col-span-2"
            error={e?.sessionDate?.message}
            {...register('sessionData.sessionDate')}
          />
          <TextField
            label={L.sessionNumber}
            type="number"
            inputMode="numeric"
            min={1}
            max={999}
            step={1}
            required
            containerClassName="sm:col-span-2"
            error={e?.sessionNumber?.message}
            {...register('sessionData.sessionNumber', { valueAsNumber: true })}
          />
          <TextField
            label={L.followUpDate}
            containerClassName="col-span-2"
            type="date"
            hint="Printed as the next visit"
            error={e?.followUpDate?.message}
            {...register('sessionData.followUpDate')}
          />
          <TextAreaField
            label={L.additionalNotes}
            containerClassName="col-span-2 sm:col-span-6"
            className="min-h-20"
            hint="Printed on both documents for the family"
            error={e?.additionalNotes?.message}
            {...register('sessionData.additionalNotes')}
          />
        </div>
      </section>
    </Card>
  )
}
