/**
 * Renders a react-pdf document element to PDF bytes in memory. Nothing touches the disk:
 * patient data lives only in the element and the returned buffer.
 */
import { renderToBuffer } from '@react-pdf/renderer'

export type PdfElement = Parameters<typeof renderToBuffer>[0]

export async function renderPdf(element: PdfElement): Promise<Buffer> {
  return renderToBuffer(element)
}
