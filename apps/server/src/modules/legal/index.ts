/** Legal: the documents in force, the gate of document and email calls, and the export's records. */
export { acceptancesForExport, assertLegalAccepted } from './service'
export { legalDocumentSet } from './documents'
export type { LegalDocumentSet } from './documents'
