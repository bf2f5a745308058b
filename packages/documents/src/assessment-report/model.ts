/**
 * Assessment request → the report's view model (pure), as docs/product/documents.md describes:
 * page 1 carries the conclusion (patient, the therapist's Impression, the key findings ranked by
 * clinical weight, who should act on which recommendation); then the scores, each section with
 * only what was recorded, photos, the recommendation details, sequencing and the electronic
 * signature. Scores are recomputed from the inputs (never taken from the request's computed
 * items), so a tampered or stale browser value cannot reach a provider.
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
  ageGroup,
  referrerProfession,
  type WordingContext,
} from '@myodocs/shared/domain/recommendation-wording'
import {
  recommendationLines,
  summaryLines,
  type RecommendationLine,
  type RecommendationSummaryLine,
} from './recommendation-lines'

export {
  recommendationLine,
  recommendationLines,
  type RecommendationLine,
  type RecommendationSummaryLine,
} from './recommendation-lines'
import { SCALES, type Severity } from '@myodocs/shared/domain/scales'
import { rankedFindings, withUnit } from '@myodocs/shared/domain/assessment-findings'
import { isMinor } from '@myodocs/shared/domain/dates'
import { compareScales, type ScaleProgress } from '@myodocs/shared/domain/progress'
import { measurementReference } from '@myodocs/shared/domain/measurement-references'
import { assessmentScores } from '@myodocs/shared/domain/session-file'
import type { DocumentContext } from '../context'
import { frameModel, type FrameModel } from '../components/frame-model'
import { homePracticeModel, type HomePracticeModel } from '../components/companion'
import { formatAge, formatDate, fullName, therapistSignature } from '../format'
import { allowShapingCache } from '../shaping-cache'

/** The report's title, also its PDF metadata title. */
export const ASSESSMENT_REPORT_TITLE = 'Myofunctional Assessment Report'

/** The report's own section headings (the assessment sections carry theirs). */
export const REPORT_HEADINGS = {
  history: 'History',
  impression: 'Impression',
  keyFindings: 'Key findings',
  recommendations: 'Recommendations',
  scores: 'Scores at a glance',
  recommendationDetails: 'Recommendation details',
  sequencing: 'Optimal sequencing',
} as const

/** Under the recommendations summary: where the details are. */
export const RECOMMENDATIONS_FOLLOW = 'Details of each recommendation follow the findings.'

// The template's fixed wording (template.tsx): shaped once per process (see ../shaping-cache).
allowShapingCache(
  ASSESSMENT_REPORT_TITLE,
  ...Object.values(REPORT_HEADINGS),
  'PATIENT',
  'NOTES',
  'RECOMMENDATION',
  'WHO SHOULD ACT',
  RECOMMENDATIONS_FOLLOW,
  'MEASURE',
  'RESULT',
  'INTERPRETATION',
)

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
  /** "Source: Kotlow 1999". */
  source: string
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

/** A key finding on page 1. */
export interface KeyFindingLine {
  label: string
  value: string
  severity: Severity
}

/** Key findings printed on page 1; the rest are in the sections. */
export const MAX_KEY_FINDINGS = 6

/** Everything the assessment report prints. */
export interface AssessmentReportModel {
  frame: FrameModel
  patient: {
    name: string
    /** Short facts in a grid: DOB with age, assessment date, referring party. */
    facts: FieldRow[]
    /** The reader's question, first on page 1: reason for referral and chief complaint. */
    reason: FieldRow[]
    /** Longer texts, each a paragraph: the medical and surgical histories. */
    history: FieldRow[]
  }
  /** The therapist's Impression, as written; empty when none. */
  impression: string
  /**
   * The key findings: those answering the reason for referral first, then scores outside their
   * bands, then the rest (docs/product/clinical-content.md#key-findings).
   */
  keyFindings: KeyFindingLine[]
  /** How many more findings the sections hold. */
  moreFindings: number
  /** Page 1: each recommendation with who should act. */
  recommendationSummary: RecommendationSummaryLine[]
  /** Every computed scale, in form order: the "scores at a glance" table. */
  scales: ScaleRow[]
  /** Page 1 of a re-evaluation: each score against the documents brought back; else empty. */
  progress: ScaleProgress[]
  /** The home practice of a checked companion summary, printed with the progress. */
  homePractice: HomePracticeModel | null
  sections: ReportSection[]
  /** The full checklist with its chosen details (the appendix). */
  recommendations: RecommendationLine[]
  optimalSequencing: string
  /** "Electronically signed by Dana Whitfield, RDH, COM on March 5, 2026" and the credential. */
  signature: { statement: string; credential: string }
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
    case 'select': {
      const option = item.options.find((o) => o.id === value)
      if (!option) return null
      // A 0–10 rating reads "7/10", keeping an end label: "10/10 Worst imaginable".
      if (isZeroToTen(item) && option.score !== undefined)
        return `${option.score}/10${option.label.replace(/^\d+/, '')}`
      return option.label
    }
    case 'number':
      return withUnit(value as number, item.unit)
    case 'text':
    case 'textarea':
      return (value as string).trim()
    case 'computed':
      return null
  }
}

/** True for a 0–10 rating (pain, tension, motivation): options scored 0 to 10. */
function isZeroToTen(item: AssessmentItem): boolean {
  return (
    item.kind === 'select' &&
    item.options.length === 11 &&
    item.options.every((o, index) => o.score === index)
  )
}

/**
 * A scale reading as printed, or `null` until its inputs are complete. For a child, bands that
 * are adult norms say so.
 */
export function scaleRow(reading: ScaleReading, minor = false): ScaleRow | null {
  if (!reading.result) return null
  const definition = SCALES[reading.scale]
  return {
    name: definition.name,
    value: reading.result.display,
    band:
      minor && definition.adultReference
        ? `${reading.result.label}, adult reference range`
        : reading.result.label,
    severity: reading.result.severity,
    caveat: definition.caveat ?? null,
    source: `Source: ${definition.source}`,
  }
}

const REASON_FIELDS = ['reasonForReferral', 'patientChiefComplaint'] as const
const HISTORY_FIELDS = ['relevantMedicalHistory', 'surgicalHistory'] as const

const stripExtension = (name: string) => name.replace(/\.[a-z0-9]{2,5}$/i, '').trim()

// A score prints the value it is read from: "10 mm" as "10 mm", an Epworth total "14" as "14 / 24".
const readsAs = (score: string, value: string) => score === value || score.startsWith(`${value} / `)

/**
 * One row per label: a score replaces the measurement it is read from when both print the same
 * value (Kotlow "10 mm", control pause "14 s", the Epworth total "14" and "14 / 24"), and
 * consecutive answers with the same label (the vertical overlap's kind and its millimetres) print
 * as one.
 */
export function mergeRows(rows: readonly ReportRow[]): ReportRow[] {
  const merged: ReportRow[] = []
  for (const row of rows) {
    const previous = merged[merged.length - 1]
    if (previous?.kind === 'field' && row.kind === 'scale' && readsAs(row.value, previous.value))
      merged[merged.length - 1] = row
    else if (previous?.kind === 'field' && row.kind === 'field' && previous.label === row.label)
      merged[merged.length - 1] = { ...previous, value: `${previous.value}, ${row.value}` }
    else merged.push(row)
  }
  return merged
}

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
  const recorded = (keys: readonly (typeof REASON_FIELDS | typeof HISTORY_FIELDS)[number][]) =>
    keys
      .filter((key) => p[key].trim())
      .map((key) => ({ label: PATIENT_DATA_LABELS[key], value: p[key].trim() }))
  const reason = recorded(REASON_FIELDS)
  const history = recorded(HISTORY_FIELDS)

  const minor = isMinor(p.patientDOB, p.assessmentDate)
  const wording: WordingContext = {
    group: ageGroup(p.patientDOB, p.assessmentDate),
    referrer: referrerProfession(p.referringParty),
  }
  const readings = computeAssessmentScales(valuesFromSections(request.sections))
  const readingByItem = new Map(readings.map((r) => [`${r.sectionId}/${r.itemId}`, r]))
  const sentById = new Map(request.sections.map((s) => [s.id, s]))
  const itemsNotPrinted = new Set(
    readings.filter((r) => SCALES[r.scale].wording === 'criteria-labels').map((r) => r.itemId),
  )

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
        const row = reading ? scaleRow(reading, minor) : null
        if (row) rows.push({ kind: 'scale', ...row })
        continue
      }
      // An instrument whose terms for its criteria are not settled (STOP-BANG) prints its total,
      // band and source only (docs/decisions/017-licensed-instruments.md): no criterion rows.
      if (itemsNotPrinted.has(item.groupId ?? '')) continue
      const value = formatItemValue(item, values.get(item.id))
      if (value === null) continue
      const reference = measurementReference(
        item.id,
        values.get(item.id),
        p.patientDOB,
        p.assessmentDate,
      )
      if (item.kind === 'textarea') texts.push({ label: item.label, value })
      else
        rows.push({
          kind: 'field',
          label: item.label,
          value: reference ? `${value}; ${reference}` : value,
        })
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
      sections.push({ id: section.id, title: section.title, rows: mergeRows(rows), texts, photos })
  }

  const findings = rankedFindings(request.sections, p)
  const frame = frameModel(
    ASSESSMENT_REPORT_TITLE,
    { firstName: p.patientFirstName, lastName: p.patientLastName, dob: p.patientDOB },
    context,
  )
  const signer = therapistSignature(context.therapist)
  const license = context.therapist.licenseNumber?.trim() ?? ''
  return {
    frame,
    patient: { name: fullName(p.patientFirstName, p.patientLastName), facts, reason, history },
    impression: p.impression.trim(),
    keyFindings: findings.slice(0, MAX_KEY_FINDINGS).map((f) => ({
      label: f.label,
      value:
        f.scale && minor && SCALES[f.scale].adultReference
          ? `${f.value}, adult reference range`
          : f.value,
      severity: f.severity,
    })),
    moreFindings: Math.max(0, findings.length - MAX_KEY_FINDINGS),
    recommendationSummary: request.recommendations.flatMap((entry) => summaryLines(entry, wording)),
    scales: readings
      .map((reading) => scaleRow(reading, minor))
      .filter((row): row is ScaleRow => row !== null),
    progress: compareScales(request.history ?? [], {
      date: p.assessmentDate,
      scores: assessmentScores(request),
    }),
    homePractice: homePracticeModel(request.homePractice),
    sections,
    recommendations: request.recommendations.flatMap((entry) =>
      recommendationLines(entry, wording),
    ),
    optimalSequencing: p.optimalSequencing.trim(),
    signature: {
      statement: signer
        ? `Electronically signed by ${signer} on ${frame.generatedOn}`
        : `Electronically generated on ${frame.generatedOn}`,
      credential: license ? `License/credential no. ${license}` : '',
    },
  }
}
