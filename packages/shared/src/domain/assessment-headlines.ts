/**
 * The headlines of an assessment ("In short", the Impression draft): what the recorded values
 * point to, each from a named rule (`assessment-headline-rules.ts`) that lists the values it
 * reads and the recorded states that suppress it (docs/product/clinical-content.md#main-problems).
 * A rule with nothing recorded to stand on yields nothing, so a headline is never invented: a
 * released tie is healing, a normal free-tongue length is not a tongue-tie, recorded nasal
 * breathing is not mouth breathing, and a questionnaire total is a screen to discuss with a
 * doctor, never a finding.
 */
import {
  HEADLINE_RULES,
  isOneOf,
  normalFreeTongue,
  recordedNasal,
  type HeadlineRule,
  type RecordedFacts,
  type Release,
} from './assessment-headline-rules'
import {
  valuesFromSections,
  computeAssessmentScales,
  type AssessmentValues,
} from './assessment-scales'
import type { ItemValue } from './assessment-sections'
import { reasonTopics, type ReasonText, type TopicId } from './reason-for-referral'

/** A main problem, as a provider and as a family would name it. */
export interface MainProblem {
  id: string
  provider: string
  plain: string
}

/** A headline: a finding the recorded values point to, or a screen worth discussing. */
export interface Headline extends MainProblem {
  /** `screen`: a questionnaire total, printed as a screen to discuss with a doctor. */
  kind: HeadlineRule['kind']
  /** The topic it answers, for putting the reader's question first. */
  topic: TopicId
  /** True when the reason for referral or the chief complaint raise its topic. */
  answersReason: boolean
}

type Sections = readonly { id: string; items: readonly { id: string; value: ItemValue }[] }[]

/** The patient-block fields the rules read. */
export interface HeadlineContext extends ReasonText {
  surgicalHistory?: string
}

const RELEASE_WORDS =
  /\b(frenectomy|frenotomy|frenuloplasty|frenulectomy|(tongue|lip|lingual|labial|posterior|anterior)[- ]?(tie )?release|(frenum|frenulum|tie) (was )?released|release of the [\w ]{0,20}(frenum|frenulum|tie))\b/i
// A sentence that plans, doubts or denies a release records none ("No frenum release.").
const NOT_DONE =
  /\b(no|not|never|without|none|planned|scheduled|consider\w*|recommend\w*|candidate|pending|awaiting|discuss\w*|if)\b/i

/**
 * A release recorded in the surgical history ("Posterior tongue-tie release (laser) three weeks
 * ago") or as a prior therapy (Frenectomy); a sentence that plans or denies one does not count.
 */
export function recordedRelease(values: AssessmentValues, surgicalHistory = ''): Release | null {
  const sentences = surgicalHistory
    .split(/(?<=[.;!?\n])\s*/)
    .filter((s) => RELEASE_WORDS.test(s) && !NOT_DONE.test(s))
  const ticked = isOneOf(values.behavioral?.prior_therapies, ['frenectomy'])
  if (!sentences.length && !ticked) return null
  const text = sentences.join(' ')
  const lip = /\b(lip|labial)\b/i.test(text)
  // A ticked "Frenectomy" or a release of an unnamed tie counts as the tongue's.
  const tongue = /\b(tongue|lingual|posterior|ankyloglossia)\b/i.test(text) || !lip || ticked
  return { tongue, lip }
}

/** The facts every rule reads, from the sections and the patient block. */
export function recordedFacts(sections: Sections, context: HeadlineContext = {}): RecordedFacts {
  const values = valuesFromSections(sections)
  const scales = new Map(
    computeAssessmentScales(values).flatMap((r) =>
      r.result ? [[r.scale, r.result] as const] : [],
    ),
  )
  return {
    values,
    scale: (id) => scales.get(id) ?? null,
    release: recordedRelease(values, context.surgicalHistory),
  }
}

/**
 * Every headline the recorded values support, those answering the reason for referral or the
 * chief complaint first, then in the rules' order.
 */
export function headlines(sections: Sections, context: HeadlineContext = {}): Headline[] {
  const facts = recordedFacts(sections, context)
  const raised = reasonTopics(context)
  const found = HEADLINE_RULES.flatMap((rule) => {
    const words = rule.derive(facts)
    return words
      ? [
          {
            id: rule.id,
            kind: rule.kind,
            topic: rule.topic,
            answersReason: raised.has(rule.topic),
            ...words,
          },
        ]
      : []
  })
  // A stable sort keeps the rules' order within each group.
  return found.sort((a, b) => Number(b.answersReason) - Number(a.answersReason))
}

/**
 * The words a recorded value rules out, so no explanation printed for this patient uses them: a
 * recorded nasal breathing route or a passed nasal test rules out "mouth breathing"; a recorded
 * release or a normal free-tongue length rules out "tongue-tie".
 */
export function ruledOutWords(sections: Sections, context: HeadlineContext = {}): string[] {
  const facts = recordedFacts(sections, context)
  return [
    recordedNasal(facts) ? 'mouth breathing' : '',
    facts.release?.tongue || normalFreeTongue(facts) ? 'tongue-tie' : '',
  ].filter(Boolean)
}

/**
 * `text` without what `words` rule out: "or mouth breathing" dropped from a list, any other
 * sentence naming a ruled-out word dropped whole.
 */
export function withoutRuledOut(text: string, words: readonly string[]): string {
  if (!words.length) return text
  let result = text
  for (const word of words) result = result.replaceAll(` or ${word}`, '')
  return result
    .split(/(?<=\.)\s+/)
    .filter((sentence) => !words.some((word) => sentence.toLowerCase().includes(word)))
    .join(' ')
}

/** The findings among the headlines (screens left out): the main problems. */
export function mainProblems(sections: Sections, context: HeadlineContext = {}): MainProblem[] {
  return headlines(sections, context)
    .filter((h) => h.kind === 'finding')
    .map(({ id, provider, plain }) => ({ id, provider, plain }))
}
