/**
 * A computed score shown live beside its inputs (docs/product/clinical-content.md#scales):
 * the value, its band, coloured by severity. An `<output>` tied to its inputs, announced politely
 * when it changes.
 */
import { Calculator } from 'lucide-react'
import type { ComputedItem } from '@myodocs/shared/domain/assessment-sections'
import { SCALES } from '@myodocs/shared/domain/scales'
import type { ScaleResult, Severity } from '@myodocs/shared/domain/scales'
import { cn } from '../../../lib/cn'
import { itemFieldId } from '../assessment-state'

const TONES: Record<Severity, string> = {
  none: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  mild: 'border-amber-200 bg-amber-50 text-amber-900',
  moderate: 'border-orange-200 bg-orange-50 text-orange-900',
  severe: 'border-red-200 bg-red-50 text-red-900',
}

export interface ScaleOutputProps {
  item: ComputedItem
  result: ScaleResult | null
  /** Ids of the inputs it is computed from (for `<output for>`). */
  inputs?: readonly string[]
  /** A short note instead of the item's help (e.g. where its input lives). */
  note?: string
  className?: string
}

export function ScaleOutput({ item, result, inputs = [], note, className }: ScaleOutputProps) {
  const definition = SCALES[item.scale]
  const caveat = definition.caveat
  return (
    <div
      className={cn(
        'flex min-h-[4.5rem] flex-col justify-center rounded-lg border px-3 py-2',
        result ? TONES[result.severity] : 'border-dashed border-slate-300 bg-white text-slate-600',
        className,
      )}
    >
      <div className={cn('flex items-center gap-1.5 text-xs font-medium', result && 'opacity-85')}>
        <Calculator className="size-3.5" aria-hidden />
        <span id={`${itemFieldId(item.id)}-label`}>{item.label}</span>
        {definition.screen && (
          <span className="rounded bg-white/70 px-1 py-px text-[10px] uppercase tracking-wide">
            screen
          </span>
        )}
      </div>
      <output
        id={itemFieldId(item.id)}
        htmlFor={inputs.map(itemFieldId).join(' ') || undefined}
        aria-labelledby={`${itemFieldId(item.id)}-label`}
        aria-live="polite"
        className="mt-0.5 block"
      >
        {result ? (
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-semibold tabular-nums">{result.display}</span>
            <span className="text-sm font-medium">{result.label}</span>
          </span>
        ) : (
          <span className="text-sm">— fills in from the values entered</span>
        )}
      </output>
      {(note ?? caveat) && (
        <p className={cn('mt-0.5 text-xs', result && 'opacity-85')}>{note ?? caveat}</p>
      )}
    </div>
  )
}
