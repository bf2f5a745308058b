/**
 * The documents' public entry: `renderDocument` (any kind of the document registry) and `warmUp`.
 * Pure: a validated request and its context in, PDF bytes out. Nothing is written to disk or
 * logged; patient data lives only in the element tree and the returned buffer.
 */
import { createElement } from 'react'
import { renderToBuffer } from '@react-pdf/renderer'
import type { DocumentKind, DocumentRequest } from '@myodocs/shared/contracts/document-registry'
import type { DocumentContext } from './context'
import { loadFonts } from './fonts'
import { withRenderMemo } from './shaping-cache'
import { DOCUMENT_TEMPLATES } from './templates'
import type { PdfElement } from './templates'

export type { DocumentContext } from './context'
export type { PdfElement } from './templates'

/** Renders a react-pdf document element to PDF bytes in memory. */
export async function renderPdf(element: PdfElement): Promise<Buffer> {
  await loadFonts()
  return withRenderMemo(() => renderToBuffer(element))
}

/**
 * One document of the registry, by kind. `request` must have passed the kind's schema (the
 * templates trust every id and value in it).
 */
export async function renderDocument<K extends DocumentKind>(
  kind: K,
  request: DocumentRequest<K>,
  context: DocumentContext,
): Promise<Buffer> {
  return renderPdf(DOCUMENT_TEMPLATES[kind](request, context))
}

/**
 * Loads the fonts and renders a tiny document, so the first real render of a process (or a
 * worker thread) does not pay for parsing fonts and compiling react-pdf's layout code.
 */
export async function warmUp(): Promise<void> {
  const { Document, Page, Text } = await import('@react-pdf/renderer')
  const { FONT_FAMILY } = await import('./fonts')
  await renderPdf(
    createElement(
      Document,
      null,
      createElement(
        Page,
        { size: 'LETTER', experimentalPagination: true },
        createElement(Text, { style: { fontFamily: FONT_FAMILY } }, 'Warm-up'),
        createElement(Text, { style: { fontFamily: FONT_FAMILY, fontWeight: 700 } }, 'Warm-up'),
      ),
    ) as PdfElement,
  )
}
