/**
 * The Impression: the therapist's conclusion, printed on page 1 of the assessment report
 * (docs/product/documents.md#assessment-report). A draft built from the scored findings and the
 * selected recommendations is offered to start from; nothing prints unless the therapist keeps it.
 */
import { useDeferredValue, useMemo } from 'react'
import { Sparkles } from 'lucide-react'
import { PATIENT_DATA_LABELS } from '@myodocs/shared/constants/document-messages'
import { DOCUMENT_TEXT_LIMITS } from '@myodocs/shared/contracts/documents'
import { suggestedImpression } from '@myodocs/shared/domain/assessment-findings'
import { Button } from '../../../components/ui/button'
import { TextAreaField } from '../../../components/ui/field'
import type { Assessment } from '../assessment-state'
import { patientFieldId } from '../assessment-state'

export interface ImpressionCardProps {
  assessment: Assessment
  onChange: (value: string) => void
}

export function ImpressionCard({ assessment, onChange }: ImpressionCardProps) {
  const value = assessment.patientData.impression ?? ''
  // The draft reads every finding: worked out behind the typing, not on each keystroke's render.
  const deferred = useDeferredValue(assessment)
  const draft = useMemo(() => suggestedImpression(deferred), [deferred])
  return (
    <section
      id="section-impression"
      aria-labelledby="section-impression-title"
      className="scroll-mt-16 sm:scroll-mt-52 xl:scroll-mt-32 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 px-4 py-3 sm:px-6">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Page 1 of the report
        </p>
        <h2
          id="section-impression-title"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none focus-visible:underline"
        >
          {PATIENT_DATA_LABELS.impression}
        </h2>
      </header>
      <div className="space-y-3 px-4 py-5 sm:px-6">
        <TextAreaField
          id={patientFieldId('impression')}
          label={PATIENT_DATA_LABELS.impression}
          hint="Your conclusion for the referring provider: what you found and what you ask of them. Printed first in the report."
          value={value}
          maxLength={DOCUMENT_TEXT_LIMITS.longText}
          onChange={(e) => onChange(e.target.value)}
          className="min-h-28 [field-sizing:content]"
        />
        <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
          <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">
            Suggested draft from the scored findings
          </p>
          <p className="text-sm text-slate-700" data-testid="impression-draft">
            {draft}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            disabled={draft === value}
            onClick={() => onChange(draft)}
          >
            <Sparkles className="size-4" aria-hidden />
            {value.trim() ? 'Replace with the suggested draft' : 'Use the suggested draft'}
          </Button>
        </div>
      </div>
    </section>
  )
}
