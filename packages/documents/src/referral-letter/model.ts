/**
 * Referral letter request → the letter's view model (pure), as docs/product/documents.md#referral-letter
 * describes: one page (two at most) to one provider, on the practice letterhead. Why this provider
 * (the recommendation with the therapist's reason or condition, and the headlines the provider
 * type's rule repeats), the findings that rule names (each only when recorded), the ask (the
 * type's default, or the therapist's own), what the therapist does meanwhile (the therapist's own
 * recommendations in the order of their sequencing), how to reach the practice and the electronic
 * signature. When an earlier visit brought back recorded a referral to this provider type, the
 * letter is a progress letter "since your referral on …".
 */
import type { ReferralLetterRequest } from '@myodocs/shared/contracts/referral-letter'
import {
  ASSESSMENT_SECTIONS,
  type AssessmentItem,
  type ItemValue,
  type SectionId,
} from '@myodocs/shared/domain/assessment-sections'
import {
  computeAssessmentScales,
  valuesFromSections,
} from '@myodocs/shared/domain/assessment-scales'
import { headlines } from '@myodocs/shared/domain/assessment-headlines'
import { isMinor } from '@myodocs/shared/domain/dates'
import { findRecommendation } from '@myodocs/shared/domain/recommendations'
import {
  ageGroup,
  referrerProfession,
  sequencePosition,
  type WordingContext,
} from '@myodocs/shared/domain/recommendation-wording'
import { PROVIDER_TYPE_RECOMMENDATIONS } from '@myodocs/shared/domain/provider-types'
import { referralRule } from '@myodocs/shared/domain/referral-letter-rules'
import { compareScales } from '@myodocs/shared/domain/progress'
import { assessmentScores } from '@myodocs/shared/domain/session-file'
import type { DocumentContext } from '../context'
import { frameModel, type FrameModel } from '../components/frame-model'
import { formatAge, formatDate, fullName, therapistSignature } from '../format'
import { allowShapingCache } from '../shaping-cache'
import { formatItemValue, scaleRow, type FieldRow } from '../assessment-report/model'
import {
  summaryLines,
  type RecommendationSummaryLine,
} from '../assessment-report/recommendation-lines'
import { ASSESSMENT_REPORT_TITLE } from '../assessment-report/model'

/** The letter's title: a first referral, or an update on one. */
export const REFERRAL_LETTER_TITLES = {
  referral: 'Referral Letter',
  progress: 'Progress Letter',
} as const

/** The letter's own headings. */
export const LETTER_HEADINGS = {
  why: 'Why I am referring',
  /** The "why" of a progress letter (the referral was made at an earlier visit) or of a reply to the referrer. */
  whyProgress: 'Why I am writing',
  findings: 'Findings relevant to your evaluation',
  ask: 'My question',
  meanwhile: 'Meanwhile',
  sequencing: 'Planned sequence',
} as const

allowShapingCache(
  ...Object.values(REFERRAL_LETTER_TITLES),
  ...Object.values(LETTER_HEADINGS),
  'Sincerely,',
  'Re: ',
)

/** Everything the letter prints. */
export interface ReferralLetterModel {
  frame: FrameModel
  /** The provider type's rule (`REFERRAL_RULES`), named for tests and the docs. */
  rule: string
  kind: keyof typeof REFERRAL_LETTER_TITLES
  /** The provider's name with credentials, practice, address lines, then fax and email. */
  addressee: string[]
  /** "Avery Lindqvist-Moreno · DOB July 19, 2016 · 9 years". */
  regarding: string
  salutation: string
  opening: string
  /** The heading of the reasons: a referral's "Why I am referring", else "Why I am writing". */
  whyTitle: string
  /** The recommendations that send the patient to this provider, with the therapist's details. */
  recommendations: RecommendationSummaryLine[]
  /** The conclusions of the headline rules the provider type's rule repeats, in clinical words. */
  concerns: string[]
  /** The rule's findings that were recorded, in its order. */
  findings: FieldRow[]
  /** A progress letter: its heading and one line per score compared. */
  progress: { title: string; lines: string[] } | null
  ask: string
  /** The therapist's own recommendations, in the order of the sequencing. */
  meanwhile: RecommendationSummaryLine[]
  /** The therapist's optimal sequencing, as written. */
  sequencing: string
  contact: string
  thanks: string
  /** "Enclosure: Myofunctional Assessment Report of February 5, 2026", when attached. */
  enclosure: string
  signature: { statement: string; credential: string }
}

// Each form item with its section, so a rule can name items by id alone.
const ITEMS = new Map(
  ASSESSMENT_SECTIONS.flatMap((section) =>
    section.items.map((item) => [item.id, { sectionId: section.id, item }] as const),
  ),
)

// Credentials that make the addressee a doctor, addressed as "Dr." in the salutation.
const DOCTOR = /\b(MD|DO|DDS|DMD|PhD|DC|OD|DPM|DPT|AuD|MBBS|MBChB)\b/
const DR_PREFIX = /^dr\.?\s+/i

/** "Dear Dr. Ruiz," for a doctor, else "Dear Dana Ruiz,". */
export function salutationFor(provider: {
  name: string
  credentials?: string | undefined
}): string {
  const name = provider.name.trim()
  const bare = name.replace(DR_PREFIX, '')
  if (DR_PREFIX.test(name) || DOCTOR.test(provider.credentials ?? '')) {
    const last = bare.split(/\s+/).pop() ?? bare
    return `Dear Dr. ${last},`
  }
  return `Dear ${name},`
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text
const withoutAside = (label: string) => label.replace(/\s*\([^)]*\)/g, '').trim()

/**
 * The recorded findings a rule names, in its order: a computed item prints its score and band, any
 * other item its recorded answer; an item of a group joins its parent's line ("Fail, failed at
 * 75 s"), or prints on its own when the parent was not recorded. Nothing unrecorded prints.
 */
export function ruleFindings(
  ids: readonly string[],
  sections: ReferralLetterRequest['sections'],
  minor: boolean,
): FieldRow[] {
  const sent = new Map(sections.map((s) => [s.id, new Map(s.items.map((i) => [i.id, i.value]))]))
  const readings = new Map(
    computeAssessmentScales(valuesFromSections(sections)).map((r) => [r.itemId, r]),
  )
  const rows: (FieldRow & { id: string })[] = []
  for (const id of ids) {
    const found = ITEMS.get(id)
    if (!found) continue
    const { sectionId, item } = found
    const value = printed(sectionId, item, sent.get(sectionId)?.get(item.id), readings, minor)
    if (value === null) continue
    const parent = item.groupId ? rows.find((row) => row.id === item.groupId) : undefined
    if (parent) {
      const label = withoutAside(item.label)
      parent.value +=
        label === withoutAside(parent.label) ? `, ${value}` : `, ${lowerFirst(label)} ${value}`
    } else {
      // Alone, a group's detail says whose it is: "3-minute nasal breathing test, failed at".
      const owner = item.groupId ? ITEMS.get(item.groupId)?.item : undefined
      const label =
        owner && owner.label !== item.label
          ? `${owner.label}, ${lowerFirst(withoutAside(item.label))}`
          : item.label
      rows.push({ id, label, value })
    }
  }
  return rows.map(({ label, value }) => ({ label, value }))
}

function printed(
  sectionId: SectionId,
  item: AssessmentItem,
  value: ItemValue | undefined,
  readings: ReadonlyMap<string, ReturnType<typeof computeAssessmentScales>[number]>,
  minor: boolean,
): string | null {
  if (item.kind === 'computed') {
    const reading = readings.get(item.id)
    const row = reading && reading.sectionId === sectionId ? scaleRow(reading, minor) : null
    return row ? `${row.value} · ${row.band}` : null
  }
  // A yes/no item reads as its label ("Asymmetric L/R"), not as "Yes" after it.
  const text = formatItemValue(item, value)
  return text === 'Yes' && item.kind === 'checkbox' ? lowerFirst(item.label) : text
}

/** The earlier visit, brought back, that referred the patient to this provider type; the latest. */
function earlierReferral(request: ReferralLetterRequest): string | null {
  const today = request.patientData.assessmentDate
  const dates = (request.history ?? [])
    .filter(
      (visit) => visit.date < today && visit.referredTo?.includes(request.letter.providerType),
    )
    .map((visit) => visit.date)
    .sort()
  return dates.pop() ?? null
}

// The therapist's own work and the family's daily routine: what goes on while the provider sees them.
const isMeanwhile = (id: string) => {
  const actor = findRecommendation(id)?.actor ?? ''
  return actor.startsWith('Myofunctional therapist') || actor === 'Patient/family, daily'
}

/** The referral letter's view model. */
export function referralLetterModel(
  request: ReferralLetterRequest,
  context: DocumentContext,
): ReferralLetterModel {
  const { patientData: p, letter } = request
  const rule = referralRule(letter.providerType)
  const minor = isMinor(p.patientDOB, p.assessmentDate)
  const group = ageGroup(p.patientDOB, p.assessmentDate)
  const wording: WordingContext = { group, referrer: referrerProfession(p.referringParty) }
  const full = fullName(p.patientFirstName, p.patientLastName)
  // A child is named by first name after the first mention, an adult by full name.
  const patient = (minor && p.patientFirstName.trim()) || full
  const age = formatAge(p.patientDOB, p.assessmentDate)
  const referredOn = earlierReferral(request)
  const kind = referredOn ? 'progress' : 'referral'

  const mine = new Set(PROVIDER_TYPE_RECOMMENDATIONS[letter.providerType])
  const chosen = request.recommendations.filter((entry) => entry.selected && mine.has(entry.id))
  const recommendations = chosen.flatMap((entry) => summaryLines(entry, wording))

  const wanted = new Set(rule.headlines)
  const concerns = headlines(request.sections, p)
    .filter((h) => wanted.has(h.id))
    .map((h) => h.provider.charAt(0).toUpperCase() + h.provider.slice(1))

  const values = valuesFromSections(request.sections).breathing_sleep ?? {}
  const studyRecorded = ['sleep_study_result', 'sleep_study_ahi', 'sleep_study_lowest_spo2'].some(
    (id) => values[id] !== undefined && values[id] !== null && values[id] !== '',
  )
  const ask =
    letter.ask?.trim() ||
    rule.ask({
      patient,
      group,
      options: chosen.flatMap((entry) => entry.options),
      studyRecorded,
    })

  const sequencing = p.optimalSequencing.trim()
  const meanwhile = request.recommendations
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.selected && isMeanwhile(entry.id))
    .sort((a, b) => {
      // The re-evaluation last; the rest in the sequencing's order, unnamed ones after.
      const last = (id: string) => (id === 'rec_reeval' ? 1 : 0)
      const at = (id: string) => sequencePosition(id, sequencing) ?? Number.MAX_SAFE_INTEGER
      return (
        last(a.entry.id) - last(b.entry.id) || at(a.entry.id) - at(b.entry.id) || a.index - b.index
      )
    })
    .flatMap(({ entry }) => summaryLines(entry, wording))

  let progress: ReferralLetterModel['progress'] = null
  if (referredOn) {
    const compared = compareScales(
      (request.history ?? []).filter((visit) => visit.date >= referredOn),
      { date: p.assessmentDate, scores: assessmentScores(request) },
    ).filter((scale) => rule.scales.includes(scale.scale))
    progress = {
      title: `Progress since your referral on ${formatDate(referredOn)}`,
      lines: compared.map((scale) => {
        const first = scale.points[0]!
        const now = scale.points[scale.points.length - 1]!
        return `${scale.name}: ${first.display} on ${formatDate(first.date)}, ${now.display} on ${formatDate(now.date)} (${scale.direction})`
      }),
    }
  }

  const provider = letter.provider
  const contactLines = [
    provider.fax?.trim() ? `Fax ${provider.fax.trim()}` : '',
    provider.email?.trim() ? `Email ${provider.email.trim()}` : '',
  ].filter(Boolean)
  const addressee = [
    [provider.name.trim(), provider.credentials?.trim()].filter(Boolean).join(', '),
    provider.practice?.trim() ?? '',
    ...(provider.address ?? '').split(/\r?\n/).map((line) => line.trim()),
    contactLines.join(' · '),
  ].filter(Boolean)

  const title = REFERRAL_LETTER_TITLES[kind]
  // A letter is signed at its foot: "Prepared by" under the title would say it twice.
  const frame = {
    ...frameModel(
      title,
      { firstName: p.patientFirstName, lastName: p.patientLastName, dob: p.patientDOB },
      context,
    ),
    therapist: '',
  }
  const whoAge = age ? `${full} (${age})` : full
  const referrer = p.referringParty.trim()
  // The provider who referred the patient here gets a reply, not a referral to themselves.
  const surname = provider.name.trim().replace(DR_PREFIX, '').split(/\s+/).pop() ?? ''
  const isReferrer =
    surname.length > 1 && new RegExp(`\\b${escapeRegExp(surname)}\\b`, 'i').test(referrer)
  const opening =
    kind === 'referral' && isReferrer
      ? `Thank you for referring ${whoAge}, whom I assessed on ${formatDate(p.assessmentDate)} for an orofacial myofunctional evaluation. Below is what I found that concerns your care, and my question to you.`
      : kind === 'progress'
        ? `This is an update on ${whoAge}, whom I referred to you on ${formatDate(referredOn!)}. I reassessed ${patient} on ${formatDate(p.assessmentDate)}; below is what I found that concerns your evaluation.`
        : `I am writing to refer ${whoAge}, whom I assessed on ${formatDate(p.assessmentDate)} for an orofacial myofunctional evaluation${referrer ? `, on referral from ${referrer}` : ''}.`

  const whyTitle =
    kind === 'referral' && !isReferrer ? LETTER_HEADINGS.why : LETTER_HEADINGS.whyProgress

  const reach = frame.business.contacts.map((c) => `${c.label.toLowerCase()} ${c.value}`)
  const signer = therapistSignature(context.therapist)
  const license = context.therapist.licenseNumber?.trim() ?? ''
  return {
    frame,
    rule: rule.id,
    kind,
    addressee,
    regarding: [full, p.patientDOB ? `DOB ${formatDate(p.patientDOB)}` : '', age ?? '']
      .filter(Boolean)
      .join(' · '),
    salutation: salutationFor(provider),
    opening,
    whyTitle,
    recommendations,
    concerns,
    findings: ruleFindings(rule.findings, request.sections, minor),
    progress,
    ask,
    meanwhile,
    sequencing,
    contact: reach.length ? `Please send your findings to me: ${reach.join(', ')}.` : '',
    thanks: `Thank you for seeing ${patient}.`,
    enclosure: letter.attachReport
      ? `Enclosure: ${ASSESSMENT_REPORT_TITLE} of ${formatDate(p.assessmentDate)}`
      : '',
    signature: {
      statement: signer
        ? `Electronically signed by ${signer} on ${frame.generatedOn}`
        : `Electronically generated on ${frame.generatedOn}`,
      credential: license ? `License/credential no. ${license}` : '',
    },
  }
}
