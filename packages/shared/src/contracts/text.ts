/**
 * The one text builder for request fields (docs/product/validation.md#text-fields): every string a
 * person can send refuses control characters, so a NUL or an escape never reaches the database, a
 * log or a PDF (nor does a lone surrogate, which is not text at all). Single-line texts refuse them
 * all; multi-line texts also allow tab, line feed and carriage return. Both refuse the invisible
 * characters that change how text reads (bidi overrides, zero-width characters, the BOM, the
 * Unicode line separators), so a name cannot display reversed or spoofed in the app, a PDF or an
 * email; emoji sequences that need a zero-width joiner or tag characters stay allowed.
 */
import { z } from 'zod'
import { FIELD_LABELS } from '../constants/field-labels'

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

/**
 * Format characters (Unicode category Cf: bidi embeddings, overrides and isolates, LRM/RLM/ALM,
 * zero-width space, joiners, word joiner, BOM, soft hyphen, tag characters), the C1 controls
 * (U+0080–U+009F, NEL among them) and the line and paragraph separators U+2028/U+2029.
 */
const INVISIBLE = /[\p{Cf}\u0080-\u009F\u2028\u2029]/u
/** A zero-width joiner inside an emoji (👩‍⚕️, 👨‍👩‍👧): the emoji needs it. */
const EMOJI_ZWJ =
  /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})/gu
/** A subdivision flag (🏴 + tag letters + cancel tag, e.g. Scotland's): its tags are the flag. */
const EMOJI_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu

export const hasInvisibleCharacters = (value: string) =>
  INVISIBLE.test(value.replace(EMOJI_ZWJ, '').replace(EMOJI_TAGS, '\u{1F3F4}'))

/** "defaultFromName" → "Default from name": a field without a shared label still gets a name. */
const fieldName = (key: PropertyKey | undefined) => {
  if (typeof key !== 'string') return 'This text'
  const label = (FIELD_LABELS as Record<string, string>)[key]
  if (label) return label
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Names the field: "First name contains invisible characters…" (our own wording). */
export const invisibleCharactersMessage = (path: readonly PropertyKey[]) =>
  `${fieldName(path.findLast((p) => typeof p === 'string'))} contains invisible or text-direction characters (such as a right-to-left override or a zero-width space). Please remove them.`

const noInvisible = {
  error: (issue: { path?: PropertyKey[] }) => invisibleCharactersMessage(issue.path ?? []),
}

type StringParams = Parameters<typeof z.string>[0]

/**
 * A single-line request text: `text().trim().max(100, …)` wherever `z.string()` was. The check runs
 * first, on the value as sent, so later checks and transforms see only clean text.
 */
export const text = (params?: StringParams) =>
  z
    .string(params)
    .refine((v) => !hasControlCharacters(v), TEXT_CONTROL_CHARACTERS)
    .refine((v) => !hasInvisibleCharacters(v), noInvisible)

/** A multi-line request text (a message, a signature, notes): tab and line breaks allowed. */
export const multilineText = (params?: StringParams) =>
  z
    .string(params)
    .refine((v) => !hasControlCharacters(v, true), TEXT_CONTROL_CHARACTERS)
    .refine((v) => !hasInvisibleCharacters(v), noInvisible)
