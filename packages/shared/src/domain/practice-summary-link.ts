/**
 * The practice summary's link in a page's fragment, apart from the summary's reading
 * (practice-summary.ts) so that a page can look for a link without loading the decompression.
 */

/** What starts the fragment of a practice summary's link. */
export const SUMMARY_LINK_KEY = '#practice-summary='

/** The summary code in a page's fragment (`location.hash`), or null when it carries none. */
export function practiceSummaryInHash(hash: string): string | null {
  return hash.startsWith(SUMMARY_LINK_KEY) ? hash.slice(SUMMARY_LINK_KEY.length) : null
}
