/**
 * Referral letters, after the recommendations: each selected recommendation that names a provider
 * offers Write letter; the letters drafted are listed, each with its provider, ask, preview,
 * download and send, and Send letters sends them all, one email per provider
 * (docs/product/routes.md#referral-letters).
 */
import { useEffect, useRef } from 'react'
import { FilePlus2, Send } from 'lucide-react'
import {
  LETTERS_DESCRIPTION,
  LETTERS_NO_REFERRAL,
  LETTERS_NONE_YET,
  LETTERS_TITLE,
  SEND_LETTERS,
  WRITE_LETTER,
  lettersDrafted,
  writeLetterLabel,
} from '@myodocs/shared/constants/letter-page-messages'
import { Button } from '../../../components/ui/button'
import { DocumentPreviewDialog } from '../../documents'
import type { Assessment, RecommendationState } from '../assessment-state'
import { letterTargets } from '../letters/letter-drafts'
import { useReferralLetters } from '../letters/use-referral-letters'
import type { LetterStore } from '../letters/letter-store'
import { draftHeadingId, LetterDraftCard } from './letter-draft-card'

export function ReferralLettersCard({
  recommendations,
  sessionId,
  prepare,
  onRecommendationChange,
  letterStore,
}: {
  recommendations: readonly RecommendationState[]
  sessionId: string | null
  /** The form's request, checked as Generate checks it; null after showing what to correct. */
  prepare: () => Promise<Assessment | null>
  onRecommendationChange: (id: string, patch: { customValue: string }) => void
  /** Where the letters wait across a reload (tests); the encrypted draft store by default. */
  letterStore?: LetterStore
}) {
  const letters = useReferralLetters({ sessionId, prepare, store: letterStore })
  const targets = letterTargets(recommendations)
  const byId = new Map(recommendations.map((r) => [r.id, r]))

  // The keyboard goes to the letter just written, or back to the list's heading after a removal.
  const focusOn = useRef<string | null>(null)
  useEffect(() => {
    if (!focusOn.current) return
    document.getElementById(focusOn.current)?.focus()
    focusOn.current = null
  })
  // Adding and removing a letter re-render the list, which runs the effect.
  const focusAfterRender = (id: string) => {
    focusOn.current = id
  }

  return (
    <section
      id="section-letters"
      aria-labelledby="section-letters-title"
      className="scroll-mt-16 sm:scroll-mt-52 xl:scroll-mt-32 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 sm:px-6">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Plan of care</p>
          <h2
            id="section-letters-title"
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none focus-visible:underline"
          >
            {LETTERS_TITLE}
          </h2>
        </div>
        <span className="text-xs text-slate-500" aria-live="polite">
          {lettersDrafted(letters.drafts.length)}
        </span>
      </header>
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <p className="max-w-prose text-sm text-slate-600">{LETTERS_DESCRIPTION}</p>
        {targets.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">
            {LETTERS_NO_REFERRAL}
          </p>
        ) : (
          <ul className="grid gap-2 xl:grid-cols-2" aria-label="Referrals">
            {targets.map((target) => (
              <li
                key={target.recommendationId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2"
              >
                <span className="min-w-0 text-sm font-medium text-slate-800">{target.label}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={writeLetterLabel(target.label)}
                  onClick={() => focusAfterRender(draftHeadingId(letters.add(target)))}
                >
                  <FilePlus2 className="size-4" aria-hidden />
                  {WRITE_LETTER}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {letters.drafts.length === 0 ? (
          targets.length > 0 && <p className="text-sm text-slate-600">{LETTERS_NONE_YET}</p>
        ) : (
          <ol className="space-y-3" aria-label={LETTERS_TITLE}>
            {letters.drafts.map((draft) => (
              <LetterDraftCard
                key={draft.id}
                draft={draft}
                recommendation={byId.get(draft.recommendationId)}
                errors={letters.errors[draft.id]}
                failure={letters.failure?.id === draft.id ? letters.failure.message : null}
                pending={letters.pending?.id === draft.id ? letters.pending.action : null}
                busy={letters.pending !== null}
                onChange={(patch) => letters.update(draft.id, patch)}
                onReasonChange={(value) =>
                  onRecommendationChange(draft.recommendationId, { customValue: value })
                }
                onPreview={() => void letters.preview(draft.id)}
                onDownload={() => void letters.download(draft.id)}
                onSend={() => void letters.send(draft.id)}
                onRemove={() => {
                  letters.remove(draft.id)
                  focusAfterRender('section-letters-title')
                }}
              />
            ))}
          </ol>
        )}
        {letters.drafts.length > 1 && (
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <Button disabled={letters.pending !== null} onClick={() => void letters.send()}>
              <Send className="size-4" aria-hidden />
              {SEND_LETTERS}
            </Button>
          </div>
        )}
      </div>
      <DocumentPreviewDialog
        file={letters.previewed?.file ?? null}
        onClose={letters.closePreview}
        onSend={() => {
          const id = letters.previewed?.id
          letters.closePreview()
          if (id) void letters.send(id)
        }}
      />
      {letters.dialog}
    </section>
  )
}
