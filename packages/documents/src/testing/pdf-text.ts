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
  /** Each page's non-empty lines in reading order, trimmed (for "what ends a page"). */
  pageLines: string[][]
  /** Every line as drawn (`pdftotext -raw`), trimmed: a hyphen inserted at a break stays. */
  rawLines: string[]
  /** Every word with its box in points, and the page width: for "stays inside the page". */
  words: { page: number; xMax: number; pageWidth: number; text: string }[]
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
    const rawText = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'])
      .toString('utf8')
      .split('\f')
      .slice(0, pageCount)
    const rawPages = rawText.map(collapse)
    // The default output joins a word hyphenated at a line end; the raw lines keep the hyphen.
    const rawLines = rawText.flatMap((page) =>
      page
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    const pageLines = raw
      .split('\f')
      .slice(0, pageCount)
      .map((page) =>
        page
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      )
    const bbox = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).toString('utf8')
    const words: { page: number; xMax: number; pageWidth: number; text: string }[] = []
    bbox
      .split('<page ')
      .slice(1)
      .forEach((page, index) => {
        const pageWidth = Number(/width="([\d.]+)"/.exec(page)?.[1] ?? 0)
        for (const match of page.matchAll(/<word [^>]*xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g))
          words.push({ page: index + 1, xMax: Number(match[1]), pageWidth, text: match[2]! })
      })
    return { text: collapse(raw), pages, rawPages, pageLines, rawLines, words, pageCount }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The size in pixels of every image drawn in `pdf` (poppler's `pdfimages -list`). */
export function readPdfImages(pdf: Buffer): { width: number; height: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'myodocs-pdf-test-'))
  try {
    const file = join(dir, 'document.pdf')
    writeFileSync(file, pdf, { mode: 0o600 })
    const list = execFileSync('pdfimages', ['-list', file]).toString('utf8')
    // Two header lines, then one row per image: page num type width height …; smasks are not images.
    return list
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length > 4 && cols[2] === 'image')
      .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Each page's lines without its footer (confidentiality notice and page number). */
export function bodyLines(pdf: ReturnType<typeof readPdf>): string[][] {
  return pdf.pageLines.map((lines) =>
    lines.filter(
      (line) =>
        !line.startsWith('Confidential: contains protected health information') &&
        !/^Page \d+ of \d+$/.test(line),
    ),
  )
}

/** The last line of each page above the footer. */
export function lastBodyLines(pdf: ReturnType<typeof readPdf>): string[] {
  return bodyLines(pdf).map((body) => body[body.length - 1] ?? '')
}

/** Words that reach into the right margin (less than 40 pt from the page's edge). */
export function wordsOutsidePage(pdf: ReturnType<typeof readPdf>): string[] {
  return pdf.words.filter((w) => w.xMax > w.pageWidth - 40).map((w) => w.text)
}
