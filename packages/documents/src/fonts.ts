/**
 * The documents' fonts, registered once per process. Inter is bundled from npm
 * (@expo-google-fonts/inter: full TrueType files, so arrows, ≥, ≈ and accented names all have
 * glyphs; the @fontsource files are per-script subsets that lack them). Nothing downloads at run
 * time: the files are read from node_modules and parsed once by fontkit, then every render reuses
 * the parsed font and only subsets it.
 */
import { createRequire } from 'node:module'
import { Font } from '@react-pdf/renderer'
import { memoiseShaping } from './shaping-cache'

/** The family every document uses. */
export const FONT_FAMILY = 'Inter'

const require = createRequire(import.meta.url)
const interFile = (weight: string, file: string) =>
  require.resolve(`@expo-google-fonts/inter/${weight}/${file}`)

/** The faces used by the templates; a weight not listed falls back to the nearest one. */
const FACES = [
  { fontWeight: 400, fontStyle: 'normal', src: interFile('400Regular', 'Inter_400Regular.ttf') },
  {
    fontWeight: 400,
    fontStyle: 'italic',
    src: interFile('400Regular_Italic', 'Inter_400Regular_Italic.ttf'),
  },
  { fontWeight: 600, fontStyle: 'normal', src: interFile('600SemiBold', 'Inter_600SemiBold.ttf') },
  { fontWeight: 700, fontStyle: 'normal', src: interFile('700Bold', 'Inter_700Bold.ttf') },
] as const

let registered = false
let loaded: Promise<void> | null = null

/** Words longer than this may break anywhere (URLs, e-mail addresses, unbroken strings). */
export const LONG_WORD = 28

/**
 * A word's break points: none for ordinary words (react-pdf's default splits English words at
 * syllables, which reads badly in clinical text and costs layout time), but a long unbroken
 * string (a URL, a run of letters) may break every few characters so it wraps inside the page.
 */
export function breakPoints(word: string): string[] {
  if (word.length <= LONG_WORD) return [word]
  return word.match(/.{1,6}/gsu) ?? [word]
}

/** Registers Inter with react-pdf (idempotent), and the break points above. */
export function registerFonts(): void {
  if (registered) return
  registered = true
  Font.register({ family: FONT_FAMILY, fonts: FACES.map((face) => ({ ...face })) })
  Font.registerHyphenationCallback(breakPoints)
}

type Glyph = { codePoints: number[] }
type GlyphSource = { getGlyph: (id: number, codePoints?: number[]) => Glyph | null }

/**
 * fontkit keeps one glyph object per glyph id, with the code points of its first request, for the
 * life of the process. Each document's font subset asks for the parts of composite glyphs (in
 * Inter ":" is built from ".", the comma from "’") with no code points; a later document then got
 * a "." or a "’" that maps to no character, so textkit misplaced its line breaks ("tongue f /
 * unction", "what we f / ound") and the PDF lost the character's text. This gives such a glyph
 * its code points when they are first known.
 */
export function keepGlyphCodePoints(font: GlyphSource): void {
  const getGlyph = font.getGlyph.bind(font)
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints)
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0)
      glyph.codePoints = codePoints
    return glyph
  }
}

type NamedFont = { postscriptName: string; _tables?: { name?: { records?: object } } }

/**
 * pdfkit opens a new embedded font on every font switch react-pdf makes while writing (each run
 * of another weight) and compares it with the one already open by the JSON of its whole name
 * table, a few percent of a render. The table's JSON is made the font's PostScript name, which
 * tells the faces apart just as well (pdfkit compares the checksums first).
 */
function cheapFontIdentity(font: NamedFont): void {
  const name = font.postscriptName // decodes the name table
  const records = font._tables?.name?.records
  if (records && !Object.hasOwn(records, 'toJSON'))
    Object.defineProperty(records, 'toJSON', { value: () => name })
}

/**
 * Registers the fonts and parses every face now (once per process), with text shaping of the
 * catalog wording memoised (see ./shaping-cache). Renderers await it, so the first document does
 * not pay for parsing fonts in the middle of a layout.
 */
export function loadFonts(): Promise<void> {
  registerFonts()
  loaded ??= Promise.all(
    FACES.map(async ({ fontWeight, fontStyle }) => {
      const source = Font.getFont({ fontFamily: FONT_FAMILY, fontWeight, fontStyle })
      await source.load()
      if (source.data && 'layout' in source.data) {
        keepGlyphCodePoints(source.data as never)
        memoiseShaping(source.data as never)
        cheapFontIdentity(source.data as never)
      }
    }),
  ).then(() => undefined)
  return loaded
}

/** The parsed regular face, for text drawn straight into the PDF (the footer's page number). */
export function regularFont(): unknown {
  return Font.getFont({ fontFamily: FONT_FAMILY, fontWeight: 400, fontStyle: 'normal' }).data
}
