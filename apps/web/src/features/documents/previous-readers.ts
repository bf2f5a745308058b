/**
 * What "Start from a previous document" reads with: the earlier documents' reader and the practice
 * summary's (its decompression and check). The card loads them when a file or a summary link is
 * brought, not with the page.
 */
export { readPreviousDocuments } from './read-previous-documents'
export { readPracticeSummary } from './read-practice-summary'
export { adherenceLine, summaryFromCode } from '@myodocs/shared/domain/practice-summary'
