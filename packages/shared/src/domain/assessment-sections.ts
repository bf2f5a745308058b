/**
 * The Myofunctional Assessment: seven sections in order, each a list of items the therapist fills
 * in. Content: docs/product/clinical-content.md#items-by-section; each section lives in its own file under `./assessment/`.
 *
 * Item model. The API's wire types are `checkbox | input | textarea | select`. A
 * reference "checkbox group" is a `checkbox` with options, and a number and a short text are both
 * an `input`, so `type` alone cannot tell the UI which control to draw or which value to expect.
 * Every item therefore carries `kind` (the discriminant: one control, one value shape) and `type`
 * (the spec's wire word, always derived from `kind` by the builders in `./assessment/items`).
 *
 * Rows of the reference that combine controls ("select + input", "select ×2 (L, R)") become
 * several items: the main one keeps the reference id, the others get a suffix (`_left`, `_mm`,
 * `_details`…) and share `groupId` so the form can lay them out on one line.
 *
 * Changes from the reference, and why:
 * - Dropped: the Hazelbaker infant tool (Section 1 row 20 note). The reference says to add it only
 *   if the practice sees babies; it is a 24-point protocol of its own, not an item.
 * - Dropped: overbite as a percentage (Section 3 row 4 offers "mm or %"). Kept mm only, so the
 *   value stays one number (negative = open bite) instead of a number with a unit switch.
 * - Added: `lip_tie_restriction` (upper lip movement). The reference's note on the Kotlow lip-tie
 *   class and open question 4 ask to record lip mobility too, because the class is unreliable
 *   between raters.
 * - Changed: STOP-BANG questions are Yes/No selects, not checkboxes. An unticked checkbox cannot
 *   tell "no" from "not asked", and a report must not print "STOP-BANG 0, low risk" for a child
 *   who was never screened. The score appears once all eight are answered.
 * - Split: the NOSE (5), Epworth (8) and STOP-BANG (8) questionnaires are one select per question
 *   plus a computed total; PSQ stays two counts (yes, answered) because the question text is
 *   licensed (open question 2).
 */
import type { ScaleId } from './scales'
import { TONGUE_LIPS } from './assessment/tongue-lips'
import { SWALLOW_DIGESTION } from './assessment/swallow-digestion'
import { DENTAL } from './assessment/dental'
import { MUSCULAR_COMPENSATIONS } from './assessment/muscular-compensations'
import { BREATHING_SLEEP } from './assessment/breathing-sleep'
import { HEAD_NECK } from './assessment/head-neck'
import { BEHAVIORAL } from './assessment/behavioral'

/** Section ids in the spec's order. */
export const SECTION_IDS = [
  'tongue_lips',
  'swallow_digestion',
  'dental',
  'muscular_compensations',
  'breathing_sleep',
  'head_neck',
  'behavioral',
] as const
/** One of the seven assessment section ids. */
export type SectionId = (typeof SECTION_IDS)[number]

/** Units printed after a number. */
export type Unit = 'mm' | 's' | 'kPa' | '%' | '°' | 'events/h'

/**
 * One choice of a select or checkbox group. `id` is stable: it is what is stored and sent.
 * - `typical`: within normal limits; never listed as a finding in the patient summary.
 * - `notAssessed`: "Could not assess" and the like; not a finding either.
 * - `exclusive`: a "None" choice of a checkbox group; ticking it clears the others.
 * - `score`: the number a questionnaire adds up (NOSE 0–4, Epworth 0–3, STOP-BANG 0/1).
 */
export interface ItemOption {
  id: string
  label: string
  typical?: true
  notAssessed?: true
  exclusive?: true
  score?: number
}

/**
 * Plain-language wording for the patient summary PDF ("what was found / what it means"), written
 * for a parent. Items without it (history, measurements, notes) stay out of the patient summary.
 */
export interface PatientWording {
  /** What was looked at, in everyday words, e.g. "Where the tongue rests". */
  label: string
  /** Why it matters, phrased as a finding, never a diagnosis. */
  meaning: string
  /** The meaning for an adult, where `meaning` speaks of growth. */
  adultMeaning?: string
}

interface ItemBase {
  /** Stable snake_case id, unique across the whole assessment. */
  id: string
  /** The therapist-facing label (clinical wording). */
  label: string
  /** Short help from the reference's notes. */
  help?: string
  placeholder?: string
  /** Shared by items built from one reference row, so the form can lay them out together. */
  groupId?: string
  patient?: PatientWording
}

/** A single yes/no tick. Value: `boolean`. */
export interface CheckboxItem extends ItemBase {
  kind: 'checkbox'
  type: 'checkbox'
}
/** Several ticks, any number chosen. Value: `string[]` of option ids. */
export interface CheckboxGroupItem extends ItemBase {
  kind: 'checkbox_group'
  type: 'checkbox'
  options: readonly ItemOption[]
}
/** One choice. Value: the option id, or `null` when nothing is chosen. */
export interface SelectItem extends ItemBase {
  kind: 'select'
  type: 'select'
  options: readonly ItemOption[]
}
/** A measurement or count. Value: `number`, or `null` when empty. */
export interface NumberItem extends ItemBase {
  kind: 'number'
  type: 'input'
  unit?: Unit
  min: number
  max: number
  /** Whole numbers only (counts). */
  integer?: true
}
/** A short free text. Value: `string`. */
export interface TextItem extends ItemBase {
  kind: 'text'
  type: 'input'
  maxLength: number
}
/** A long free text. Value: `string`. */
export interface TextareaItem extends ItemBase {
  kind: 'textarea'
  type: 'textarea'
  maxLength: number
}
/**
 * Filled by the app from other items through a scale (see `./scales` and
 * `./assessment-scales`); read-only in the form. Value: the scale's number, or `null`.
 */
export interface ComputedItem extends ItemBase {
  kind: 'computed'
  type: 'input'
  scale: ScaleId
  unit?: Unit
}

/** Any assessment item; switch on `kind`. */
export type AssessmentItem =
  | CheckboxItem
  | CheckboxGroupItem
  | SelectItem
  | NumberItem
  | TextItem
  | TextareaItem
  | ComputedItem

/**
 * The value an item holds, by kind: checkbox `boolean`; checkbox_group `string[]` (option ids);
 * select `string | null` (option id); number and computed `number | null`; text and textarea
 * `string`.
 */
export type ItemValue = boolean | number | string | string[] | null

/** One assessment section. */
export interface AssessmentSection {
  id: SectionId
  /** The spec's section name, e.g. "Tongue and lips". */
  title: string
  /** A short plain-language intro for the patient summary PDF. */
  patientSummary: string
  items: readonly AssessmentItem[]
}

/** The seven sections, in the spec's order. */
export const ASSESSMENT_SECTIONS: readonly AssessmentSection[] = [
  TONGUE_LIPS,
  SWALLOW_DIGESTION,
  DENTAL,
  MUSCULAR_COMPENSATIONS,
  BREATHING_SLEEP,
  HEAD_NECK,
  BEHAVIORAL,
]

const sectionsById = new Map<string, AssessmentSection>(ASSESSMENT_SECTIONS.map((s) => [s.id, s]))
const itemsBySection = new Map(
  ASSESSMENT_SECTIONS.map((s) => [s.id as string, new Map(s.items.map((i) => [i.id, i]))]),
)

/** True when `id` is one of the seven section ids. */
export function isSectionId(id: string): id is SectionId {
  return sectionsById.has(id)
}

/** The section with this id, or `undefined` (the API answers "Section not found"). */
export function findSection(id: string): AssessmentSection | undefined {
  return sectionsById.get(id)
}

/** The item `itemId` of section `sectionId`, or `undefined`. */
export function findItem(sectionId: string, itemId: string): AssessmentItem | undefined {
  return itemsBySection.get(sectionId)?.get(itemId)
}

/** The value an item starts with in a new session: unticked, unchosen, empty. */
export function emptyItemValue(item: AssessmentItem): ItemValue {
  switch (item.kind) {
    case 'checkbox':
      return false
    case 'checkbox_group':
      return []
    case 'select':
    case 'number':
    case 'computed':
      return null
    case 'text':
    case 'textarea':
      return ''
  }
}

/**
 * True when `value` has the shape and range `item` accepts: a known option id, a number within
 * `min`–`max`, a text within `maxLength`. The document contract uses it so the PDF templates can
 * trust every value they print.
 */
export function isValidItemValue(item: AssessmentItem, value: unknown): boolean {
  switch (item.kind) {
    case 'checkbox':
      return typeof value === 'boolean'
    case 'checkbox_group':
      return (
        Array.isArray(value) &&
        new Set(value).size === value.length &&
        value.every((v) => typeof v === 'string' && item.options.some((o) => o.id === v))
      )
    case 'select':
      return (
        value === null || (typeof value === 'string' && item.options.some((o) => o.id === value))
      )
    case 'number':
      return (
        value === null ||
        (typeof value === 'number' &&
          Number.isFinite(value) &&
          value >= item.min &&
          value <= item.max &&
          (!item.integer || Number.isInteger(value)))
      )
    case 'computed':
      // Recomputed from the inputs for every document; only its shape is checked here.
      return value === null || (typeof value === 'number' && Number.isFinite(value))
    case 'text':
    case 'textarea':
      return typeof value === 'string' && value.length <= item.maxLength
  }
}

/**
 * Whether an item counts as completed: it holds an answer. A ticked
 * checkbox, a non-empty group, a chosen option, a number, a non-blank text. Computed items never
 * count: the therapist does not fill them in.
 */
export function isItemCompleted(item: AssessmentItem, value: unknown): boolean {
  switch (item.kind) {
    case 'checkbox':
      return value === true
    case 'checkbox_group':
      return Array.isArray(value) && value.length > 0
    case 'select':
      return typeof value === 'string' && value !== ''
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'text':
    case 'textarea':
      return typeof value === 'string' && value.trim() !== ''
    case 'computed':
      return false
  }
}

/**
 * Whether a value is worth listing in the patient summary's "what was found": a chosen option
 * that is neither typical nor "could not assess", a ticked box. Numbers and texts are not
 * findings by themselves; their scales are (see `./assessment-scales`).
 */
export function isFinding(item: AssessmentItem, value: unknown): boolean {
  const notable = (o: ItemOption | undefined) => !!o && !o.typical && !o.notAssessed
  switch (item.kind) {
    case 'checkbox':
      return value === true
    case 'checkbox_group':
      return (
        Array.isArray(value) && value.some((v) => notable(item.options.find((o) => o.id === v)))
      )
    case 'select':
      return notable(item.options.find((o) => o.id === value))
    case 'number':
    case 'text':
    case 'textarea':
    case 'computed':
      return false
  }
}

/**
 * Ticks or unticks `optionId` in a checkbox group value, honouring exclusive options: ticking
 * "None" clears the rest, ticking anything else clears "None".
 */
export function toggleGroupOption(
  item: CheckboxGroupItem,
  current: readonly string[],
  optionId: string,
): string[] {
  if (current.includes(optionId)) return current.filter((id) => id !== optionId)
  const option = item.options.find((o) => o.id === optionId)
  if (!option) return [...current]
  if (option.exclusive) return [optionId]
  const exclusive = new Set(item.options.filter((o) => o.exclusive).map((o) => o.id))
  // Keep display order so a report lists findings the way the form shows them.
  const chosen = new Set([...current.filter((id) => !exclusive.has(id)), optionId])
  return item.options.filter((o) => chosen.has(o.id)).map((o) => o.id)
}
