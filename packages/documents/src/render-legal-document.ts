/**
 * Renders a signed legal document to PDF bytes (an entry point in .ts, as the package exports
 * `./*` → `src/*.ts`; the layout is in legal-document.tsx).
 */
import { createElement } from 'react'
import { LegalDocumentPdf } from './legal-document'
import type { LegalDocumentPdfProps } from './legal-document'
import { renderPdf } from './render'
import type { PdfElement } from './render'

export type { LegalDocumentPdfProps } from './legal-document'

export function renderLegalDocumentPdf(props: LegalDocumentPdfProps): Promise<Buffer> {
  return renderPdf(createElement(LegalDocumentPdf, props) as unknown as PdfElement)
}
