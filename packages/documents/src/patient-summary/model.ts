/**
 * Assessment request → the patient summary's view model (pure): plain language for the patient
 * or family, on at most two pages (docs/product/documents.md#patient-summary). It opens with why
 * they came, names what was found about it in plain words (shared `headlines`: nothing a rule
 * cannot stand on), lists the top findings, those answering the reason first (shared `rankedFindings`), with why
 * each matters, speaks to the right person (the child's first name for a minor, "you" for an
 * adult) and lists what happens next in order, the re-evaluation last.
 */
import type { AssessmentDocumentRequest } from '@myodocs/shared/contracts/documents'
import { findItem } from '@myodocs/shared/domain/assessment-sections'
import { rankedFindings } from '@myodocs/shared/domain/assessment-findings'
import { isMinor } from '@myodocs/shared/domain/dates'
import {
  headlines,
  ruledOutWords,
  withoutRuledOut,
} from '@myodocs/shared/domain/assessment-headlines'
import {
  computeAssessmentScales,
  valuesFromSections,
} from '@myodocs/shared/domain/assessment-scales'
import {
  CUSTOM_RECOMMENDATION_ID,
  customRecommendations,
  findRecommendation,
  personalNextStep,
} from '@myodocs/shared/domain/recommendations'
import {
  ageGroup,
  conditionOf,
  continuesWithReferrer,
  ownCareStep,
  referrerProfession,
  sequencePosition,
  type WordingContext,
} from '@myodocs/shared/domain/recommendation-wording'
import { SCALES, type Severity } from '@myodocs/shared/domain/scales'
import type { DocumentContext } from '../context'
import { frameModel, type FrameModel } from '../components/frame-model'
import { formatAge, formatDate, fullName } from '../format'

/** The summary's title. */
export const PATIENT_SUMMARY_TITLE = 'Your Assessment Summary'

/** Headlines named in "In short", so it stays a few lines: answering the reason, and others. */
export const MAX_HEADLINES = { answering: 4, others: 2 } as const

/** Findings shown, most severe first, so the summary stays within two pages. */
export const MAX_FINDINGS = 5

/** One thing we noticed, in everyday words. */
export interface Finding {
  /** "Where the tongue rests". */
  label: string
  /** What was seen, e.g. "Low, on floor of mouth" or "40% · Moderate"; empty for a simple yes. */
  observed: string
  /** Why it matters. */
  meaning: string
  severity: Severity
}

/** A line of "In short": a sentence, or a lead ("About this, we found:") with its items. */
export interface InShortLine {
  lead: string
  items: string[]
}

/** Everything the patient summary prints. */
export interface PatientSummaryModel {
  frame: FrameModel
  patient: { name: string; firstName: string; facts: { label: string; value: string }[] }
  intro: string
  /** Why they came, in the therapist's record: the chief complaint, else the reason for referral. */
  reason: { label: string; text: string } | null
  /**
   * "In short", each sentence from a named headline rule (shared `headlines`): what answers the
   * reason first, then the rest, then a sleep screen as a screen; empty when nothing was recorded.
   */
  inShort: InShortLine[]
  findings: Finding[]
  /** Findings not shown; the therapist can go through them. */
  otherFindings: number
  /** Scores in the typical range, listed in one line: "Mouth opening (42 mm)". */
  typicalScores: string[]
  /** In order: the therapy, what the family does, the referrals, the re-evaluation last. */
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

// The order a family acts in: therapy here, at home, then the other providers, re-check last.
function stepRank(id: string, actor: string | undefined): number {
  if (id === 'rec_reeval') return 4
  if (id === 'rec_omt' || actor?.startsWith('Myofunctional therapist')) return 0
  if (actor?.startsWith('Patient/family')) return 1
  if (id === CUSTOM_RECOMMENDATION_ID) return 3
  return 2
}

/** The patient summary's view model. */
export function patientSummaryModel(
  request: AssessmentDocumentRequest,
  context: DocumentContext,
): PatientSummaryModel {
  const { patientData: p } = request
  const firstName = p.patientFirstName.trim()
  const minor = isMinor(p.patientDOB, p.assessmentDate)
  const whose = minor ? `${firstName}’s` : 'your'

  // An explanation never names what this patient's recorded values rule out.
  const ruledOut = ruledOutWords(request.sections, p)
  const findings: Finding[] = rankedFindings(request.sections, p).flatMap((f) => {
    if (f.scale) {
      const scale = SCALES[f.scale]
      const [display] = f.value.split(' · ')
      const reference = minor && scale.adultReference ? ', adult reference range' : ''
      return [
        {
          label: scale.patient.label,
          observed: `${display} · ${LEVELS[f.severity]}${reference}`,
          meaning: withoutRuledOut(scale.patient.meaning, ruledOut),
          severity: f.severity,
        },
      ]
    }
    const item = findItem(f.sectionId, f.itemId)
    if (!item?.patient) return []
    return [
      {
        label: item.patient.label,
        observed: f.value === 'Yes' ? '' : f.value,
        meaning: withoutRuledOut(
          (!minor && item.patient.adultMeaning) || item.patient.meaning,
          ruledOut,
        ),
        severity: f.severity,
      },
    ]
  })
  // Paired items (left and right) share one explanation: say it once.
  const shown = findings
    .slice(0, MAX_FINDINGS)
    .map((finding, index, list) =>
      index > 0 && list[index - 1]!.meaning === finding.meaning
        ? { ...finding, meaning: '' }
        : finding,
    )

  const found = headlines(request.sections, p)
  const problems = found.filter((h) => h.kind === 'finding')
  // What answers the reason leads, but what it did not ask about (a tongue-tie found while
  // checking a bite) still gets a line.
  const answering = problems.filter((h) => h.answersReason).map((h) => h.plain)
  const others = problems.filter((h) => !h.answersReason).map((h) => h.plain)
  answering.splice(MAX_HEADLINES.answering)
  others.splice(MAX_HEADLINES.others)
  const doctor = minor && firstName ? `${firstName}’s doctor` : 'your doctor'
  // Headlines print as a short list under their lead, so each reads on its own.
  const inShort: InShortLine[] = [
    ...(answering.length ? [{ lead: 'About this, we found:', items: answering }] : []),
    ...(others.length
      ? [{ lead: answering.length ? 'We also found:' : 'We found:', items: others }]
      : []),
    ...found
      .filter((h) => h.kind === 'screen')
      .map((h) => ({
        lead: `The answers to ${h.plain} are worth discussing with ${doctor}. A questionnaire is a screen, not a diagnosis.`,
        items: [],
      })),
  ]
  const complaint = p.patientChiefComplaint.trim()
  const referral = p.reasonForReferral.trim()
  const reason = complaint
    ? {
        label: minor && firstName ? `What brought ${firstName} here` : 'What brought you here',
        text: complaint,
      }
    : referral
      ? { label: 'Why you were referred', text: referral }
      : null

  const typicalScores = computeAssessmentScales(valuesFromSections(request.sections)).flatMap(
    ({ scale, result }) =>
      result && result.severity === 'none'
        ? [`${SCALES[scale].patient.label} (${result.display})`]
        : [],
  )

  const wording: WordingContext = {
    group: ageGroup(p.patientDOB, p.assessmentDate),
    referrer: referrerProfession(p.referringParty),
  }
  const sequencing = p.optimalSequencing.trim()
  const steps = request.recommendations.flatMap((entry, index) => {
    const recommendation = findRecommendation(entry.id)
    if (!recommendation || !entry.selected) return []
    const detail = entry.customValue.trim()
    const rank = stepRank(recommendation.id, recommendation.actor)
    // The therapist's own sequencing orders the steps it names; the re-evaluation stays last.
    const position =
      recommendation.id === 'rec_reeval' ? null : sequencePosition(recommendation.id, sequencing)
    const at = (text: string) => ({ rank, position, index, text })
    if (recommendation.id === CUSTOM_RECOMMENDATION_ID) return customRecommendations(detail).map(at)
    if (recommendation.id === 'rec_reeval' && /^\d+$/.test(detail))
      return [at(`Come back for a re-evaluation in ${detail} weeks so we can measure progress.`)]
    const step = continuesWithReferrer(recommendation.id, wording)
      ? ownCareStep(recommendation.id, entry.options, minor ? firstName || null : null)
      : personalNextStep(recommendation, minor ? { firstName } : null)
    // A condition the therapist set goes with the step ("If congestion persists …: see …").
    const conditional =
      !recommendation.detail || recommendation.id === 'rec_ent' ? conditionOf(detail) : null
    return [
      at(
        conditional
          ? `${conditional.charAt(0).toUpperCase()}${conditional.slice(1)}: ${step.charAt(0).toLowerCase()}${step.slice(1)}`
          : step,
      ),
    ]
  })
  // Steps the sequencing names come first in its order; the rest keep the family's order
  // (therapy, home, referrals, the therapist's own, the re-evaluation last).
  const nextSteps = steps
    .sort((a, b) => {
      if (a.rank === 4 || b.rank === 4) return a.rank - b.rank || a.index - b.index
      if (a.position !== null && b.position !== null) return a.position - b.position
      if (a.position !== null || b.position !== null) return a.position !== null ? -1 : 1
      return a.rank - b.rank || a.index - b.index
    })
    .map((step) => step.text)

  const age = formatAge(p.patientDOB, p.assessmentDate)
  const business = context.business.name.trim()
  const phone = context.business.phone.trim()
  return {
    frame: frameModel(
      PATIENT_SUMMARY_TITLE,
      { firstName: p.patientFirstName, lastName: p.patientLastName, dob: p.patientDOB },
      context,
    ),
    patient: {
      name: fullName(p.patientFirstName, p.patientLastName),
      firstName,
      facts: [
        { label: 'Visit date', value: formatDate(p.assessmentDate) },
        ...(age ? [{ label: 'Age', value: age }] : []),
      ],
    },
    intro: `This page sums up ${whose} visit: what we checked, what we found and what comes next.`,
    reason,
    inShort,
    findings: shown,
    otherFindings: Math.max(0, findings.length - shown.length),
    typicalScores,
    nextSteps,
    sequencing,
    contact: phone
      ? `Call ${business || 'us'} at ${phone}. We are happy to go through this summary with you.`
      : `Ask ${business || 'your therapist'}; we are happy to go through this summary with you.`,
  }
}
