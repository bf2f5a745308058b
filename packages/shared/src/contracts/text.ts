/**
 * The one text builder for request fields (docs/product/validation.md#text-fields): every string a
 * person can send refuses control characters, so a NUL or an escape never reaches the database, a
 * log or a PDF (nor does a lone surrogate, which is not text at all). Single-line texts refuse them
 * all; multi-line texts also allow tab, line feed and carriage return.
 */
import { z } from 'zod'

/** Shown under the field (our own wording). */
export const TEXT_CONTROL_CHARACTERS = 'This text contains characters that are not allowed'

/** C0 controls and DEL, which no keyboard types into a field. */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F]/
/** As above, but tab, line feed and carriage return are part of a multi-line text. */
// eslint-disable-next-line no-control-regex
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** Half of a surrogate pair without its other half: not text, and no database stores it. */
const LONE_SURROGATE = /\p{Cs}/u

export const hasControlCharacters = (value: string, multiline = false) =>
  (multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value) || LONE_SURROGATE.test(value)

type StringParams = Parameters<typeof z.string>[0]

/**
 * A single-line request text: `text().trim().max(100, …)` wherever `z.string()` was. The check runs
 * first, on the value as sent, so later checks and transforms see only clean text.
 */
export const text = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v), TEXT_CONTROL_CHARACTERS)

/** A multi-line request text (a message, a signature, notes): tab and line breaks allowed. */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v, true), TEXT_CONTROL_CHARACTERS)
