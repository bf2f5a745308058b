/**
 * Assessment request → the report's view model (pure). What prints follows SPEC issue 6: the
 * patient header, each section with only what was recorded, every scale the shared scorers can
 * compute with its band, photos with captions, the selected recommendations, optimal sequencing
 * and a signature line. Scores are recomputed from the inputs (never taken from the request's
 * computed items), so a tampered or stale browser value cannot reach a provider.
 */
import type { AssessmentDocumentRequest } from '@myodocs/shared/contracts/documents'
import { PATIENT_DATA_LABELS } from '@myodocs/shared/constants/document-messages'
import {
  ASSESSMENT_SECTIONS,
  isItemCompleted,
  type AssessmentItem,
  type ItemValue,
} from '@myodocs/shared/domain/assessment-sections'
import {
  computeAssessmentScales,
  valuesFromSections,
  type ScaleReading,
} from '@myodocs/shared/domain/assessment-scales'
import {
  CUSTOM_RECOMMENDATION_ID,
  customRecommendations,
  findRecommendation,
} from '@myodocs/shared/domain/recommendations'
import { SCALES, type Severity } from '@myodocs/shared/domain/scales'
import type { DocumentContext } from '../context'
import { frameModel, type FrameModel } from '../components/frame-model'
import { formatAge, formatDate, fullName } from '../format'

/** The report's title, also its PDF metadata title. */
export const ASSESSMENT_REPORT_TITLE = 'Myofunctional Assessment Report'

/** A label and its printed value. */
export interface FieldRow {
  label: string
  value: string
}

/** A scale's result as printed: "TRMR-TIP 62% · Grade 2 (50–80% of MIO)". */
export interface ScaleRow {
  name: string
  value: string
  band: string
  severity: Severity
  caveat: string | null
}

/** One printed line of a section: a recorded item, or a computed scale in the item's place. */
export type ReportRow = ({ kind: 'field' } & FieldRow) | ({ kind: 'scale' } & ScaleRow)

/** A photo with its running figure number and caption. */
export interface ReportPhoto {
  /** The JPEG or PNG data URL as sent by the browser. */
  src: string
  caption: string
}

/** One section of the report; sections with nothing recorded are left out. */
export interface ReportSection {
  id: string
  title: string
  rows: ReportRow[]
  /** Long texts (the section's notes, other textareas), printed as paragraphs under the rows. */
  texts: FieldRow[]
  photos: ReportPhoto[]
}

/** A selected recommendation: its label and the chosen details in one line. */
export interface RecommendationLine {
  label: string
  detail: string
}

/** Everything the assessment report prints. */
export interface AssessmentReportModel {
  frame: FrameModel
  patient: {
    name: string
    /** Short facts in a grid: DOB with age, assessment date, referring party. */
    facts: FieldRow[]
    /** Longer texts, each a paragraph: reason for referral, complaint, histories. */
    history: FieldRow[]
  }
  /** Every computed scale, in form order: the "scores at a glance" table. */
  scales: ScaleRow[]
  sections: ReportSection[]
  recommendations: RecommendationLine[]
  optimalSequencing: string
  signature: { name: string; title: string }
}

/** The printed value of a recorded item, or `null` when it holds no answer (SPEC: only recorded items print). */
export function formatItemValue(item: AssessmentItem, value: ItemValue | undefined): string | null {
  if (!isItemCompleted(item, value)) return null
  switch (item.kind) {
    case 'checkbox':
      return 'Yes'
    case 'checkbox_group': {
      const chosen = new Set(value as string[])
      return item.options
        .filter((o) => chosen.has(o.id))
        .map((o) => o.label)
        .join('; ')
    }
    case 'select':
      return item.options.find((o) => o.id === value)?.label ?? null
    case 'number':
      return item.unit ? `${value as number} ${item.unit}` : String(value)
    case 'text':
    case 'textarea':
      return (value as string).trim()
    case 'computed':
      return null
  }
}

/** A scale reading as printed, or `null` until its inputs are complete. */
export function scaleRow(reading: ScaleReading): ScaleRow | null {
  if (!reading.result) return null
  const definition = SCALES[reading.scale]
  return {
    name: definition.name,
    value: reading.result.display,
    band: reading.result.label,
    severity: reading.result.severity,
    caveat: definition.caveat ?? null,
  }
}

/** "Standard (≈12–14 sessions) · Visit interval: every 2 weeks" for a selected recommendation. */
export function recommendationLine(
  entry: AssessmentDocumentRequest['recommendations'][number],
): RecommendationLine | null {
  const recommendation = findRecommendation(entry.id)
  if (!recommendation || !entry.selected) return null
  const detail = entry.customValue.trim()
  // "Other" is the therapist's own recommendation: its text is the recommendation.
  if (recommendation.id === 'rec_custom') return detail ? { label: detail, detail: '' } : null
  const options = recommendation.options?.items
    .filter((o) => entry.options.includes(o.id))
    .map((o) => o.label)
  const parts = [
    options?.length ? options.join(', ') : '',
    detail && recommendation.detail ? `${recommendation.detail.label}: ${detail}` : detail,
  ].filter(Boolean)
  return { label: recommendation.label, detail: parts.join(' · ') }
}

/**
 * Every line a recommendation prints: one for a listed recommendation, one per line of "Other"
 * (the therapist's own recommendations, entered as a list).
 */
export function recommendationLines(
  entry: AssessmentDocumentRequest['recommendations'][number],
): RecommendationLine[] {
  if (entry.id === CUSTOM_RECOMMENDATION_ID)
    return entry.selected
      ? customRecommendations(entry.customValue).map((label) => ({ label, detail: '' }))
      : []
  const line = recommendationLine(entry)
  return line ? [line] : []
}

const NARRATIVE_FIELDS = [
  'reasonForReferral',
  'patientChiefComplaint',
  'relevantMedicalHistory',
  'surgicalHistory',
] as const

const stripExtension = (name: string) => name.replace(/\.[a-z0-9]{2,5}$/i, '').trim()

/** The assessment report's view model: what prints, in order, already worded. */
export function assessmentReportModel(
  request: AssessmentDocumentRequest,
  context: DocumentContext,
): AssessmentReportModel {
  const { patientData: p } = request
  const age = formatAge(p.patientDOB, p.assessmentDate)
  const facts: FieldRow[] = [
    {
      label: PATIENT_DATA_LABELS.patientDOB,
      value: formatDate(p.patientDOB) + (age ? ` (${age})` : ''),
    },
    { label: PATIENT_DATA_LABELS.assessmentDate, value: formatDate(p.assessmentDate) },
  ]
  if (p.referringParty.trim())
    facts.push({ label: PATIENT_DATA_LABELS.referringParty, value: p.referringParty.trim() })
  const history = NARRATIVE_FIELDS.filter((key) => p[key].trim()).map((key) => ({
    label: PATIENT_DATA_LABELS[key],
    value: p[key].trim(),
  }))

  const readings = computeAssessmentScales(valuesFromSections(request.sections))
  const readingByItem = new Map(readings.map((r) => [`${r.sectionId}/${r.itemId}`, r]))
  const sentById = new Map(request.sections.map((s) => [s.id, s]))

  let figure = 0
  const sections: ReportSection[] = []
  // The form's section order, whatever order the browser sent them in.
  for (const section of ASSESSMENT_SECTIONS) {
    const sent = sentById.get(section.id)
    const values = new Map(sent?.items.map((i) => [i.id, i.value]))
    const rows: ReportRow[] = []
    const texts: FieldRow[] = []
    for (const item of section.items) {
      if (item.kind === 'computed') {
        const reading = readingByItem.get(`${section.id}/${item.id}`)
        const row = reading ? scaleRow(reading) : null
        if (row) rows.push({ kind: 'scale', ...row })
        continue
      }
      const value = formatItemValue(item, values.get(item.id))
      if (value === null) continue
      if (item.kind === 'textarea') texts.push({ label: item.label, value })
      else rows.push({ kind: 'field', label: item.label, value })
    }
    // The section's notes field and its "Notes" item are one thing to a reader: print them once.
    const notes = sent?.notes.trim() ?? ''
    if (notes) {
      const existing = texts.find((t) => t.label === 'Notes')
      if (existing) existing.value = `${existing.value}\n\n${notes}`
      else texts.push({ label: 'Notes', value: notes })
    }
    const photos = (sent?.images ?? []).map((image) => {
      figure += 1
      const name = stripExtension(image.name)
      return { src: image.data, caption: name ? `Figure ${figure}. ${name}` : `Figure ${figure}` }
    })
    // A section with only a computed score (from another section's inputs) still prints it.
    if (rows.length || texts.length || photos.length)
      sections.push({ id: section.id, title: section.title, rows, texts, photos })
  }

  return {
    frame: frameModel(
      ASSESSMENT_REPORT_TITLE,
      { firstName: p.patientFirstName, lastName: p.patientLastName },
      context,
    ),
    patient: { name: fullName(p.patientFirstName, p.patientLastName), facts, history },
    scales: readings.map(scaleRow).filter((row): row is ScaleRow => row !== null),
    sections,
    recommendations: request.recommendations.flatMap(recommendationLines),
    optimalSequencing: p.optimalSequencing.trim(),
    signature: {
      name: fullName(context.therapist.firstName, context.therapist.lastName),
      title: context.therapist.title.trim(),
    },
  }
}
