/**
 * The report's recommendation lines (docs/product/documents.md#assessment-report): page 1's
 * summary with who should act, and the details, worded for the patient's age and the referrer
 * (docs/product/clinical-content.md#recommendation-wording).
 */
import type { AssessmentDocumentRequest } from '@myodocs/shared/contracts/documents'
import {
  CUSTOM_RECOMMENDATION_ID,
  customRecommendations,
  detailOf,
  findRecommendation,
} from '@myodocs/shared/domain/recommendations'
import {
  actorFor,
  conditionOf,
  labelFor,
  type WordingContext,
} from '@myodocs/shared/domain/recommendation-wording'

// Without a patient block (a unit test of one line): adult wording, no referrer.
const ADULT: WordingContext = { group: 'adult', referrer: null }

/** A selected recommendation: its label and the chosen details in one line. */
export interface RecommendationLine {
  label: string
  detail: string
}

/** A line of the page-1 recommendations summary: what, with the therapist's details, and who should act. */
export interface RecommendationSummaryLine {
  label: string
  /** The chosen options and the therapist's reason or condition, as in the details. */
  detail: string
  actor: string
}

/**
 * "Standard (≈12–14 sessions) · Visit interval: every 2 weeks" for a selected recommendation,
 * labeled for the age group (an adult's dentist is not "pediatric").
 */
export function recommendationLine(
  entry: AssessmentDocumentRequest['recommendations'][number],
  context: WordingContext = ADULT,
): RecommendationLine | null {
  const recommendation = findRecommendation(entry.id)
  if (!recommendation || !entry.selected) return null
  const detailField = detailOf(recommendation)
  const detail = entry.customValue.trim()
  // "Other" is the therapist's own recommendation: its text is the recommendation.
  if (recommendation.id === 'rec_custom') return detail ? { label: detail, detail: '' } : null
  const options = recommendation.options?.items
    .filter((o) => entry.options.includes(o.id))
    .map((o) => o.label)
  // A detail in a unit reads as a phrase: "In (weeks)" and 6 → "In 6 weeks".
  const unit = /^(.+) \((\w+)\)$/.exec(detailField.label)
  // A condition reads as one ("if congestion persists after 8 weeks"), a reason with its label.
  const condition =
    !recommendation.detail || recommendation.id === 'rec_ent' ? conditionOf(detail) : null
  const parts = [
    options?.length ? options.join(', ') : '',
    unit && /^\d+$/.test(detail)
      ? `${unit[1]} ${detail} ${unit[2]}`
      : condition
        ? condition.charAt(0).toUpperCase() + condition.slice(1)
        : detail
          ? `${detailField.label}: ${detail}`
          : '',
  ].filter(Boolean)
  return {
    label: labelFor(recommendation, context.group, { options: entry.options, context }),
    detail: parts.join(' · '),
  }
}

/**
 * Every line a recommendation prints: one for a listed recommendation, one per line of "Other"
 * (the therapist's own recommendations, entered as a list).
 */
export function recommendationLines(
  entry: AssessmentDocumentRequest['recommendations'][number],
  context: WordingContext = ADULT,
): RecommendationLine[] {
  if (entry.id === CUSTOM_RECOMMENDATION_ID)
    return entry.selected
      ? customRecommendations(entry.customValue).map((label) => ({ label, detail: '' }))
      : []
  const line = recommendationLine(entry, context)
  return line ? [line] : []
}

/**
 * A selected recommendation on page 1: its label with the therapist's details and condition, and
 * who should act, worded for the patient's age and the referrer (shared `actorFor`).
 */
export function summaryLines(
  entry: AssessmentDocumentRequest['recommendations'][number],
  context: WordingContext,
): RecommendationSummaryLine[] {
  const recommendation = findRecommendation(entry.id)
  if (!recommendation || !entry.selected) return []
  if (recommendation.id === CUSTOM_RECOMMENDATION_ID)
    return customRecommendations(entry.customValue).map((label) => ({
      label,
      detail: '',
      actor: 'See the detail below',
    }))
  const line = recommendationLine(entry, context)
  if (!line) return []
  const weeks = recommendation.id === 'rec_reeval' ? entry.customValue.trim() : ''
  if (/^\d+$/.test(weeks))
    return [
      {
        label: `${line.label} in ${weeks} weeks`,
        detail: '',
        actor: actorFor(recommendation, entry.options, context),
      },
    ]
  return [
    {
      label: line.label,
      detail: line.detail,
      actor: actorFor(recommendation, entry.options, context),
    },
  ]
}
