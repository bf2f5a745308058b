/**
 * Legal: the documents in force, the gate of document and email calls, the export's records, and
 * the acceptance registration records for the Terms the new user accepted on the form.
 */
export {
  acceptancesForExport,
  acceptLegalDocument,
  assertLegalAccepted,
  assertVersionsAccepted,
} from './service'
export { legalDocumentSet } from './documents'
export type { LegalDocumentSet } from './documents'
