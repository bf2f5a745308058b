/**
 * Assessment patient data with the rules of docs/product/validation.md#patient-data: first name, last name, date of birth
 * and assessment date required ("{label} is required"), dates valid ("Invalid date format").
 * Messages come from the shared schema, shown once a field has been left or Generate was tried.
 * Each field is memoised: a keystroke renders the field typed in.
 */
import { memo } from 'react'
import type { ComponentProps } from 'react'
import { PATIENT_DATA_LABELS } from '@myodocs/shared/constants/document-messages'
import { DOCUMENT_TEXT_LIMITS } from '@myodocs/shared/contracts/documents'
import { TextAreaField, TextField } from '../../../components/ui/field'
import type { Assessment, PatientField } from '../assessment-state'
import { patientFieldId } from '../assessment-state'

export interface PatientDataCardProps {
  patient: Assessment['patientData']
  errors: Readonly<Record<string, string>>
  onChange: (field: PatientField, value: string) => void
  onBlur: (field: PatientField) => void
}

const L = DOCUMENT_TEXT_LIMITS

type FieldProps<C extends typeof TextField | typeof TextAreaField> = Omit<
  ComponentProps<C>,
  'id' | 'label' | 'value' | 'error' | 'onChange' | 'onBlur'
> & {
  name: PatientField
  value: string
  error?: string
  onChange: PatientDataCardProps['onChange']
  onBlur: PatientDataCardProps['onBlur']
}

const PatientText = memo(function PatientText({
  name,
  value,
  error,
  onChange,
  onBlur,
  ...rest
}: FieldProps<typeof TextField>) {
  return (
    <TextField
      {...rest}
      id={patientFieldId(name)}
      label={PATIENT_DATA_LABELS[name]}
      value={value}
      error={error}
      onChange={(e) => onChange(name, e.target.value)}
      onBlur={() => onBlur(name)}
    />
  )
})

const PatientTextArea = memo(function PatientTextArea({
  name,
  value,
  error,
  onChange,
  onBlur,
  ...rest
}: FieldProps<typeof TextAreaField>) {
  return (
    <TextAreaField
      {...rest}
      id={patientFieldId(name)}
      label={PATIENT_DATA_LABELS[name]}
      value={value}
      error={error}
      onChange={(e) => onChange(name, e.target.value)}
      onBlur={() => onBlur(name)}
    />
  )
})

export function PatientDataCard({ patient, errors, onChange, onBlur }: PatientDataCardProps) {
  const field = (name: PatientField) => ({
    name,
    value: patient[name],
    error: errors[patientFieldId(name)],
    onChange,
    onBlur,
  })

  return (
    <section
      id="section-patient"
      aria-labelledby="section-patient-title"
      className="scroll-mt-16 sm:scroll-mt-52 xl:scroll-mt-32 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 px-4 py-3 sm:px-6">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Patient</p>
        <h2
          id="section-patient-title"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none focus-visible:underline"
        >
          Patient information
        </h2>
      </header>
      <div className="grid gap-x-6 gap-y-4 px-4 py-5 sm:grid-cols-2 sm:px-6 lg:grid-cols-6">
        <PatientText
          {...field('patientFirstName')}
          required
          autoComplete="off"
          maxLength={L.name}
          containerClassName="lg:col-span-3"
        />
        <PatientText
          {...field('patientLastName')}
          required
          autoComplete="off"
          maxLength={L.name}
          containerClassName="lg:col-span-3"
        />
        <PatientText
          {...field('patientDOB')}
          type="date"
          required
          max={patient.assessmentDate || undefined}
          containerClassName="lg:col-span-2"
        />
        <PatientText
          {...field('assessmentDate')}
          type="date"
          required
          containerClassName="lg:col-span-2"
        />
        <PatientText
          {...field('patientEmail')}
          type="email"
          autoComplete="off"
          maxLength={L.email}
          containerClassName="sm:col-span-2 lg:col-span-2"
        />
        <PatientText
          {...field('referringParty')}
          maxLength={L.referringParty}
          placeholder="e.g. Dr. Rivera, Bright Smiles Orthodontics"
          containerClassName="sm:col-span-2 lg:col-span-4"
        />
        <PatientText
          {...field('referringPartyEmail')}
          type="email"
          autoComplete="off"
          maxLength={L.email}
          containerClassName="sm:col-span-2 lg:col-span-2"
        />
        <PatientTextArea
          {...field('reasonForReferral')}
          maxLength={L.shortText}
          className="min-h-20 [field-sizing:content]"
          containerClassName="sm:col-span-1 lg:col-span-3"
        />
        <PatientTextArea
          {...field('patientChiefComplaint')}
          maxLength={L.shortText}
          className="min-h-20 [field-sizing:content]"
          containerClassName="sm:col-span-1 lg:col-span-3"
        />
        <PatientTextArea
          {...field('relevantMedicalHistory')}
          maxLength={L.longText}
          className="min-h-20 [field-sizing:content]"
          containerClassName="sm:col-span-1 lg:col-span-3"
        />
        <PatientTextArea
          {...field('surgicalHistory')}
          maxLength={L.longText}
          className="min-h-20 [field-sizing:content]"
          containerClassName="sm:col-span-1 lg:col-span-3"
        />
      </div>
    </section>
  )
}
