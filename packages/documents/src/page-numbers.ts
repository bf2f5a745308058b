/**
 * "Page n of m" printed while the PDF is written, once pagination has counted the pages. With
 * the total asked of react-pdf's layout (a page `layout` or a `render` prop), react-pdf paginates
 * the whole document twice, the second time only to print the total; here the layout runs once,
 * `renderPdf` sets the total, and the footer's canvas draws its label page after page.
 * See docs/decisions/005-pdf-rendering.md.
 */

let total = 0
let painted = 0

/**
 * Runs `write` (react-pdf's synchronous PDF writing) with the page count known. Writing is
 * synchronous, so concurrent renders in one process never see each other's counts.
 */
export function withPageCount<T>(pages: number, write: () => T): T {
  total = pages
  painted = 0
  try {
    return write()
  } finally {
    total = 0
    painted = 0
  }
}

/** The label of the next page drawn: "Page 2 of 7" ("Page 2" outside `withPageCount`). */
export function nextPageLabel(): string {
  painted += 1
  return total ? `Page ${painted} of ${total}` : `Page ${painted}`
}
