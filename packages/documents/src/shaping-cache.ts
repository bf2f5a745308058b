/**
 * A memo of fontkit's text shaping for the documents' own wording. Shaping Inter (GSUB and GPOS
 * lookups for kerning and marks) is the largest single cost of a render, and most strings of a
 * document are the same every time: section titles, item labels, option labels, band labels,
 * exercise instructions. Only strings from the shared catalogs and the templates are memoised
 * across renders. Any other string (a patient's name in the running header, the footer) is
 * memoised only while a render is in flight: page chrome is laid out again on every page, and the
 * memo is emptied as soon as no render runs, so nothing of a patient outlives its render
 * (docs/architecture.md#no-phi-at-rest).
 */
import { ASSESSMENT_SECTIONS } from '@myodocs/shared/domain/assessment-sections'
import { EXERCISE_CATEGORIES, BREATH_HOLD_CAUTION } from '@myodocs/shared/domain/exercise-catalog'
import {
  EXERCISE_GLOSSARY,
  exerciseHowTo,
  plainWords,
  variationLine,
} from '@myodocs/shared/domain/exercise-howto'
import { NIGHT_TAPE_CAUTION, SAFETY_NOTES } from '@myodocs/shared/domain/exercise-safety'
import { RECOMMENDATIONS } from '@myodocs/shared/domain/recommendations'
import { SCALES } from '@myodocs/shared/domain/scales'
import {
  PATIENT_DATA_LABELS,
  SESSION_DATA_LABELS,
} from '@myodocs/shared/constants/document-messages'

let catalog: Set<string> | null = null

function catalogStrings(): Set<string> {
  const strings = new Set<string>()
  const add = (...values: (string | undefined)[]) => {
    for (const value of values) if (value) addWording(strings, value)
  }
  for (const section of ASSESSMENT_SECTIONS) {
    add(section.title, section.patientSummary)
    for (const item of section.items) {
      // A text field's label prints in capitals above its text (LabeledText).
      add(item.label, item.label.toUpperCase())
      add(item.patient?.label, item.patient?.meaning, item.patient?.adultMeaning)
      if ('unit' in item) add(item.unit)
      // A scored option's words also print without its score ("Moderate problem" of "2 Moderate problem").
      if ('options' in item)
        for (const option of item.options) add(option.label, option.label.replace(/^\d+\s+/, ''))
    }
  }
  for (const scale of Object.values(SCALES)) {
    add(scale.name, scale.caveat, scale.patient.label, scale.patient.meaning)
    // As the report's tables print them: after the value, and the source under the band.
    add(`Source: ${scale.source}`, scale.caveat && ` ${scale.caveat}`)
    for (const band of scale.bands) add(band.label, ` ${band.label}`)
  }
  for (const recommendation of RECOMMENDATIONS) {
    // The child's next step carries the child's name once printed: only the adult's is catalog wording.
    add(recommendation.label, recommendation.adultNextStep, recommendation.detail?.label)
    add(recommendation.actor, recommendation.adultActor)
    for (const option of recommendation.options?.items ?? []) add(option.label)
  }
  for (const category of EXERCISE_CATEGORIES) {
    add(category.title)
    for (const exercise of category.exercises) {
      add(exercise.name, exercise.instruction, exercise.frequency, ...exercise.variations)
      // As the prescription prints them: plain words, how-to steps, the chosen version.
      const howTo = exerciseHowTo(exercise.id)
      add(plainWords(exercise.instruction), ...(howTo?.steps ?? []), howTo?.dose, howTo?.doneRight)
      add(...exercise.variations.map((variation) => variationLine(exercise.id, variation)))
    }
  }
  for (const entry of EXERCISE_GLOSSARY) add(`${entry.term}: `, entry.meaning)
  // Field labels print as they are and in capitals above their text (LabeledText, Section).
  for (const label of [
    ...Object.values(PATIENT_DATA_LABELS),
    ...Object.values(SESSION_DATA_LABELS),
  ])
    add(label, label.toUpperCase())
  // Numbered lines ("1. " before a recommendation or a step).
  for (let n = 1; n <= 40; n++) add(`${n}. `)
  add(BREATH_HOLD_CAUTION, NIGHT_TAPE_CAUTION)
  add(...SAFETY_NOTES)
  return strings
}

/**
 * textkit shapes a string's leading digits and punctuation apart from the words after them
 * ("3-minute nasal breathing test" as "3-" and "minute nasal breathing test"): both parts are kept.
 */
const LEADING_NON_LETTERS = /^([^\p{L}]+)(\p{L}.*)$/su

function addWording(strings: Set<string>, value: string): void {
  strings.add(value)
  const parts = LEADING_NON_LETTERS.exec(value)
  if (parts) strings.add(parts[1]!).add(parts[2]!)
}

/** Adds fixed template wording (headings, notes) to the strings whose shaping may be kept. */
export function allowShapingCache(...strings: string[]): void {
  catalog ??= catalogStrings()
  for (const value of strings) addWording(catalog, value)
}

/** The letterheads of the practices that rendered most recently, each as one text. */
const letterheads = new Set<string>()
const MAX_LETTERHEADS = 32

/**
 * Lets the shaping of a practice's letterhead (its name, address, contacts and therapist: the
 * practice's data, printed on every page of its documents, never a patient's) be kept like the
 * catalog's, for the practices that rendered most recently. textkit shapes parts of a line (a
 * house number apart from its street), so any text the letterhead contains is kept.
 */
export function allowLetterheadShaping(lines: string[]): void {
  const text = lines.join('\n')
  letterheads.delete(text)
  letterheads.add(text)
  if (letterheads.size > MAX_LETTERHEADS) letterheads.delete(letterheads.values().next().value!)
}

/** Whether the shaping of `text` is kept across renders: catalog or letterhead wording. */
export function keptAcrossRenders(text: string): boolean {
  catalog ??= catalogStrings()
  if (catalog.has(text)) return true
  for (const letterhead of letterheads) if (letterhead.includes(text)) return true
  return false
}

type Layout = (text: string, features?: unknown, ...rest: unknown[]) => unknown
const MAX_ENTRIES = 20_000

let rendersInFlight = 0
const renderMemos = new Set<Map<string, unknown>>()

/**
 * Runs one render with the per-render memo on. Concurrent renders in one process share it; it is
 * emptied when the last of them ends, whether it succeeded or not.
 */
export async function withRenderMemo<T>(render: () => Promise<T>): Promise<T> {
  rendersInFlight += 1
  try {
    return await render()
  } finally {
    rendersInFlight -= 1
    if (rendersInFlight === 0) for (const memo of renderMemos) memo.clear()
  }
}

/** How many strings the per-render memos hold now (0 whenever no render runs). */
export const renderMemoSize = () => [...renderMemos].reduce((n, memo) => n + memo.size, 0)

/**
 * Wraps a fontkit font's `layout` so catalog and letterhead strings are shaped once per process
 * and any other string once per render. The cached glyph runs are shared; react-pdf's text layout (which asks
 * with a direction) copies positions before adjusting them and never mutates the glyph list.
 * pdfkit's own layout (the footer's "Page n of m", drawn while writing) is not memoised: it scales
 * the positions of the run it gets in place, so a shared run came back scaled again in every later
 * document, and the label crept past the right margin (a page total such as "4" is a catalog
 * option label, memoised for the life of the process).
 */
export function memoiseShaping(font: { layout: Layout }): void {
  const original = font.layout.bind(font)
  const lasting = new Map<string, unknown>()
  const perRender = new Map<string, unknown>()
  renderMemos.add(perRender)
  font.layout = (text, features, ...rest) => {
    if (rest.length !== 3 || rest[2] !== 'ltr' || rest[0] !== undefined || rest[1] !== undefined)
      return original(text, features, ...rest)
    const memo = keptAcrossRenders(text) ? lasting : rendersInFlight > 0 ? perRender : null
    if (!memo) return original(text, features, ...rest)
    const key = features ? `${JSON.stringify(features)}\u0000${text}` : text
    let run = memo.get(key)
    if (run === undefined) {
      run = original(text, features, ...rest)
      if (memo.size < MAX_ENTRIES) memo.set(key, run)
    }
    return run
  }
}
