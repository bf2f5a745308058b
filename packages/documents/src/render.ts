/**
 * The documents' public entry: `renderDocument` (any kind of the document registry) and `warmUp`.
 * Pure: a validated request and its context in, PDF bytes out. Nothing is written to disk or
 * logged; patient data lives only in the element tree and the returned buffer.
 */
import { createElement } from 'react'
import { Font, pdf } from '@react-pdf/renderer'
import layoutDocument from '@react-pdf/layout'
import writePdf from '@react-pdf/render'
import PDFDocument from 'pdfkit'
import type { DocumentKind, DocumentRequest } from '@myodocs/shared/contracts/document-registry'
import type { DocumentContext } from './context'
import { loadFonts } from './fonts'
import { therapistSignature } from './format'
import { withPageCount } from './page-numbers'
import { allowLetterheadShaping, withRenderMemo } from './shaping-cache'
import { DOCUMENT_TEMPLATES, ONE_PAGE_TEMPLATES } from './templates'
import type { PdfElement } from './templates'

export type { DocumentContext } from './context'
export type { PdfElement } from './templates'

/** react-pdf's document tree for `element`, laid out into pages. */
async function layOut(element: PdfElement) {
  const root = (pdf(element) as { container: { document: DocumentNode } }).container.document
  // Typed with one argument; react-pdf passes its font store as the second, as here.
  const layOutDocument = layoutDocument as unknown as (
    document: DocumentNode,
    fonts: typeof Font,
  ) => Promise<{ children?: unknown[] }>
  return { root, layout: await layOutDocument(root, Font) }
}

/**
 * react-pdf's `renderToBuffer`, in its three steps, so the page count is known between layout and
 * writing: the footers print "Page n of m" from it (./page-numbers) without a second pagination,
 * and a document with a `onePage` variant is drawn with it when it runs past one page and the
 * variant fits on one.
 */
async function toBuffer(element: PdfElement, onePage?: () => PdfElement): Promise<Buffer> {
  let { root, layout } = await layOut(element)
  if (onePage && (layout.children?.length ?? 0) > 1) {
    const dense = await layOut(onePage())
    if (dense.layout.children?.length === 1) ({ root, layout } = dense)
  }
  const { title, author, creator, producer, language } = root.props
  const ctx = new PDFDocument({
    compress: true,
    lang: language,
    displayTitle: true,
    autoFirstPage: false,
    // pdfkit writes every key it is given: leave out the ones the document does not set.
    info: Object.fromEntries(
      Object.entries({
        Title: title,
        Author: author,
        Creator: creator,
        Producer: producer,
        CreationDate: new Date(),
      }).filter(([, value]) => value !== undefined),
    ),
  })
  const chunks: Buffer[] = []
  ctx.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    ctx.on('end', resolve)
    ctx.on('error', reject)
  })
  withPageCount(layout.children?.length ?? 0, () => writePdf(ctx as never, layout as never))
  await ended
  return Buffer.concat(chunks)
}

interface DocumentNode {
  props: { title?: string; author?: string; creator?: string; producer?: string; language?: string }
}

/**
 * Renders a react-pdf document element to PDF bytes in memory; `onePage`, when given, is drawn
 * instead if `element` takes more than one page and it takes one.
 */
export async function renderPdf(element: PdfElement, onePage?: () => PdfElement): Promise<Buffer> {
  await loadFonts()
  return withRenderMemo(() => toBuffer(element, onePage))
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
  const onePage = ONE_PAGE_TEMPLATES[kind]
  const { business } = context
  allowLetterheadShaping([
    business.name,
    business.address,
    business.phone,
    business.email ?? '',
    business.fax ?? '',
    therapistSignature(context.therapist),
    context.therapist.licenseNumber
      ? `License/credential no. ${context.therapist.licenseNumber}`
      : '',
  ])
  return renderPdf(
    DOCUMENT_TEMPLATES[kind](request, context),
    onePage && (() => onePage(request, context)),
  )
}

/**
 * Loads the fonts and renders a tiny document, so the first real render of a process (or a
 * worker thread) does not pay for parsing fonts and compiling react-pdf's layout code; with
 * `everyKind`, then every kind of the registry from a made-up session (./warm-up), so the first
 * real document is as fast as the later ones.
 */
export async function warmUp({ everyKind = false } = {}): Promise<void> {
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
  if (!everyKind) return
  const { WARM_UP_CONTEXT, warmUpRequests } = await import('./warm-up')
  for (const { kind, request } of warmUpRequests()) {
    await renderDocument(kind, request, { ...WARM_UP_CONTEXT, now: new Date() })
  }
}
