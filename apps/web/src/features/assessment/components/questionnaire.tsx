/**
 * A screening questionnaire (NOSE, Epworth, STOP-BANG): one row per question, its answers as a
 * row of radio buttons sharing one scale, the total computed live beside it. Fast with a mouse,
 * a finger or the keyboard (arrows choose; Delete clears, as does clicking the chosen answer).
 */
import type { KeyboardEvent } from 'react'
import type { ItemOption, ItemValue } from '@myodocs/shared/domain/assessment-sections'
import type { ScaleResult } from '@myodocs/shared/domain/scales'
import { cn } from '../../../lib/cn'
import { itemFieldId } from '../assessment-state'
import type { SectionBlock } from '../section-layout'
import type { ItemChange } from './item-field'
import { ScaleOutput } from './scale-output'

type Questionnaire = Extract<SectionBlock, { kind: 'questionnaire' }>

// "0 Not a problem" shows as "0" in the row, with the words in the header and the radio's name.
const shortLabel = (option: ItemOption) => /^(\d+)\s/.exec(option.label)?.[1] ?? option.label

export interface QuestionnaireProps {
  block: Questionnaire
  values: ReadonlyMap<string, ItemValue>
  result: ScaleResult | null
  onChange: ItemChange
  errors: Readonly<Record<string, string>>
}

export function QuestionnaireBlock({
  block,
  values,
  result,
  onChange,
  errors,
}: QuestionnaireProps) {
  const numeric = block.options.every((o) => shortLabel(o) !== o.label)
  const answered = block.questions.filter(({ item }) => typeof values.get(item.id) === 'string')
  const clearOnDelete = (itemId: string) => (e: KeyboardEvent) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault()
      onChange(itemId, null)
    }
  }

  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{block.title}</h3>
          {block.help && <p className="mt-0.5 max-w-prose text-xs text-slate-500">{block.help}</p>}
        </div>
        <span className="text-xs tabular-nums text-slate-500">
          {answered.length} of {block.questions.length} answered
        </span>
      </div>
      {numeric && (
        <p className="mt-2 text-xs text-slate-600">
          {block.options.map((o) => o.label).join(' · ')}
        </p>
      )}
      <div className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
        {block.questions.map(({ item, label }) => {
          const value = values.get(item.id)
          const id = itemFieldId(item.id)
          const error = errors[id]
          return (
            <div
              key={item.id}
              className="grid items-center gap-2 py-2 sm:grid-cols-[minmax(0,1fr)_auto]"
            >
              <span id={`${id}-label`} className="text-sm text-slate-800">
                {label}
              </span>
              <div
                id={id}
                role="radiogroup"
                aria-labelledby={`${id}-label`}
                aria-describedby={error ? `${id}-error` : undefined}
                className="flex gap-1"
              >
                {block.options.map((option) => {
                  const checked = value === option.id
                  return (
                    <label
                      key={option.id}
                      title={option.label}
                      className={cn(
                        'relative flex h-9 cursor-pointer items-center justify-center rounded-md border text-sm font-medium tabular-nums transition-colors',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                        numeric ? 'w-9' : 'min-w-12 px-3',
                        checked
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:bg-brand-50',
                      )}
                    >
                      <input
                        type="radio"
                        name={id}
                        value={option.id}
                        checked={checked}
                        aria-label={option.label}
                        className="sr-only"
                        onChange={() => onChange(item.id, option.id)}
                        onClick={() => checked && onChange(item.id, null)}
                        onKeyDown={clearOnDelete(item.id)}
                      />
                      <span aria-hidden>{shortLabel(option)}</span>
                    </label>
                  )
                })}
              </div>
              {error && (
                <p id={`${id}-error`} role="alert" className="text-sm text-red-600 sm:col-span-2">
                  {error}
                </p>
              )}
            </div>
          )
        })}
      </div>
      {block.result && (
        <ScaleOutput
          item={block.result}
          result={result}
          inputs={block.questions.map((q) => q.item.id)}
          className="mt-3"
        />
      )}
    </div>
  )
}
