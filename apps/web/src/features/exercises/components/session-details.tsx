/**
 * The session header of an exercise session: patient first and last name, session date and
 * number (required), date of birth, follow-up date and additional notes; the patient's safety
 * values (control pause, asthma, STOP-BANG, sleep study, blood pressure, swallowing, a tie release),
 * typed or taken over from an open
 * assessment of the same patient; and what happened at this visit, for the after-visit summary.
 * Rules and messages are the shared schema's.
 */
import { useState } from 'react'
import { useFormContext } from 'react-hook-form'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import { SESSION_DATA_LABELS as L } from '@myodocs/shared/constants/document-messages'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field'
import { loadDraft } from '../../../lib/drafts/draft-store'
import { takeOverFromAssessment } from '../assessment-bridge'

// An emptied number input is "no value" (null), not 0 or NaN.
const asMeasure = (value: unknown) =>
  value === '' || value === null || value === undefined || Number.isNaN(Number(value))
    ? null
    : Number(value)

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
            label={L.patientDOB}
            type="date"
            containerClassName="col-span-2"
            hint="Printed as the second identifier; a child gets the child cautions"
            error={e?.patientDOB?.message}
            {...register('sessionData.patientDOB')}
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
            containerClassName="col-span-2 sm:col-span-4"
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

/** The yes/no facts of the patient's history the safety rules read (blood pressure, swallowing). */
const HISTORY_FLAGS = ['highBloodPressure', 'dysphagia', 'stroke', 'slpSwallowCare'] as const

/** The values the exercise safety rules read, typed or taken over from the open assessment. */
export function SessionSafety() {
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<ExerciseDocumentRequestInput>()
  const e = errors.sessionData?.safety
  const [message, setMessage] = useState('')
  const measure = { setValueAs: asMeasure }

  // The assessment draft of this device, when it is for the same patient (first and last name).
  async function takeOver() {
    const draft = await loadDraft('assessment').catch(() => undefined)
    const data = getValues('sessionData')
    const taken = takeOverFromAssessment(draft?.value, data)
    if (!taken) {
      setMessage('No open assessment for this patient on this device.')
      return
    }
    const { facts } = taken
    const options = { shouldDirty: true, shouldValidate: true }
    if (!data.patientDOB && taken.patientDOB)
      setValue('sessionData.patientDOB', taken.patientDOB, options)
    setValue('sessionData.safety.controlPauseSeconds', facts.controlPauseSeconds ?? null, options)
    setValue('sessionData.safety.asthma', facts.asthma ?? false, options)
    setValue('sessionData.safety.stopBang', facts.stopBang ?? null, options)
    setValue('sessionData.safety.ahi', facts.ahi ?? null, options)
    setValue('sessionData.safety.lowestSpO2', facts.lowestSpO2 ?? null, options)
    for (const flag of HISTORY_FLAGS)
      setValue(`sessionData.safety.${flag}`, facts[flag] ?? false, options)
    setValue('sessionData.safety.releaseDate', facts.releaseDate ?? '', options)
    setMessage('Taken over from the open assessment.')
  }

  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="safety-heading">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="safety-heading" className="text-lg font-semibold text-slate-900">
            Patient safety
          </h2>
          <Button type="button" variant="outline" size="sm" onClick={() => void takeOver()}>
            Use the open assessment
          </Button>
        </div>
        <p className="mb-4 text-sm text-slate-600">
          Breath holds, night mouth tape, swallow exercises and the weeks after a tie release are
          checked against these values and the age.
        </p>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-6">
          <TextField
            label={L.controlPauseSeconds}
            type="number"
            inputMode="decimal"
            min={0}
            max={300}
            containerClassName="sm:col-span-2"
            error={e?.controlPauseSeconds?.message}
            {...register('sessionData.safety.controlPauseSeconds', measure)}
          />
          <TextField
            label={L.stopBang}
            type="number"
            inputMode="numeric"
            min={0}
            max={8}
            step={1}
            containerClassName="sm:col-span-2"
            error={e?.stopBang?.message}
            {...register('sessionData.safety.stopBang', measure)}
          />
          <CheckboxField
            label={L.asthma}
            containerClassName="self-end sm:col-span-2"
            {...register('sessionData.safety.asthma')}
          />
          <TextField
            label={L.ahi}
            type="number"
            inputMode="decimal"
            min={0}
            max={200}
            containerClassName="sm:col-span-2"
            error={e?.ahi?.message}
            {...register('sessionData.safety.ahi', measure)}
          />
          <TextField
            label={L.lowestSpO2}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            containerClassName="sm:col-span-2"
            error={e?.lowestSpO2?.message}
            {...register('sessionData.safety.lowestSpO2', measure)}
          />
          <TextField
            label={L.releaseDate}
            type="date"
            containerClassName="sm:col-span-2"
            hint="Tongue or lip tie; the post-operative caution prints for 6 weeks"
            error={e?.releaseDate?.message}
            {...register('sessionData.safety.releaseDate')}
          />
          {HISTORY_FLAGS.map((flag) => (
            <CheckboxField
              key={flag}
              label={L[flag]}
              containerClassName="sm:col-span-2"
              {...register(`sessionData.safety.${flag}`)}
            />
          ))}
        </div>
        {message && (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {message}
          </p>
        )}
      </section>
    </Card>
  )
}

/** What happened at this visit: printed on the after-visit summary only when filled in. */
export function SessionVisit() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ExerciseDocumentRequestInput>()
  const e = errors.sessionData?.visit
  const fields = [
    'workedOn',
    'observations',
    'measures',
    'progressNotes',
    'programChanges',
  ] as const
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="visit-heading">
        <h2 id="visit-heading" className="mb-1 text-lg font-semibold text-slate-900">
          This visit
        </h2>
        <p className="mb-4 text-sm text-slate-600">
          For the after-visit summary: only what you fill in is printed.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <TextAreaField
              key={field}
              label={L[field]}
              className="min-h-16"
              hint={field === 'measures' ? 'With the previous value when known' : undefined}
              error={e?.[field]?.message}
              {...register(`sessionData.visit.${field}`)}
            />
          ))}
        </div>
      </section>
    </Card>
  )
}
