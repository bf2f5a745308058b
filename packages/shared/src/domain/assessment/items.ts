/**
 * Builders for assessment items and options. They set `type` from `kind`, so the spec's wire type
 * can never disagree with the control, and give every text the same length limits.
 */
import type {
  CheckboxGroupItem,
  CheckboxItem,
  ComputedItem,
  ItemOption,
  NumberItem,
  SelectItem,
  TextareaItem,
  TextItem,
} from '../assessment-sections'

/** Length limit of a short text item. */
export const ITEM_TEXT_MAX_LENGTH = 200
/** Length limit of a textarea item (notes, histories). */
export const ITEM_TEXTAREA_MAX_LENGTH = 5_000

type Spec<T> = Omit<T, 'kind' | 'type'>

/** A choice that is a finding when chosen. */
export const option = (id: string, label: string): ItemOption => ({ id, label })
/** A choice within normal limits. */
export const typical = (id: string, label: string): ItemOption => ({ id, label, typical: true })
/** "Could not assess" and the like. */
export const notAssessed = (id: string, label: string): ItemOption => ({
  id,
  label,
  notAssessed: true,
})
/** The "None" of a checkbox group: typical, and clears the other choices. */
export const none = (id = 'none', label = 'None'): ItemOption => ({
  id,
  label,
  typical: true,
  exclusive: true,
})

/**
 * Choices `0…n` for a rating, ids `'0'`, `'1'`…, each with its `score`. The first label is the
 * typical end unless `typicalUpTo` says otherwise (-1: none typical).
 */
export function ratingOptions(labels: readonly string[], typicalUpTo = 0): ItemOption[] {
  return labels.map((label, score) => ({
    id: String(score),
    label,
    score,
    ...(score <= typicalUpTo ? { typical: true as const } : {}),
  }))
}

/** Choices 0–10 (pain, tension, motivation), labelled at both ends. */
export function zeroToTen(low: string, high: string, typicalUpTo = 0): ItemOption[] {
  return ratingOptions(
    Array.from({ length: 11 }, (_, n) =>
      n === 0 ? `0 ${low}` : n === 10 ? `10 ${high}` : String(n),
    ),
    typicalUpTo,
  )
}

/** A single yes/no tick. */
export const checkbox = (spec: Spec<CheckboxItem>): CheckboxItem => ({
  kind: 'checkbox',
  type: 'checkbox',
  ...spec,
})
/** Several ticks. */
export const checkboxGroup = (spec: Spec<CheckboxGroupItem>): CheckboxGroupItem => ({
  kind: 'checkbox_group',
  type: 'checkbox',
  ...spec,
})
/** One choice. */
export const select = (spec: Spec<SelectItem>): SelectItem => ({
  kind: 'select',
  type: 'select',
  ...spec,
})
/** A measurement or a count. */
export const numberInput = (spec: Spec<NumberItem>): NumberItem => ({
  kind: 'number',
  type: 'input',
  ...spec,
})
/** A short free text. */
export const textInput = (spec: Omit<Spec<TextItem>, 'maxLength'>): TextItem => ({
  kind: 'text',
  type: 'input',
  maxLength: ITEM_TEXT_MAX_LENGTH,
  ...spec,
})
/** A long free text. */
export const textarea = (spec: Omit<Spec<TextareaItem>, 'maxLength'>): TextareaItem => ({
  kind: 'textarea',
  type: 'textarea',
  maxLength: ITEM_TEXTAREA_MAX_LENGTH,
  ...spec,
})
/** The section's closing notes field. */
export const notes = (id: string): TextareaItem => textarea({ id, label: 'Notes' })
/** A value the app fills from a scale. */
export const computed = (spec: Spec<ComputedItem>): ComputedItem => ({
  kind: 'computed',
  type: 'input',
  ...spec,
})
