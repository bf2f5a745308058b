/**
 * Recommendations: the default list in its documented order (docs/product/clinical-content.md), then the reference's
 * additions, each selectable with its detail choices (program, providers…) and a custom value;
 * then the therapist's own recommendations as a list; then the optimal sequencing.
 */
import { memo, useState } from 'react'
import { Plus, X } from 'lucide-react'
import { PATIENT_DATA_LABELS } from '@myodocs/shared/constants/document-messages'
import { DOCUMENT_TEXT_LIMITS } from '@myodocs/shared/contracts/documents'
import {
  CUSTOM_RECOMMENDATION_ID,
  detailOf,
  RECOMMENDATION_DETAIL_MAX_LENGTH,
  RECOMMENDATIONS,
} from '@myodocs/shared/domain/recommendations'
import type { Recommendation } from '@myodocs/shared/domain/recommendations'
import { Button } from '../../../components/ui/button'
import {
  CheckboxField,
  controlClasses,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/field'
import { cn } from '../../../lib/cn'
import type { RecommendationState } from '../assessment-state'
import { patientFieldId } from '../assessment-state'

type Patch = Partial<Omit<RecommendationState, 'id' | 'label'>>

export interface RecommendationsCardProps {
  recommendations: readonly RecommendationState[]
  optimalSequencing: string
  onChange: (id: string, patch: Patch) => void
  onSequencingChange: (value: string) => void
}

const listed = RECOMMENDATIONS.filter((r) => r.id !== CUSTOM_RECOMMENDATION_ID)
const defaults = listed.filter((r) => r.isDefault)
const additions = listed.filter((r) => !r.isDefault)

// Memoised: ticking one recommendation renders its own row.
const RecommendationRow = memo(function RecommendationRow({
  recommendation: r,
  state,
  onChange,
}: {
  recommendation: Recommendation
  state: RecommendationState
  onChange: (id: string, patch: Patch) => void
}) {
  const id = `rec-${r.id}`
  const options = r.options
  // Every card takes a free text: its own detail, else the therapist's reason or condition.
  const detail = detailOf(r)
  return (
    <li
      className={cn(
        'rounded-lg border px-3 py-2.5 transition-colors',
        state.selected ? 'border-brand-300 bg-brand-50/50' : 'border-slate-200 bg-white',
      )}
    >
      <CheckboxField
        id={id}
        label={<span className="font-medium">{r.label}</span>}
        hint={r.typicalWhen}
        checked={state.selected}
        onChange={(e) => onChange(r.id, { selected: e.target.checked })}
      />
      {state.selected && (
        <div className="ml-6 mt-2 grid gap-3 sm:grid-cols-2">
          {options &&
            (options.multiple ? (
              <fieldset className="sm:col-span-2">
                <legend className="mb-1 text-xs font-medium text-slate-700">{options.label}</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {options.items.map((o) => (
                    <CheckboxField
                      key={o.id}
                      id={`${id}-${o.id}`}
                      label={o.label}
                      checked={state.options.includes(o.id)}
                      onChange={(e) =>
                        onChange(r.id, {
                          options: options.items
                            .map((x) => x.id)
                            .filter((x) =>
                              x === o.id ? e.target.checked : state.options.includes(x),
                            ),
                        })
                      }
                    />
                  ))}
                </div>
              </fieldset>
            ) : (
              <SelectField
                id={`${id}-option`}
                label={options.label}
                value={state.options[0] ?? ''}
                onChange={(e) =>
                  onChange(r.id, { options: e.target.value ? [e.target.value] : [] })
                }
                className="py-1.5"
              >
                <option value="">Not specified</option>
                {options.items.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </SelectField>
            ))}
          {detail.kind === 'textarea' ? (
            <TextAreaField
              id={`${id}-detail`}
              label={detail.label}
              placeholder={detail.placeholder}
              value={state.customValue}
              maxLength={RECOMMENDATION_DETAIL_MAX_LENGTH}
              onChange={(e) => onChange(r.id, { customValue: e.target.value })}
              containerClassName="sm:col-span-2"
              className="min-h-16 [field-sizing:content]"
            />
          ) : (
            <TextField
              id={`${id}-detail`}
              label={detail.label}
              placeholder={detail.placeholder}
              value={state.customValue}
              maxLength={RECOMMENDATION_DETAIL_MAX_LENGTH}
              onChange={(e) => onChange(r.id, { customValue: e.target.value })}
              className="py-1.5"
            />
          )}
        </div>
      )}
    </li>
  )
})

/** The therapist's own recommendations, one per line of "Other" (`rec_custom`). */
function CustomRecommendations({
  state,
  onChange,
}: {
  state: RecommendationState
  onChange: (patch: Patch) => void
}) {
  const split = (value: string) => (value === '' ? [] : value.split('\n'))
  // Kept here as well: one new, still empty line joins to '' and would not show otherwise.
  const [lines, setLines] = useState(() => split(state.customValue))
  if (lines.join('\n') !== state.customValue) setLines(split(state.customValue))
  const [focusLast, setFocusLast] = useState(false)
  const save = (next: string[]) => {
    setLines(next)
    onChange({ customValue: next.join('\n'), selected: next.some((l) => l.trim() !== '') })
  }

  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Your own recommendations</h3>
      {lines.length > 0 && (
        <ol className="space-y-2">
          {lines.map((line, index) => (
            <li key={index} className="flex items-center gap-2">
              <span className="w-5 text-right text-xs tabular-nums text-slate-500" aria-hidden>
                {index + 1}.
              </span>
              <label htmlFor={`rec-custom-${index}`} className="sr-only">
                Your recommendation {index + 1}
              </label>
              <input
                id={`rec-custom-${index}`}
                value={line}
                autoFocus={focusLast && index === lines.length - 1}
                placeholder="e.g. Daily chewing practice with a myo chewing device"
                className={cn(controlClasses, 'py-1.5')}
                onChange={(e) =>
                  save(lines.map((l, i) => (i === index ? e.target.value.replace(/\n/g, ' ') : l)))
                }
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    setFocusLast(true)
                    save([...lines, ''])
                  }
                }}
              />
              <Button
                variant="ghost"
                size="sm"
                className="h-8 w-8 shrink-0 px-0"
                aria-label={`Remove recommendation ${index + 1}`}
                onClick={() => save(lines.filter((_, i) => i !== index))}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={state.customValue.length >= RECOMMENDATION_DETAIL_MAX_LENGTH}
        onClick={() => {
          setFocusLast(true)
          save([...lines, ''])
        }}
      >
        <Plus className="size-4" aria-hidden />
        Add a recommendation
      </Button>
    </div>
  )
}

export function RecommendationsCard({
  recommendations,
  optimalSequencing,
  onChange,
  onSequencingChange,
}: RecommendationsCardProps) {
  const byId = new Map(recommendations.map((r) => [r.id, r]))
  const row = (r: Recommendation) => {
    const state = byId.get(r.id)
    return state ? (
      <RecommendationRow key={r.id} recommendation={r} state={state} onChange={onChange} />
    ) : null
  }
  const custom = byId.get(CUSTOM_RECOMMENDATION_ID)
  const chosen = recommendations.filter((r) => r.selected).length

  return (
    <section
      id="section-recommendations"
      aria-labelledby="section-recommendations-title"
      className="lazy-render scroll-mt-16 sm:scroll-mt-52 xl:scroll-mt-32 rounded-xl border border-slate-200 bg-white shadow-sm"
      style={{ containIntrinsicBlockSize: 'auto 2000px' }}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 sm:px-6">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Plan of care</p>
          <h2
            id="section-recommendations-title"
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none focus-visible:underline"
          >
            Recommendations
          </h2>
        </div>
        <span className="text-xs text-slate-500">{chosen} selected</span>
      </header>
      <div className="space-y-6 px-4 py-5 sm:px-6">
        <ul className="grid gap-2 xl:grid-cols-2">{defaults.map(row)}</ul>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">More referrals and programs</h3>
          <ul className="grid gap-2 xl:grid-cols-2">{additions.map(row)}</ul>
        </div>
        {custom && (
          <CustomRecommendations
            state={custom}
            onChange={(patch) => onChange(CUSTOM_RECOMMENDATION_ID, patch)}
          />
        )}
        <TextAreaField
          id={patientFieldId('optimalSequencing')}
          label={PATIENT_DATA_LABELS.optimalSequencing}
          hint="The order the recommended care should follow, e.g. myofunctional therapy before and after a frenum release, then orthodontic review."
          value={optimalSequencing}
          maxLength={DOCUMENT_TEXT_LIMITS.longText}
          onChange={(e) => onSequencingChange(e.target.value)}
          className="min-h-24 [field-sizing:content]"
        />
      </div>
    </section>
  )
}
