/**
 * Test helper: the text and page count of a PDF, via poppler's `pdftotext`/`pdfinfo` on a
 * private temporary file that is removed at once. Whitespace is collapsed so assertions do not
 * depend on where lines wrap.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Text of every page (whitespace collapsed) and the page count of `pdf`. `rawPages` keep the
 * content-stream order (`pdftotext -raw`), where rotated text such as a watermark stays whole.
 */
export function readPdf(pdf: Buffer): {
  text: string
  pages: string[]
  rawPages: string[]
  pageCount: number
} {
  const dir = mkdtempSync(join(tmpdir(), 'myodocs-pdf-test-'))
  try {
    const file = join(dir, 'document.pdf')
    writeFileSync(file, pdf, { mode: 0o600 })
    const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8')
    const info = execFileSync('pdfinfo', [file]).toString('utf8')
    const pageCount = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0)
    const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()
    const pages = raw.split('\f').map(collapse).slice(0, pageCount)
    const rawPages = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'])
      .toString('utf8')
      .split('\f')
      .map(collapse)
      .slice(0, pageCount)
    return { text: collapse(raw), pages, rawPages, pageCount }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
