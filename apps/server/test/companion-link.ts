/** Reading the companion link a prescription prints, for the tests that follow it to the phone. */
import { readPdf } from '@myodocs/documents/testing/pdf-text'

/**
 * The link under the prescription's companion QR code: its lines joined (the PDF breaks it every
 * 84 characters), or null when page 1 prints no companion block.
 */
export function printedCompanionLink(pdf: Buffer, publicUrl: string): string | null {
  const { rawLines } = readPdf(pdf)
  const start = rawLines.findIndex((l) => l.startsWith(`${publicUrl}/companion/#`))
  if (start < 0) return null
  let link = ''
  for (const line of rawLines.slice(start)) {
    if (!/^[A-Za-z0-9:/.#_-]+$/.test(line)) break
    link += line
  }
  return link
}
