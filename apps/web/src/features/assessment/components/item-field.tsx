/**
 * One assessment item drawn from its typed definition (`kind`): checkbox, checkbox group, select,
 * number with its unit, short text, long text. Every control is labelled, shows its help text,
 * and takes its kind's value shape (`ItemValue`). Memoised: a keystroke re-renders one field.
 */
import { memo, useState } from 'react'
import type { ChangeEvent } from 'react'
import type {
  AssessmentItem,
  CheckboxGroupItem,
  ItemValue,
  NumberItem,
} from '@myodocs/shared/domain/assessment-sections'
import { toggleGroupOption } from '@myodocs/shared/domain/assessment-sections'
import {
  CheckboxField,
  controlClasses,
  FieldShell,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/field'
import { cn } from '../../../lib/cn'
import { itemFieldId } from '../assessment-state'

export type ItemChange = (itemId: string, value: ItemValue) => void

export interface ItemFieldProps {
  item: Exclude<AssessmentItem, { kind: 'computed' }>
  value: ItemValue
  onChange: ItemChange
  /** A message from Generate's validation. */
  error?: string
  className?: string
}

const NUMBER_TEXT = /^-?\d+(?:[.,]\d+)?$/

const formatNumber = (value: ItemValue) => (typeof value === 'number' ? String(value) : '')

function parseNumber(text: string): number | null | 'invalid' {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (!NUMBER_TEXT.test(trimmed)) return 'invalid'
  return Number(trimmed.replace(',', '.'))
}

function rangeMessage(item: NumberItem, value: number): string | undefined {
  const unit = item.unit ? ` ${item.unit}` : ''
  if (value < item.min || value > item.max)
    return `Enter a value from ${item.min} to ${item.max}${unit}`
  if (item.integer && !Number.isInteger(value)) return 'Enter a whole number'
  return undefined
}

/**
 * A measurement typed as text (no spinner that a scroll wheel can change by accident), stored as
 * a number. A value out of range is kept and flagged, so nothing typed is lost.
 */
function NumberField({
  item,
  value,
  onChange,
  error,
  className,
}: Omit<ItemFieldProps, 'item'> & { item: NumberItem }) {
  const [text, setText] = useState(formatNumber(value))
  const [shown, setShown] = useState(value)
  // The value changed from outside (restore, clear): show it.
  if (value !== shown) {
    setShown(value)
    const parsed = parseNumber(text)
    if (parsed !== value) setText(formatNumber(value))
  }
  const parsed = parseNumber(text)
  const ownError =
    parsed === 'invalid'
      ? 'Enter a number'
      : parsed === null
        ? undefined
        : rangeMessage(item, parsed)
  const id = itemFieldId(item.id)
  const shownError = error ?? ownError

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value
    setText(next)
    const number = parseNumber(next)
    const stored = number === 'invalid' ? null : number
    setShown(stored)
    onChange(item.id, stored)
  }

  return (
    <FieldShell
      id={id}
      label={
        <>
          {item.label}
          {item.unit && <span className="sr-only"> ({item.unit})</span>}
        </>
      }
      hint={item.help}
      error={shownError}
      className={className}
    >
      <div className="relative w-full max-w-48">
        <input
          id={id}
          value={text}
          onChange={change}
          inputMode={item.min >= 0 ? 'decimal' : 'text'}
          autoComplete="off"
          className={cn(controlClasses, 'tabular-nums', item.unit && 'pr-12')}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : item.help ? `${id}-hint` : undefined}
        />
        {item.unit && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
          >
            {item.unit}
          </span>
        )}
      </div>
    </FieldShell>
  )
}

function CheckboxGroupField({
  item,
  value,
  onChange,
  error,
  className,
}: Omit<ItemFieldProps, 'item'> & { item: CheckboxGroupItem }) {
  const chosen = Array.isArray(value) ? value : []
  const id = itemFieldId(item.id)
  return (
    <fieldset
      id={id}
      className={cn('space-y-2', className)}
      aria-describedby={error ? `${id}-error` : item.help ? `${id}-hint` : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{item.label}</legend>
      {item.help && (
        <p id={`${id}-hint`} className="-mt-1 text-xs text-slate-500">
          {item.help}
        </p>
      )}
      <div className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2 xl:grid-cols-3">
        {item.options.map((option) => (
          <label
            key={option.id}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-md px-2 py-1 text-sm text-slate-800 hover:bg-slate-50',
              chosen.includes(option.id) && 'bg-brand-50 hover:bg-brand-50',
            )}
          >
            <input
              type="checkbox"
              id={`${id}-${option.id}`}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
              checked={chosen.includes(option.id)}
              onChange={() => onChange(item.id, toggleGroupOption(item, chosen, option.id))}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  )
}

function ItemFieldImpl(props: ItemFieldProps) {
  const { item, value, onChange, error, className } = props
  const id = itemFieldId(item.id)
  switch (item.kind) {
    case 'checkbox':
      return (
        <CheckboxField
          id={id}
          label={item.label}
          hint={item.help}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(item.id, e.target.checked)}
          containerClassName={cn('pt-1', className)}
        />
      )
    case 'checkbox_group':
      return <CheckboxGroupField {...props} item={item} />
    case 'select':
      return (
        <SelectField
          id={id}
          label={item.label}
          hint={item.help}
          error={error}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(item.id, e.target.value === '' ? null : e.target.value)}
          containerClassName={className}
          className={cn(value === null && 'text-slate-500')}
        >
          <option value="">Not recorded</option>
          {item.options.map((option) => (
            <option key={option.id} value={option.id} className="text-slate-900">
              {option.label}
            </option>
          ))}
        </SelectField>
      )
    case 'number':
      return <NumberField {...props} item={item} />
    case 'text':
      return (
        <TextField
          id={id}
          label={item.label}
          hint={item.help}
          error={error}
          placeholder={item.placeholder}
          maxLength={item.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(item.id, e.target.value)}
          containerClassName={className}
        />
      )
    case 'textarea':
      return (
        <TextAreaField
          id={id}
          label={item.label}
          hint={item.help}
          error={error}
          placeholder={item.placeholder}
          maxLength={item.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(item.id, e.target.value)}
          containerClassName={className}
          className="min-h-20 [field-sizing:content]"
        />
      )
  }
}

export const ItemField = memo(ItemFieldImpl)
