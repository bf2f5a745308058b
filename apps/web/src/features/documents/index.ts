// The documents feature as the templates use it: generating a document, its preview, and the
// bar of the encrypted draft session.
export { useDocumentGenerator } from './use-document-generator'
export { DocumentPreviewDialog } from './components/document-preview-dialog'
export { DraftSessionBar } from './components/draft-session-bar'
export { documentFailure, useGenerateDocument } from './api/generate-document'
export type { GeneratedDocument } from './api/generate-document'
export { StartFromPreviousCard } from './components/start-from-previous-card'
export { useBroughtIn } from './use-brought-in'
export { useBroughtPractice } from './use-brought-practice'
