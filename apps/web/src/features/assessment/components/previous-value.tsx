/**
 * Last visit's value beside an item, on a re-evaluation started from an earlier report
 * (docs/product/documents.md#progress-across-visits). The values live in page state only.
 */
import { createContext, useContext } from 'react'
import type { AssessmentItem } from '@myodocs/shared/domain/assessment-sections'
import type { SessionItem } from '@myodocs/shared/contracts/session-file'
import { withUnit } from '@myodocs/shared/domain/assessment-findings'
import { itemKey } from '@myodocs/shared/domain/session-file'

/** The latest earlier report's date and its values by `itemKey`; `null` on a first visit. */
export interface PreviousValues {
  date: string
  values: ReadonlyMap<string, SessionItem['value']>
}

export const PreviousValuesContext = createContext<PreviousValues | null>(null)

/** An earlier value as the documents print it ("86%", "42 mm"). */
export function formatPrevious(item: AssessmentItem, value: SessionItem['value']): string {
  switch (item.kind) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No'
    case 'checkbox_group': {
      const chosen = new Set(Array.isArray(value) ? value : [])
      return item.options
        .filter((o) => chosen.has(o.id))
        .map((o) => o.label)
        .join('; ')
    }
    case 'select':
      return item.options.find((o) => o.id === value)?.label ?? String(value)
    case 'number':
      return typeof value === 'number' ? withUnit(value, item.unit) : String(value)
    case 'computed':
    case 'text':
    case 'textarea':
      return String(value)
  }
}

/** The earlier value of `item` of `sectionId`, or `null` when there is none to show. */
export function usePreviousValue(sectionId: string, item: AssessmentItem): string | null {
  const previous = useContext(PreviousValuesContext)
  if (!previous) return null
  const value = previous.values.get(itemKey(sectionId, item.id))
  return value === undefined ? 'not recorded' : formatPrevious(item, value)
}

/** "Last time (2026-03-05): 14 mm" under an item. */
export function PreviousValue({ sectionId, item }: { sectionId: string; item: AssessmentItem }) {
  const previous = useContext(PreviousValuesContext)
  const text = usePreviousValue(sectionId, item)
  if (!previous || text === null) return null
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid={`previous-${item.id}`}>
      Last time ({previous.date}): <span className="font-medium text-slate-700">{text}</span>
    </p>
  )
}
