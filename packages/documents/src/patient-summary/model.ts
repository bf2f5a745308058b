/**
 * Assessment request → the patient summary's view model (pure): plain language for the patient
 * or family, on one or two pages. What was found comes from the shared findings rule
 * (`isFinding`) and the items' own plain-language wording; what it means from the same wording
 * and the scales' patient texts; what happens next from the selected recommendations' next steps.
 */
import type { AssessmentDocumentRequest } from '@myodocs/shared/contracts/documents'
import {
  ASSESSMENT_SECTIONS,
  isFinding,
  type AssessmentItem,
  type ItemValue,
} from '@myodocs/shared/domain/assessment-sections'
import {
  computeAssessmentScales,
  valuesFromSections,
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

/** The summary's title. */
export const PATIENT_SUMMARY_TITLE = 'Your Assessment Summary'

/**
 * Findings shown in all, so the summary stays within two pages; shared out one per area at a
 * time, so every area with a finding gets at least one before any gets a fourth.
 */
export const MAX_FINDINGS = 9

/** One thing we noticed, in everyday words. */
export interface Finding {
  /** "Where the tongue rests". */
  label: string
  /** What was seen, e.g. "Low, on floor of mouth"; empty for a simple yes. */
  observed: string
  /** Why it matters; empty when it repeats the finding before it. */
  meaning: string
}

/** A measured score in plain words. */
export interface PlainScore {
  label: string
  value: string
  /** "In the typical range", "Mild", "Moderate", "Needs attention". */
  level: string
  severity: Severity
  meaning: string
}

/** Everything the patient summary prints. */
export interface PatientSummaryModel {
  frame: FrameModel
  patient: { name: string; firstName: string; facts: { label: string; value: string }[] }
  intro: string
  areas: { title: string; findings: Finding[]; more: number }[]
  /** Scores worth explaining (outside the typical range). */
  scores: PlainScore[]
  /** Scores in the typical range, listed in one line: "Mouth opening (42 mm)". */
  typicalScores: string[]
  nextSteps: string[]
  sequencing: string
  contact: string
}

const LEVELS: Record<Severity, string> = {
  none: 'In the typical range',
  mild: 'Mild',
  moderate: 'Moderate',
  severe: 'Needs attention',
}

function observed(item: AssessmentItem, value: ItemValue | undefined): string {
  if (item.kind === 'select') return item.options.find((o) => o.id === value)?.label ?? ''
  if (item.kind === 'checkbox_group') {
    const chosen = new Set(value as string[])
    return item.options
      .filter((o) => chosen.has(o.id) && !o.typical && !o.notAssessed)
      .map((o) => o.label)
      .join('; ')
  }
  return ''
}

/** The patient summary's view model. */
export function patientSummaryModel(
  request: AssessmentDocumentRequest,
  context: DocumentContext,
): PatientSummaryModel {
  const { patientData: p } = request
  const sentById = new Map(request.sections.map((s) => [s.id, s]))

  const found: { title: string; findings: Finding[] }[] = []
  for (const section of ASSESSMENT_SECTIONS) {
    const values = new Map(sentById.get(section.id)?.items.map((i) => [i.id, i.value]))
    const findings: Finding[] = []
    let previousMeaning = ''
    for (const item of section.items) {
      const value = values.get(item.id)
      if (!item.patient || !isFinding(item, value)) continue
      // Paired items (left and right) share one explanation: say it once.
      const meaning = item.patient.meaning === previousMeaning ? '' : item.patient.meaning
      previousMeaning = item.patient.meaning
      findings.push({ label: item.patient.label, observed: observed(item, value), meaning })
    }
    if (findings.length) found.push({ title: section.title, findings })
  }
  const shown = found.map(() => 0)
  for (let budget = MAX_FINDINGS, grew = true; budget > 0 && grew;) {
    grew = false
    found.forEach((area, index) => {
      if (budget > 0 && shown[index]! < area.findings.length) {
        shown[index]! += 1
        budget -= 1
        grew = true
      }
    })
  }
  const areas = found.map((area, index) => ({
    title: area.title,
    findings: area.findings.slice(0, shown[index]),
    more: area.findings.length - shown[index]!,
  }))

  const allScores = computeAssessmentScales(valuesFromSections(request.sections)).flatMap(
    ({ scale, result }) =>
      result
        ? [
            {
              label: SCALES[scale].patient.label,
              value: result.display,
              level: LEVELS[result.severity],
              severity: result.severity,
              meaning: SCALES[scale].patient.meaning,
            },
          ]
        : [],
  )

  const nextSteps = request.recommendations.flatMap((entry) => {
    const recommendation = findRecommendation(entry.id)
    if (!recommendation || !entry.selected) return []
    const detail = entry.customValue.trim()
    if (recommendation.id === CUSTOM_RECOMMENDATION_ID) return customRecommendations(detail)
    return [recommendation.nextStep]
  })

  const age = formatAge(p.patientDOB, p.assessmentDate)
  const business = context.business.name.trim()
  const phone = context.business.phone.trim()
  return {
    frame: frameModel(
      PATIENT_SUMMARY_TITLE,
      { firstName: p.patientFirstName, lastName: p.patientLastName },
      context,
    ),
    patient: {
      name: fullName(p.patientFirstName, p.patientLastName),
      firstName: p.patientFirstName.trim(),
      facts: [
        { label: 'Visit date', value: formatDate(p.assessmentDate) },
        ...(age ? [{ label: 'Age', value: age }] : []),
      ],
    },
    intro: `This summary explains, in everyday words, what we checked during ${p.patientFirstName.trim()}’s myofunctional assessment, what we found, and what we suggest next. A detailed report goes to the referring provider when you ask us to share it.`,
    areas,
    scores: allScores.filter((s) => s.severity !== 'none'),
    typicalScores: allScores
      .filter((s) => s.severity === 'none')
      .map((s) => `${s.label} (${s.value})`),
    nextSteps,
    sequencing: p.optimalSequencing.trim(),
    contact: phone
      ? `Call ${business || 'us'} at ${phone}. We are happy to go through this summary with you.`
      : `Ask ${business || 'your therapist'}; we are happy to go through this summary with you.`,
  }
}
