/**
 * What an assessment found, ranked for the report's first page, the suggested Impression draft
 * and the patient summary (docs/product/clinical-content.md#key-findings): the findings that
 * answer the reason for referral first, then scores outside their typical band, then the rest;
 * within each, most severe first and by clinical weight.
 */
import {
  ASSESSMENT_SECTIONS,
  isFinding,
  type AssessmentItem,
  type ItemValue,
  type SectionId,
} from './assessment-sections'
import {
  computeAssessmentScales,
  valuesFromSections,
  type AssessmentValues,
} from './assessment-scales'
import { HEADLINE_INPUTS } from './assessment-headline-rules'
import { yearsBetween } from './dates'
import { headlines } from './assessment-headlines'
import { answersReason, reasonTopics, type ReasonText } from './reason-for-referral'
import { customRecommendations, findRecommendation } from './recommendations'
import { SCALES, type ScaleId, type Severity } from './scales'
import { AHI_APNEA, SPO2_LOW_PERCENT } from './sleep-study'

/** Severity as a rank, for sorting: the higher, the earlier. */
export const SEVERITY_RANK: Record<Severity, number> = { none: 0, mild: 1, moderate: 2, severe: 3 }

/** One key finding: a score outside its typical band, or a recorded finding. */
export interface KeyFinding {
  kind: 'scale' | 'item'
  sectionId: SectionId
  itemId: string
  /** Provider wording: the scale's or item's label. */
  label: string
  /** "40% · Grade 3 (under 50% of MIO)" or the chosen options. */
  value: string
  /** Scores carry their band's severity; recorded findings count as mild unless weighted. */
  severity: Severity
  scale?: ScaleId
  /** It answers a topic the reason for referral or the chief complaint raise. */
  answersReason: boolean
}

function chosenLabels(item: AssessmentItem, value: ItemValue | undefined): string {
  if (item.kind === 'select') {
    const option = item.options.find((o) => o.id === value)
    // A 0–10 rating (pain, tension) reads "5/10", not a bare "5".
    const rating = item.options.length === 11 && item.options.every((o, i) => o.score === i)
    return option ? (rating ? `${option.score}/10` : option.label) : ''
  }
  if (item.kind === 'checkbox_group') {
    const chosen = new Set(Array.isArray(value) ? value : [])
    return item.options
      .filter((o) => chosen.has(o.id) && !o.typical && !o.notAssessed)
      .map((o) => o.label)
      .join('; ')
  }
  return item.kind === 'checkbox' && value === true ? 'Yes' : ''
}

/**
 * Recorded answers that weigh more than an ordinary finding: what a referring provider acts on
 * (a diagnosed apnea, witnessed pauses, loud nightly snoring, a failed nasal breathing test, an
 * open bite, a tongue thrust, jaw pain of 4/10 or more, drooling day and night, frequent coughing
 * on food or drink) ranks with the scores of the same severity.
 */
export const ITEM_SEVERITY: Readonly<Record<string, Readonly<Record<string, Severity>>>> = {
  sleep_study_result: { mild_osa: 'mild', moderate_osa: 'moderate', severe_osa: 'severe' },
  witnessed_apneas: { occasionally: 'moderate', often: 'severe' },
  snoring: { every_night_loud: 'moderate' },
  nasal_breathing_test: { fail: 'moderate' },
  overbite: { anterior_open_bite: 'moderate' },
  // Pain as rated 0–10: 4–6 moderate, 7–10 severe (1–3 stay mild).
  jaw_pain: {
    4: 'moderate',
    5: 'moderate',
    6: 'moderate',
    7: 'severe',
    8: 'severe',
    9: 'severe',
    10: 'severe',
  },
  drooling: { day_and_night: 'moderate' },
  choking_eating: { often: 'moderate' },
  swallow_pattern: {
    anterior_thrust: 'moderate',
    lateral_thrust_left: 'moderate',
    lateral_thrust_right: 'moderate',
    lateral_thrust_both: 'moderate',
    thrust_perioral_strain: 'moderate',
    infantile: 'moderate',
  },
}

/**
 * Within one severity, what a referring provider weighs most comes first: what a physician or a
 * bed partner found (the sleep study, witnessed pauses), then the validated scores, then the
 * weighted answers above, then a score that is not clinically validated (the control pause), then
 * the answers a headline rule reads, then every other recorded finding.
 */
function tier(finding: KeyFinding): number {
  if (finding.itemId === 'sleep_study_result' || finding.itemId === 'witnessed_apneas') return 4
  if (finding.scale) return SCALES[finding.scale].notValidated ? 1 : 3
  if (ITEM_SEVERITY[finding.itemId] && finding.severity !== 'mild') return 2
  // What a headline rule reads (the click, tender muscles, clenching) before incidental answers.
  return HEADLINE_INPUTS.has(finding.itemId) ? 0.5 : 0
}

/** The reader's question first: 0 answers the reason for referral, 1 a score out of band, 2 the rest. */
const group = (finding: KeyFinding) =>
  finding.answersReason ? 0 : finding.kind === 'scale' ? 1 : 2

// "Failed at" reads "failed at" inside a line; "IOPI" and the like keep their capitals.
const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text

/** A numeric answer with its unit: "18 events/h", "86%", "-3 mm". */
function measured(item: AssessmentItem | undefined, value: unknown): string | null {
  if (item?.kind !== 'number' || typeof value !== 'number' || !Number.isFinite(value)) return null
  return withUnit(value, item.unit)
}

/** A number as printed with its unit: "91%" and "46°" take no space, every other unit does ("42 mm"). */
export function withUnit(value: number, unit: string | undefined): string {
  if (!unit) return String(value)
  return unit === '%' || unit === '°' ? `${value}${unit}` : `${value} ${unit}`
}

/**
 * The numbers recorded beside a finding in its group, so one line says it all: "Anterior open
 * bite, -3 mm", "Fail, failed at 75 s".
 */
function withMeasures(
  section: (typeof ASSESSMENT_SECTIONS)[number],
  item: AssessmentItem,
  value: string,
  values: AssessmentValues,
): string {
  if (item.id === 'sleep_study_result') return value
  const extras = section.items.flatMap((other) => {
    if (other.groupId !== item.id) return []
    const text = measured(other, values[section.id]?.[other.id])
    if (!text) return []
    return [other.label === item.label ? text : `${lowerFirst(other.label)} ${text}`]
  })
  return [value, ...extras].join(', ')
}

/**
 * The sleep study as one finding: the physician's result with the AHI and the lowest SpO2. With
 * no result copied, an adult's apnea AHI or an oxygen low (./sleep-study) still counts (moderate),
 * as the exercise safety rules read them.
 */
function sleepStudyFinding(values: AssessmentValues): Omit<KeyFinding, 'answersReason'> | null {
  const sleep = values.breathing_sleep ?? {}
  const section = ASSESSMENT_SECTIONS.find((s) => s.id === 'breathing_sleep')!
  const item = (id: string) => section.items.find((i) => i.id === id)
  const result = item('sleep_study_result')!
  const resultValue = sleep.sleep_study_result
  const ahi = measured(item('sleep_study_ahi'), sleep.sleep_study_ahi)
  const spo2 = measured(item('sleep_study_lowest_spo2'), sleep.sleep_study_lowest_spo2)
  const fromResult = isFinding(result, resultValue)
    ? ITEM_SEVERITY.sleep_study_result?.[String(resultValue)]
    : undefined
  const numbersSuggest =
    (typeof sleep.sleep_study_ahi === 'number' && sleep.sleep_study_ahi >= AHI_APNEA.adult) ||
    (typeof sleep.sleep_study_lowest_spo2 === 'number' &&
      sleep.sleep_study_lowest_spo2 < SPO2_LOW_PERCENT)
  const severity = fromResult ?? (numbersSuggest ? ('moderate' as const) : undefined)
  if (!severity) return null
  const kind = chosenLabels(item('sleep_study')!, sleep.sleep_study)
  const parts = [
    fromResult ? chosenLabels(result, resultValue) : '',
    ahi ? `AHI ${ahi}` : '',
    spo2 ? `lowest SpO2 ${spo2}` : '',
  ].filter(Boolean)
  return {
    kind: 'item',
    sectionId: 'breathing_sleep',
    itemId: 'sleep_study_result',
    label: kind && kind !== 'None' ? `Sleep study (${lowerFirst(kind)})` : 'Sleep study',
    value: parts.join(' · '),
    severity,
  }
}

/**
 * Every key finding of an assessment, ranked: those answering the reason for referral or the
 * chief complaint first, then scores outside their typical band, then the rest; within each
 * group most severe first, then by clinical weight (`tier`), then in form order.
 */
export function rankedFindings(
  sections: readonly { id: string; items: readonly { id: string; value: ItemValue }[] }[],
  reason?: ReasonText,
): KeyFinding[] {
  const values = valuesFromSections(sections)
  const raised = reasonTopics(reason)
  const scores: KeyFinding[] = computeAssessmentScales(values).flatMap(
    ({ sectionId, itemId, scale, result }) =>
      result && result.severity !== 'none'
        ? [
            {
              kind: 'scale' as const,
              sectionId,
              itemId,
              scale,
              label: SCALES[scale].name,
              value: `${result.display} · ${result.label}`,
              severity: result.severity,
              answersReason: answersReason(scale, raised),
            },
          ]
        : [],
  )
  const sleepStudy = sleepStudyFinding(values)
  const scoredGroups = new Set(
    ASSESSMENT_SECTIONS.flatMap((s) =>
      s.items.filter((i) => i.kind === 'computed').map((i) => i.id),
    ),
  )
  const items: KeyFinding[] = ASSESSMENT_SECTIONS.flatMap((section) =>
    section.items.flatMap((item) => {
      if (item.id === 'sleep_study_result')
        return sleepStudy ? [{ ...sleepStudy, answersReason: answersReason(item.id, raised) }] : []
      // Having had a sleep study is not a finding; what it found is (above). A questionnaire's
      // answers (NOSE, STOP-BANG) are not findings of their own: their score is.
      if (item.id === 'sleep_study' || scoredGroups.has(item.groupId ?? '')) return []
      const value = values[section.id]?.[item.id]
      if (!isFinding(item, value)) return []
      return [
        {
          kind: 'item' as const,
          sectionId: section.id,
          itemId: item.id,
          label: item.label,
          value: withMeasures(section, item, chosenLabels(item, value), values),
          severity: ITEM_SEVERITY[item.id]?.[String(value)] ?? ('mild' as const),
          answersReason: answersReason(item.id, raised),
        },
      ]
    }),
  )
  // A stable sort keeps form order within a group, severity and tier.
  return [...scores, ...items].sort(
    (a, b) =>
      group(a) - group(b) ||
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      tier(b) - tier(a),
  )
}

export { mainProblems } from './assessment-headlines'

/** "a, b and c". */
export function listInWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

/** What the suggested Impression is drafted from: the assessment as the form holds it. */
export interface ImpressionSource {
  patientData: {
    patientFirstName: string
    patientDOB: string
    assessmentDate: string
    referringParty: string
    reasonForReferral: string
    patientChiefComplaint?: string
    surgicalHistory?: string
  }
  sections: readonly { id: string; items: readonly { id: string; value: ItemValue }[] }[]
  recommendations: readonly {
    id: string
    selected: boolean
    customValue: string
    options: readonly string[]
  }[]
}

/**
 * A suggested Impression from the ranked findings, for the therapist to edit (never printed
 * unless they keep it): age, main problems (those answering the reason for referral first), a
 * positive sleep screen as a screen, the top key findings, what is recommended.
 */
export function suggestedImpression(source: ImpressionSource): string {
  const p = source.patientData
  const years = yearsBetween(p.patientDOB, p.assessmentDate)
  const who = `${p.patientFirstName.trim() || 'The patient'}${years !== null ? ` (${years} years)` : ''}`
  const referral = p.referringParty.trim() ? `, referred by ${p.referringParty.trim()}` : ''
  const sentences = [`${who} was assessed${referral}.`]
  const found = headlines(source.sections, p)
  const problems = found.filter((h) => h.kind === 'finding')
  if (problems.length)
    sentences.push(`Findings are consistent with ${listInWords(problems.map((x) => x.provider))}.`)
  for (const screen of found.filter((h) => h.kind === 'screen'))
    sentences.push(`${screen.provider.charAt(0).toUpperCase()}${screen.provider.slice(1)}.`)
  const key = rankedFindings(source.sections, p)
    .slice(0, 4)
    .map((f) => `${f.label} ${f.value.replace(' · ', ', ')}`)
  if (key.length) sentences.push(`Key findings: ${key.join('; ')}.`)
  const asks = source.recommendations.flatMap((entry) => {
    if (!entry.selected) return []
    const rec = findRecommendation(entry.id)
    if (!rec) return []
    if (rec.id === 'rec_custom') return customRecommendations(entry.customValue)
    if (rec.id === 'rec_reeval' && entry.customValue.trim())
      return [`re-evaluation in ${entry.customValue.trim()} weeks`]
    return [rec.label.charAt(0).toLowerCase() + rec.label.slice(1)]
  })
  if (asks.length) sentences.push(`Recommended: ${asks.join('; ')}.`)
  return sentences.join(' ')
}
