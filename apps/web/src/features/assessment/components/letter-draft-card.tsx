/**
 * One referral letter being written: the provider (picked from the address book or typed), the
 * recommendation's reason (the same field as in Recommendations), the ask, whether the report goes
 * with it, and Preview, Download, Send and Remove.
 */
import { Download, Eye, Send, X } from 'lucide-react'
import {
  DOWNLOAD_LETTER,
  LETTER_ASK_HINT,
  LETTER_ASK_LABEL,
  LETTER_ATTACH_REPORT,
  LETTER_ATTACH_REPORT_HINT,
  LETTER_PROVIDER_LEGEND,
  PREVIEW_LETTER,
  REMOVE_LETTER,
} from '@myodocs/shared/constants/letter-page-messages'
import { SEND_BUTTON } from '@myodocs/shared/constants/mailbox-messages'
import {
  detailOf,
  RECOMMENDATION_DETAIL_MAX_LENGTH,
  RECOMMENDATIONS,
} from '@myodocs/shared/domain/recommendations'
import { Button } from '../../../components/ui/button'
import { CheckboxField, TextAreaField } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-error'
import type { RecommendationState } from '../assessment-state'
import { PROVIDER_FIELD_LIMITS } from '@myodocs/shared/contracts/referral-letter'
import { draftTitle } from '../letters/letter-drafts'
import type { LetterDraft } from '../letters/letter-drafts'
import type { DraftErrors } from '../letters/use-referral-letters'
import { ProviderFields } from '../letters/provider-fields'

export const draftHeadingId = (id: string) => `letter-${id}-title`

export function LetterDraftCard({
  draft,
  recommendation,
  errors,
  failure,
  pending,
  busy,
  onChange,
  onReasonChange,
  onPreview,
  onDownload,
  onSend,
  onRemove,
}: {
  draft: LetterDraft
  recommendation: RecommendationState | undefined
  errors: DraftErrors | undefined
  failure: string | null
  /** What this draft is making now, for the button's spinner. */
  pending: 'preview' | 'download' | null
  /** Another letter is being made: the buttons wait. */
  busy: boolean
  onChange: (patch: Partial<Omit<LetterDraft, 'id'>>) => void
  onReasonChange: (value: string) => void
  onPreview: () => void
  onDownload: () => void
  onSend: () => void
  onRemove: () => void
}) {
  const title = draftTitle(draft)
  const id = `letter-${draft.id}`
  const offered = RECOMMENDATIONS.find((r) => r.id === draft.recommendationId)
  const detail = offered && detailOf(offered)
  return (
    <li
      aria-labelledby={draftHeadingId(draft.id)}
      className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="letter-draft"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3
            id={draftHeadingId(draft.id)}
            tabIndex={-1}
            className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere] focus:outline-none focus-visible:underline"
          >
            {title}
          </h3>
          {offered && <p className="text-xs text-slate-600">{offered.label}</p>}
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="h-9 w-9 shrink-0 px-0"
          aria-label={`${REMOVE_LETTER}: ${title}`}
          onClick={onRemove}
        >
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <fieldset className="mt-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">
          {LETTER_PROVIDER_LEGEND}
        </legend>
        <ProviderFields
          id={`${id}-provider`}
          providerType={draft.providerType}
          value={draft.provider}
          errors={errors}
          onChange={(provider) => onChange({ provider })}
        />
      </fieldset>
      <div className="mt-3 grid gap-3">
        {recommendation && detail && (
          <TextAreaField
            id={`${id}-reason`}
            label={detail.label}
            placeholder={detail.placeholder}
            value={recommendation.customValue}
            maxLength={RECOMMENDATION_DETAIL_MAX_LENGTH}
            onChange={(e) => onReasonChange(e.target.value)}
            className="min-h-12 [field-sizing:content]"
          />
        )}
        <TextAreaField
          id={`${id}-ask`}
          label={LETTER_ASK_LABEL}
          hint={LETTER_ASK_HINT}
          value={draft.ask}
          error={errors?.ask}
          maxLength={PROVIDER_FIELD_LIMITS.ask}
          onChange={(e) => onChange({ ask: e.target.value })}
          className="min-h-16 [field-sizing:content]"
        />
        <CheckboxField
          id={`${id}-report`}
          label={LETTER_ATTACH_REPORT}
          hint={LETTER_ATTACH_REPORT_HINT}
          checked={draft.attachReport}
          onChange={(e) => onChange({ attachReport: e.target.checked })}
        />
      </div>
      {failure && (
        <div className="mt-3">
          <FormError message={failure} />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          pending={pending === 'preview'}
          disabled={busy}
          aria-label={`${PREVIEW_LETTER}: ${title}`}
          onClick={onPreview}
        >
          {pending !== 'preview' && <Eye className="size-4" aria-hidden />}
          {PREVIEW_LETTER}
        </Button>
        <Button
          size="sm"
          variant="outline"
          pending={pending === 'download'}
          disabled={busy}
          aria-label={`${DOWNLOAD_LETTER}: ${title}`}
          onClick={onDownload}
        >
          {pending !== 'download' && <Download className="size-4" aria-hidden />}
          {DOWNLOAD_LETTER}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`${SEND_BUTTON}: ${title}`}
          onClick={onSend}
        >
          <Send className="size-4" aria-hidden />
          {SEND_BUTTON}
        </Button>
      </div>
    </li>
  )
}
