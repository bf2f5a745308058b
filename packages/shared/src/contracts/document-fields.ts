/**
 * The field builders the document request schemas share, so a required text, an optional date or
 * a repeated id says the same words on every document.
 */
import { z } from 'zod'
import { INVALID_DATE_FORMAT, isRequired, tooLong } from '../constants/document-messages'
import { isIsoCalendarDate } from '../domain/dates'
import { multilineText, text } from './text'

/** A required one-line text of at most `max` characters, trimmed. */
export const requiredText = (label: string, max: number) =>
  text({ error: isRequired(label) })
    .trim()
    .min(1, isRequired(label))
    .max(max, tooLong(label, max))

/** An optional text of at most `max` characters, trimmed; empty when left out. */
export const optionalText = (label: string, max: number) =>
  multilineText().trim().max(max, tooLong(label, max)).default('')

/** A required calendar date (YYYY-MM-DD); an empty one says only "is required" (`abort`). */
export const requiredDate = (label: string) =>
  text({ error: isRequired(label) })
    .trim()
    .min(1, { error: isRequired(label), abort: true })
    .refine(isIsoCalendarDate, INVALID_DATE_FORMAT)

/** An optional calendar date (YYYY-MM-DD); empty when left out. */
export const optionalDate = () =>
  text({ error: INVALID_DATE_FORMAT })
    .trim()
    .refine((s) => s === '' || isIsoCalendarDate(s), INVALID_DATE_FORMAT)
    .default('')

/** The email check of an optional email field. */
export const emailCheck = z.email()

/** Flags repeated ids in a list of objects, at the repeated entry's `key` (under `prefix`). */
export function flagDuplicates(
  entries: readonly Record<string, unknown>[],
  key: string,
  message: string,
  ctx: z.RefinementCtx,
  prefix: readonly string[] = [],
) {
  const seen = new Set<unknown>()
  entries.forEach((entry, index) => {
    if (seen.has(entry[key]))
      ctx.addIssue({ code: 'custom', message, path: [...prefix, index, key] })
    seen.add(entry[key])
  })
}
