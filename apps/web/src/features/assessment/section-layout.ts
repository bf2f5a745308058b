/**
 * How a section's items are laid out on screen, derived from the typed data alone (no per-item
 * screen code): consecutive items of one reference row (`groupId`) sit together, and a
 * questionnaire (three or more questions sharing one answer scale, e.g. NOSE, Epworth,
 * STOP-BANG) becomes a grid of answers with its computed total beside it.
 */
import type {
  AssessmentItem,
  AssessmentSection,
  ComputedItem,
  ItemOption,
  SelectItem,
} from '@myodocs/shared/domain/assessment-sections'

export type SectionBlock =
  | { kind: 'item'; key: string; item: AssessmentItem }
  | { kind: 'group'; key: string; items: AssessmentItem[] }
  | {
      kind: 'questionnaire'
      key: string
      title: string
      help?: string
      options: readonly ItemOption[]
      questions: Array<{ item: SelectItem; label: string }>
      result: ComputedItem | null
    }

const groupKey = (item: AssessmentItem) => item.groupId ?? item.id

// "NOSE: Nasal blockage" → "Nasal blockage" when every question carries the same prefix.
function questionLabels(items: SelectItem[]): string[] {
  const prefix = /^([^:]{1,20}):\s+/.exec(items[0]?.label ?? '')?.[0]
  if (prefix && items.every((i) => i.label.startsWith(prefix)))
    return items.map((i) => i.label.slice(prefix.length))
  return items.map((i) => i.label)
}

function asQuestionnaire(key: string, items: AssessmentItem[]): SectionBlock | null {
  const selects = items.filter((i): i is SelectItem => i.kind === 'select')
  const options = selects[0]?.options
  const rest = items.filter((i) => i.kind !== 'select')
  const only = rest.length === 1 ? rest[0] : undefined
  const result = only?.kind === 'computed' ? only : null
  if (
    selects.length < 3 ||
    !options ||
    !selects.every((s) => s.options === options) ||
    rest.length > (result ? 1 : 0)
  )
    return null
  const labels = questionLabels(selects)
  return {
    kind: 'questionnaire',
    key,
    title: result?.label ?? selects[0]!.label,
    help: result?.help,
    options,
    questions: selects.map((item, index) => ({ item, label: labels[index]! })),
    result,
  }
}

/** The section's blocks in form order. */
export function layoutSection(section: AssessmentSection): SectionBlock[] {
  const runs: Array<{ key: string; items: AssessmentItem[] }> = []
  for (const item of section.items) {
    const key = groupKey(item)
    const last = runs.at(-1)
    if (last?.key === key) last.items.push(item)
    else runs.push({ key, items: [item] })
  }
  // A score sits with the measurements it is computed from (MIO and MOTTIP with the TRMR): the
  // single number items right before a lone computed item join it.
  const merged: typeof runs = []
  for (const run of runs) {
    if (run.items.length === 1 && run.items[0]!.kind === 'computed') {
      const inputs: AssessmentItem[] = []
      while (merged.at(-1)?.items.length === 1 && merged.at(-1)!.items[0]!.kind === 'number')
        inputs.unshift(merged.pop()!.items[0]!)
      merged.push({ key: run.key, items: [...inputs, ...run.items] })
    } else merged.push(run)
  }
  return merged.map(({ key, items }) => {
    if (items.length === 1) return { kind: 'item', key, item: items[0]! }
    return asQuestionnaire(key, items) ?? { kind: 'group', key, items }
  })
}

/** Controls that need the full width of the section (lists of choices, long texts, grids). */
export function isWide(block: SectionBlock): boolean {
  if (block.kind !== 'item') return true
  return block.item.kind === 'checkbox_group' || block.item.kind === 'textarea'
}
