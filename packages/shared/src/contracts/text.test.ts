/**
 * The shared text builders (docs/product/validation.md#text-fields): invisible and text-direction
 * characters are refused with a message naming the field; emoji, accents and right-to-left scripts
 * are text and pass.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { multilineText, text, TEXT_CONTROL_CHARACTERS } from './text'

const Form = z.object({
  firstName: text().trim(),
  settings: z.object({ defaultSignature: multilineText() }),
})

const messages = (value: string) => {
  const r = Form.safeParse({ firstName: value, settings: { defaultSignature: value } })
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

/** One of each class: bidi override, embedding, isolate and mark, BOM, NEL and the other C1
 * controls, the line and paragraph separators, zero-width space, joiner and non-joiner, word
 * joiner, soft hyphen, a lone tag character. */
const INVISIBLE = {
  'right-to-left override U+202E': 'Bob\u202Eevil',
  'left-to-right embedding U+202A': 'a\u202Ab',
  'first strong isolate U+2068': 'a\u2068b',
  'right-to-left mark U+200F': 'a\u200Fb',
  'Arabic letter mark U+061C': 'a\u061Cb',
  'byte order mark U+FEFF': '\uFEFFBob',
  'next line U+0085': 'a\u0085b',
  'C1 control U+009B': 'a\u009Bb',
  'line separator U+2028': 'a\u2028b',
  'paragraph separator U+2029': 'a\u2029b',
  'zero-width space U+200B': 'Bo\u200Bb',
  'zero-width joiner between letters U+200D': 'Bo\u200Db',
  'zero-width non-joiner U+200C': 'Bo\u200Cb',
  'word joiner U+2060': 'Bo\u2060b',
  'soft hyphen U+00AD': 'Bo\u00ADb',
  'tag character U+E0041 outside a flag': 'Bob\u{E0041}',
}

describe('invisible and text-direction characters', () => {
  it.each(Object.entries(INVISIBLE))('refuses a %s, naming the field', (_name, value) => {
    expect(messages(value)).toEqual({
      firstName:
        'First name contains invisible or text-direction characters (such as a right-to-left override or a zero-width space). Please remove them.',
      'settings.defaultSignature':
        'Default signature contains invisible or text-direction characters (such as a right-to-left override or a zero-width space). Please remove them.',
    })
  })

  it.each([
    'Ana María Núñez',
    'Zoë Brontë-Øster',
    'e\u0301 (a combining accent)',
    'Dr. Lee 😀',
    '👩‍⚕️ Dana',
    '👨‍👩‍👧 family',
    '👍🏽',
    '1️⃣',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
    'שלום',
    'مرحبا',
    '李小龍',
  ])('keeps %s', (value) => {
    expect(messages(value)).toEqual({})
  })

  it('reports a control character first, as before', () => {
    const r = text().safeParse('x\u0000\u202Ey')
    expect(r.error?.issues[0]?.message).toBe(TEXT_CONTROL_CHARACTERS)
  })

  it('keeps line breaks and tabs in a multi-line text', () => {
    expect(multilineText().safeParse('Dana\r\nSuite\t2').success).toBe(true)
  })
})
