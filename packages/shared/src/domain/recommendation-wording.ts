/**
 * A selected recommendation worded for this patient and this referrer
 * (docs/product/clinical-content.md#recommendation-wording): the age group's words (no
 * "pediatric" or "adenoids" for an adult, no "Patient/family" for one), who should act without
 * asking the referrer to refer to their own profession, the therapist's condition or reason
 * printed with it, and the order of the therapist's own sequencing.
 */
import { yearsBetween } from './dates'
import type { Recommendation } from './recommendations'

/** Child under 18, adult, older adult from 65; an unknown age counts as an adult. */
export type AgeGroup = 'child' | 'adult' | 'older_adult'

/** The age group on the assessment date. */
export function ageGroup(dobIso: string, onIso: string): AgeGroup {
  const years = yearsBetween(dobIso, onIso)
  if (years === null) return 'adult'
  return years < 18 ? 'child' : years >= 65 ? 'older_adult' : 'adult'
}

/** A profession a referrer may belong to and a recommendation may send the patient to. */
export type Profession =
  | 'slp'
  | 'ent'
  | 'orthodontist'
  | 'dentist'
  | 'orofacial_pain'
  | 'oral_surgeon'
  | 'allergist'
  | 'gastroenterologist'
  | 'physician'

// The referring party as typed ("Maria Santos, MS, CCC-SLP"): the first matching profession wins,
// the specialties before the general dentist and physician they also are.
const REFERRER_WORDS: readonly [Profession, RegExp][] = [
  ['slp', /\b(CCC-SLP|SLP|speech[- ]language|speech therap\w*)\b/i],
  ['ent', /\b(ENT|otolaryngolog\w*|ear, nose)\b/i],
  ['orthodontist', /\borthodont\w*/i],
  ['orofacial_pain', /\b(orofacial pain|TMD|TMJ)\b/i],
  ['oral_surgeon', /\b(oral (and maxillofacial )?surg\w*|OMFS|maxillofacial)\b/i],
  ['allergist', /\ballerg\w*/i],
  ['gastroenterologist', /\bgastroenterolog\w*/i],
  ['dentist', /\b(DDS|DMD|dentist\w*)\b/i],
  [
    'physician',
    /\b(MD|DO|pediatrician|physician|family medicine|primary care|internal medicine)\b/i,
  ],
]

/** The referrer's profession, read from the referring party as typed, or `null`. */
export function referrerProfession(referringParty: string): Profession | null {
  return REFERRER_WORDS.find(([, words]) => words.test(referringParty))?.[0] ?? null
}

/** The recommendation's own profession and how its continued care reads. */
const SENDS_TO: Readonly<Record<string, { profession: Profession; name: string }>> = {
  rec_slp: { profession: 'slp', name: 'speech-language pathologist' },
  rec_ent: { profession: 'ent', name: 'ENT' },
  rec_orthodontist: { profession: 'orthodontist', name: 'orthodontist' },
  rec_dentist: { profession: 'dentist', name: 'dentist' },
  rec_splint: { profession: 'dentist', name: 'dentist' },
  rec_tmd: { profession: 'orofacial_pain', name: 'orofacial pain specialist' },
  rec_oral_surgeon: { profession: 'oral_surgeon', name: 'oral and maxillofacial surgeon' },
  rec_allergist: { profession: 'allergist', name: 'allergist' },
  rec_gi: { profession: 'gastroenterologist', name: 'gastroenterologist' },
  rec_pcp: { profession: 'physician', name: 'physician' },
  rec_sleep_study: { profession: 'physician', name: 'physician' },
}

/** What the referrer continues, by the recommendation's chosen focus. */
function continuedCare(id: string, options: readonly string[]): string {
  if (id === 'rec_slp') {
    const parts = [
      options.includes('speech') ? 'speech' : '',
      options.includes('feeding_swallowing') ? 'swallow' : '',
    ].filter(Boolean)
    return `continue ${parts.length ? parts.join(' and ') : 'speech and swallow'} therapy`
  }
  if (id === 'rec_sleep_study') return 'order a sleep study'
  if (id === 'rec_splint') return 'provide the appliance'
  return 'continue care'
}

/**
 * A recommendation's label for the age group (an adult's has no "pediatric" or "pediatrician"),
 * and for the referrer's own care "Continue swallow therapy with the referring
 * speech-language pathologist" rather than a consult.
 */
export function labelFor(
  recommendation: Recommendation,
  group: AgeGroup,
  own?: { options: readonly string[]; context: WordingContext },
): string {
  if (own && recommendation.id === 'rec_slp' && isReferrersOwn(recommendation.id, own.context))
    return `${continuedCare(recommendation.id, own.options).replace(/^c/, 'C')} with the referring ${SENDS_TO.rec_slp!.name}`
  return group !== 'child' && recommendation.adultLabel
    ? recommendation.adultLabel
    : recommendation.label
}

/** The patient-block facts the wording reads. */
export interface WordingContext {
  group: AgeGroup
  referrer: Profession | null
}

/** Whether the referrer is the profession this recommendation sends the patient to. */
export const isReferrersOwn = (id: string, context: WordingContext): boolean =>
  !!context.referrer && SENDS_TO[id]?.profession === context.referrer

/**
 * Who should act, for the report's page 1: the referrer continues their own care ("Referring
 * speech-language pathologist: continue swallow therapy") rather than refer to themselves; an
 * adult acts alone ("Patient", never "Patient/family").
 */
export function actorFor(
  recommendation: Recommendation,
  options: readonly string[],
  context: WordingContext,
): string {
  if (recommendation.id === 'rec_slp' && isReferrersOwn(recommendation.id, context))
    return `Referring ${SENDS_TO.rec_slp!.name}`
  if (isReferrersOwn(recommendation.id, context))
    return `Referring ${SENDS_TO[recommendation.id]!.name}: ${continuedCare(recommendation.id, options)}`
  const actor = (context.group !== 'child' && recommendation.adultActor) || recommendation.actor
  if (!actor) return ''
  return context.group === 'child'
    ? actor
    : actor.replace(/^Patient\/family\b/, 'Patient').replace(/patient\/family/g, 'patient')
}

/**
 * The consults whose patient step becomes "keep going with …" when the referrer is that provider;
 * an appliance, a dental visit or a sleep study keeps its own step (the referrer provides it).
 */
const CONTINUED_CONSULTS = new Set([
  'rec_slp',
  'rec_ent',
  'rec_orthodontist',
  'rec_tmd',
  'rec_oral_surgeon',
  'rec_allergist',
  'rec_gi',
])

/** Whether the patient's step is to keep going with the referrer rather than see someone new. */
export const continuesWithReferrer = (id: string, context: WordingContext): boolean =>
  CONTINUED_CONSULTS.has(id) && isReferrersOwn(id, context)

/** A next step for the referrer's own care, in the patient's words. */
export function ownCareStep(id: string, options: readonly string[], child: string | null): string {
  const whose = child ? `${child}’s` : 'your'
  const focus =
    id === 'rec_slp'
      ? continuedCare(id, options)
          .replace(/^continue /, '')
          .replace(/ therapy$/, '')
      : ''
  return focus
    ? `Keep seeing ${whose} speech-language pathologist for ${focus} therapy.`
    : `Keep seeing ${whose} ${SENDS_TO[id]?.name ?? 'provider'}.`
}

// A therapist's note that starts like a condition ("if mouth breathing persists after 8 weeks").
const CONDITION = /^(only )?(if|when|once|after|unless|should)\b/i

/** The therapist's condition, when their note is one: "if mouth breathing persists after 8 weeks". */
export function conditionOf(note: string): string | null {
  const text = note.trim().replace(/[.;]+$/, '')
  return CONDITION.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : null
}

/** The words that name each recommendation in the therapist's optimal sequencing. */
const MENTIONED_AS: Readonly<Record<string, RegExp>> = {
  rec_omt: /\bmyo(functional)?\b|\bOMT\b/i,
  rec_nasal_hygiene: /\bnasal hygiene|saline|nasal rinse/i,
  rec_orthodontist: /\borthodont/i,
  rec_ent: /\bENT\b|ear, nose/i,
  rec_oral_surgeon: /\boral (and maxillofacial )?surg|maxillofacial/i,
  rec_frenum_release: /\bfrenum release|frenectomy|release\b/i,
  rec_splint: /\bsplint|night guard|appliance/i,
  rec_allergist: /\ballergist/i,
  rec_slp: /\bSLP\b|speech[- ]language|swallow therapy|speech therapy/i,
  rec_sleep_study: /\bsleep (study|physician|test)|\bPSG\b/i,
  rec_dentist: /\bdentist\b/i,
  rec_pcp: /\bprimary care|pediatrician|family doctor/i,
  rec_gi: /\bgastroenterolog|\bGI\b/i,
  rec_tmd: /\bTMD\b|orofacial pain/i,
  rec_breathing: /\bbreathing (program|re-?education)|buteyko/i,
  rec_habit_program: /\bhabit/i,
  rec_mental_health: /\bmental health|counsel/i,
  rec_reeval: /\bre-?evaluat/i,
}

/**
 * Where the therapist's optimal sequencing first names a recommendation (its position in the
 * text), or `null` when it does not: the summary's steps follow that order.
 */
export function sequencePosition(id: string, sequencing: string): number | null {
  const match = MENTIONED_AS[id]?.exec(sequencing)
  return match ? match.index : null
}
