/**
 * Unit: the react-pdf internals the renderer relies on, listed in
 * docs/decisions/005-pdf-rendering.md#the-react-pdf-internals-we-rely-on. An upgrade of react-pdf,
 * pdfkit or fontkit fails here first, naming the assumption that no longer holds, instead of as a
 * slower render, a missing page total or a misplaced line break in some document.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { Document, Font, Page, pdf, Text, View } from '@react-pdf/renderer'
import layoutDocument from '@react-pdf/layout'
import { FONT_FAMILY, loadFonts } from './fonts'
import { renderPdf } from './render'
import type { PdfElement } from './templates'

const ADR = 'docs/decisions/005-pdf-rendering.md#the-react-pdf-internals-we-rely-on'

/** The versions these internals were last checked against; an upgrade re-checks and updates them. */
const CHECKED = {
  '@react-pdf/renderer': '4.9.0',
  '@react-pdf/layout': '5.2.0',
  '@react-pdf/render': '4.7.0',
  '@react-pdf/textkit': '7.0.1',
  '@react-pdf/font': '4.1.2',
  pdfkit: '0.20.1',
  fontkit: '2.0.4',
} as const

/** The package.json of `name` as `require` finds it (some packages do not export that path). */
function packageJsonOf(require: NodeJS.Require, name: string): string {
  let dir = path.dirname(require.resolve(name))
  for (;;) {
    const file = path.join(dir, 'package.json')
    if (
      existsSync(file) &&
      (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === name
    )
      return file
    if (path.dirname(dir) === dir) throw new Error(`no package.json found for ${name}`)
    dir = path.dirname(dir)
  }
}

const here = createRequire(import.meta.url)
/** Resolves a package the way @react-pdf/renderer itself does (its own nested copy first). */
const fromRenderer = createRequire(packageJsonOf(here, '@react-pdf/renderer'))
const fromFont = createRequire(packageJsonOf(fromRenderer, '@react-pdf/font'))
const fromLayout = createRequire(packageJsonOf(fromRenderer, '@react-pdf/layout'))

const installed = (name: keyof typeof CHECKED): string => {
  const require =
    name === 'fontkit' ? fromFont : name === '@react-pdf/textkit' ? fromLayout : fromRenderer
  return (JSON.parse(readFileSync(packageJsonOf(require, name), 'utf8')) as { version: string })
    .version
}

const twoPages = () =>
  createElement(
    Document,
    { title: 'Internals' },
    createElement(
      Page,
      { size: 'LETTER', experimentalPagination: true },
      createElement(Text, { style: { fontFamily: FONT_FAMILY } }, 'First page'),
      createElement(View, { break: true }),
      createElement(Text, { style: { fontFamily: FONT_FAMILY } }, 'Second page'),
    ),
  ) as PdfElement

describe('the react-pdf internals of docs/decisions/005-pdf-rendering.md', () => {
  it('are installed in the versions they were checked against', () => {
    for (const name of Object.keys(CHECKED) as Array<keyof typeof CHECKED>) {
      expect(
        installed(name),
        `${name} is ${installed(name)}, the renderer's reach into react-pdf was checked against ${CHECKED[name]}: re-check each item of ${ADR} (this file tests them), then update CHECKED`,
      ).toBe(CHECKED[name])
    }
  })

  it('renderPdf drives the same layout, writer and pdfkit that @react-pdf/renderer uses', () => {
    for (const name of ['@react-pdf/layout', '@react-pdf/render', 'pdfkit']) {
      expect(
        here.resolve(name),
        `packages/documents resolves another ${name} than @react-pdf/renderer does: align its version in packages/documents/package.json (${ADR})`,
      ).toBe(fromRenderer.resolve(name))
    }
  })

  it("pdf(element).container.document is the document node that layout takes with react-pdf's font store, and a layout's children are its pages", async () => {
    await loadFonts()
    const container = (pdf(twoPages()) as unknown as { container?: { document?: unknown } })
      .container
    const root = container?.document as { type?: string; props?: { title?: string } } | undefined
    expect(root?.type, `pdf() no longer exposes container.document (${ADR})`).toBe('DOCUMENT')
    expect(root?.props?.title).toBe('Internals')
    const layOut = layoutDocument as unknown as (
      doc: unknown,
      fonts: typeof Font,
    ) => Promise<{ children?: unknown[] }>
    const layout = await layOut(root, Font)
    expect(
      layout.children?.length,
      `the layout's children are no longer its pages: the page total and the one-page variants count them (${ADR})`,
    ).toBe(2)
  })

  it('keeps experimentalPagination as the switch to the new pagination engine', () => {
    const source = readFileSync(fromRenderer.resolve('@react-pdf/layout'), 'utf8')
    expect(
      source.includes('experimentalPagination'),
      `@react-pdf/layout no longer reads experimentalPagination: the pages fall back to the classic engine (${ADR})`,
    ).toBe(true)
  })

  it('gives the parsed fontkit faces the methods and tables that the fonts module wraps', async () => {
    await loadFonts()
    const source = Font.getFont({ fontFamily: FONT_FAMILY, fontWeight: 400, fontStyle: 'normal' })
    const face = source.data as unknown as {
      layout?: unknown
      getGlyph?: (id: number, codePoints?: number[]) => { codePoints?: unknown }
      postscriptName?: string
      _tables?: { name?: { records?: unknown } }
    }
    expect(typeof face.layout, `fontkit's layout is gone: the shaping memo wraps it (${ADR})`).toBe(
      'function',
    )
    expect(
      Array.isArray(face.getGlyph?.(1, [46]).codePoints),
      `fontkit's glyphs lost codePoints: keepGlyphCodePoints sets them (${ADR})`,
    ).toBe(true)
    expect(face.postscriptName).toMatch(/^Inter/)
    expect(
      typeof face._tables?.name?.records,
      `fontkit's _tables.name.records is gone: cheapFontIdentity gives it a toJSON (${ADR})`,
    ).toBe('object')
  })

  it("still compares embedded fonts in pdfkit by the JSON of the name table's records", () => {
    const source = readFileSync(fromRenderer.resolve('pdfkit'), 'utf8')
    expect(
      source.includes('JSON.stringify(font1.font._tables?.name?.records)'),
      `pdfkit's isEqualFont changed: cheapFontIdentity's toJSON may no longer apply, or no longer be needed (${ADR})`,
    ).toBe(true)
  })

  it("shapes react-pdf's text with font.layout(text, features, undefined, undefined, 'ltr'), the call the memo answers", async () => {
    await loadFonts()
    const face = Font.getFont({ fontFamily: FONT_FAMILY, fontWeight: 400, fontStyle: 'normal' })
      .data as unknown as { layout: (...args: unknown[]) => unknown }
    const memoised = face.layout
    const calls: unknown[][] = []
    face.layout = (...args: unknown[]) => {
      calls.push(args)
      return memoised(...args)
    }
    try {
      await renderPdf(twoPages())
    } finally {
      face.layout = memoised
    }
    expect(
      calls.some(
        (args) =>
          args.length === 5 && args[2] === undefined && args[3] === undefined && args[4] === 'ltr',
      ),
      `textkit shapes with another call than (text, features, undefined, undefined, 'ltr'): the shaping memo (src/shaping-cache.ts) never hits (${ADR})`,
    ).toBe(true)
  })
})
