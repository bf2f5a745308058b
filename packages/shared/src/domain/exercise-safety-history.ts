/**
 * What the exercise safety rules take from an assessment's written history
 * (docs/product/clinical-content.md#exercise-safety): the therapist writes medical and surgical
 * history as text, so each fact has a named rule of words it looks for. A mention the same clause
 * negates ("no stroke", "denies hypertension") is not a fact. The exercise page shows what it took
 * over in boxes the therapist can change, so a rule that misreads is corrected before printing.
 */
import type { AssessmentValues } from './assessment-scales'
import { isIsoCalendarDate } from './dates'

/** The assessment's written fields these rules read. */
export interface AssessmentHistory {
  relevantMedicalHistory?: string
  surgicalHistory?: string
  reasonForReferral?: string
  referringParty?: string
}

/** The facts found, each `false` / `''` when nothing recorded says so. */
export interface HistoryFacts {
  highBloodPressure: boolean
  dysphagia: boolean
  stroke: boolean
  slpSwallowCare: boolean
  releaseDate: string
}

/** The rules: which words record which fact. */
export const HISTORY_RULES = {
  highBloodPressure: /\b(hypertension|hypertensive|high blood pressure|HTN)\b/i,
  dysphagia: /\b(dysphagia|dysphagic)\b/i,
  stroke: /\b(stroke|CVA|cerebrovascular accident)\b/i,
  slp: /\b(SLPs?|speech[- ]language patholog\w*|speech therap\w*)\b/i,
  swallow: /\b(swallow\w*|dysphagia)\b/i,
  release:
    /\b(frenectomy|frenotomy|frenuloplasty|frenum release|tie release|(tongue|lip)[- ]tie (was )?released)\b/i,
} as const

const NEGATION = /\b(no|not|denies|denied|without|negative for|never had)\b/i

// A clause: text between sentence or list breaks, so "no stroke; hypertension" reads two facts.
const clauses = (text: string) => text.split(/[.;,\n]+/).filter((c) => c.trim())

/** Whether some clause of `text` states `rule` without negating it before the match. */
function states(text: string, rule: RegExp): boolean {
  return clauses(text).some((clause) => {
    const match = rule.exec(clause)
    return match !== null && !NEGATION.test(clause.slice(0, match.index))
  })
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]
const pad = (n: number) => String(n).padStart(2, '0')
const iso = (y: number, m: number, d: number) => {
  const value = `${y}-${pad(m)}-${pad(d)}`
  return isIsoCalendarDate(value) ? value : ''
}

/** The dates written in `text`: 2026-02-14, 2/14/2026, February 14, 2026, 14 February 2026. */
export function datesIn(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g))
    found.push(iso(+m[1]!, +m[2]!, +m[3]!))
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g))
    found.push(iso(+m[3]!, +m[1]!, +m[2]!))
  const month = `(${MONTHS.map((name) => `${name.slice(0, 3)}[a-z]*`).join('|')})\\.?`
  for (const m of text.matchAll(new RegExp(`\\b${month}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, 'gi')))
    found.push(
      iso(
        +m[3]!,
        MONTHS.findIndex((n) => n.startsWith(m[1]!.slice(0, 3).toLowerCase())) + 1,
        +m[2]!,
      ),
    )
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})\\s+${month}\\s+(\\d{4})\\b`, 'gi')))
    found.push(
      iso(
        +m[3]!,
        MONTHS.findIndex((n) => n.startsWith(m[2]!.slice(0, 3).toLowerCase())) + 1,
        +m[1]!,
      ),
    )
  return found.filter(Boolean)
}

const latest = (dates: readonly string[]) => [...dates].sort().at(-1) ?? ''

/**
 * The release date: the latest date written in a sentence that names a release (frenectomy,
 * frenotomy, "tie released"), in the surgical or medical history or the prior-therapy dates; or
 * the only date of the prior-therapy dates when Frenectomy is the only prior therapy ticked.
 */
function releaseDate(values: AssessmentValues, history: AssessmentHistory): string {
  const therapyDates = String(values.behavioral?.prior_therapies_dates ?? '')
  const sentences = [history.surgicalHistory, history.relevantMedicalHistory, therapyDates]
    .flatMap((text) => (text ?? '').split(/[;\n]+|\.\s/))
    .filter((s) => HISTORY_RULES.release.test(s) && !NEGATION.test(s))
  const named = latest(sentences.flatMap(datesIn))
  if (named) return named
  const therapies = values.behavioral?.prior_therapies
  const onlyFrenectomy =
    Array.isArray(therapies) && therapies.length === 1 && therapies[0] === 'frenectomy'
  const dates = datesIn(therapyDates)
  return onlyFrenectomy && dates.length === 1 ? dates[0]! : ''
}

/** The safety facts an assessment's history records, each by its rule in `HISTORY_RULES`. */
export function historyFacts(values: AssessmentValues, history: AssessmentHistory): HistoryFacts {
  const medical = [
    history.relevantMedicalHistory,
    history.surgicalHistory,
    history.reasonForReferral,
  ]
    .filter(Boolean)
    .join('\n')
  // An SLP who manages swallowing: named with swallowing in one clause, or an SLP referrer who
  // sent the patient for swallowing.
  const slpSwallowCare =
    clauses(medical).some(
      (c) => states(c, HISTORY_RULES.slp) && states(c, HISTORY_RULES.swallow),
    ) ||
    (states(history.referringParty ?? '', HISTORY_RULES.slp) &&
      states(history.reasonForReferral ?? '', HISTORY_RULES.swallow))
  return {
    highBloodPressure: states(medical, HISTORY_RULES.highBloodPressure),
    dysphagia: states(medical, HISTORY_RULES.dysphagia),
    stroke: states(medical, HISTORY_RULES.stroke),
    slpSwallowCare,
    releaseDate: releaseDate(values, history),
  }
}
