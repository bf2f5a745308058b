/**
 * What the assessment page derives from the session's value, for the parts that each read their
 * own slice (`useDraftValue`): live scores per section, the index's statuses, the patient
 * fields' messages, whether anything was entered. Each is computed once per edit however many
 * parts ask, and answers an equal value with the same object, so only a part whose figure
 * changed renders again.
 */
import { ASSESSMENT_SECTIONS } from '@myodocs/shared/domain/assessment-sections'
import {
  computeAssessmentScales,
  valuesFromSections,
} from '@myodocs/shared/domain/assessment-scales'
import { sectionCompletion } from '@myodocs/shared/domain/assessment-session'
import type { ScaleResult } from '@myodocs/shared/domain/scales'
import { hasContent, patientErrors, photoCount } from './assessment-state'
import type { Assessment, PatientField } from './assessment-state'

/** `fn` remembering its last answer for the same argument (compared by identity). */
function lastOf<A, R>(fn: (arg: A) => R): (arg: A) => R {
  let last: { arg: A; result: R } | null = null
  return (arg) => {
    if (last && last.arg === arg) return last.result
    last = { arg, result: fn(arg) }
    return last.result
  }
}

type Sections = Assessment['sections']
export type Scores = ReadonlyMap<string, ScaleResult | null>

/** Live scores of the whole assessment by computed item id (one scale may read another section). */
export const scoresOf = lastOf(
  (sections: Sections): Scores =>
    new Map(computeAssessmentScales(valuesFromSections(sections)).map((r) => [r.itemId, r.result])),
)

const computedIds = new Map<string, string[]>(
  ASSESSMENT_SECTIONS.map((s) => [
    s.id,
    s.items.filter((item) => item.kind === 'computed').map((item) => item.id),
  ]),
)

const sectionScoreCache = new Map<string, { scores: Scores; mine: Scores }>()

/** The scores shown in one section: the same map while none of them changed. */
export function sectionScores(sections: Sections, sectionId: string): Scores {
  const all = scoresOf(sections)
  const seen = sectionScoreCache.get(sectionId)
  if (seen?.scores === all) return seen.mine
  const mine: Scores = new Map(
    (computedIds.get(sectionId) ?? []).map((id) => [id, all.get(id) ?? null]),
  )
  const kept = seen && sameScores(seen.mine, mine) ? seen.mine : mine
  sectionScoreCache.set(sectionId, { scores: all, mine: kept })
  return kept
}

/** Whether two score maps show the same figures. */
export function sameScores(a: Scores, b: Scores): boolean {
  if (a.size !== b.size) return false
  for (const [id, result] of a) {
    if (!b.has(id) || JSON.stringify(result) !== JSON.stringify(b.get(id))) return false
  }
  return true
}

/** The patient fields' messages by control id (the shared schema's), once per edit of them. */
export const patientErrorsOf = lastOf(patientErrors)

/** Whether anything was entered (New and Clear ask first), once per edit. */
export const hasContentOf = lastOf(hasContent)

const REQUIRED_PATIENT_FIELDS = [
  'patientFirstName',
  'patientLastName',
  'patientDOB',
  'assessmentDate',
] as const satisfies readonly PatientField[]

const completionOf = new WeakMap<object, { completed: number; total: number }>()

/** One line of the index: a section's completion, or a short status. */
export interface IndexStatus {
  completion?: { completed: number; total: number }
  status?: string
}

/** The index's statuses by anchor, computed once per edit. */
export const indexStatusOf = lastOf((a: Assessment): Record<string, IndexStatus> => {
  const patientDone = REQUIRED_PATIENT_FIELDS.filter((f) => a.patientData[f].trim() !== '').length
  const statuses: Record<string, IndexStatus> = {
    'section-patient': {
      status: `${patientDone} of ${REQUIRED_PATIENT_FIELDS.length} required fields`,
    },
  }
  for (const section of ASSESSMENT_SECTIONS) {
    const data = a.sections.find((s) => s.id === section.id)
    const items = data?.items ?? []
    let completion = completionOf.get(items)
    if (!completion) completionOf.set(items, (completion = sectionCompletion(section.id, items)))
    statuses[`section-${section.id}`] = { completion }
  }
  statuses['section-recommendations'] = {
    status: `${a.recommendations.filter((r) => r.selected).length} selected`,
  }
  statuses['section-impression'] = {
    status: a.patientData.impression?.trim() ? 'Written' : 'Not written yet',
  }
  statuses['section-documents'] = { status: 'Report and summary' }
  return statuses
})

/** Whether two index snapshots read the same. */
export const sameIndex = (a: Record<string, IndexStatus>, b: Record<string, IndexStatus>) =>
  a === b || JSON.stringify(a) === JSON.stringify(b)

/** The patient's name as the page's heading shows it. */
export const patientNameOf = (a: Assessment) =>
  [a.patientData.patientFirstName, a.patientData.patientLastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')

/** How many photos the assessment holds (at most 12 go in one request). */
export const photoCountOf = (a: Assessment) => photoCount(a)
