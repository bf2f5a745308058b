// The legal feature as other features use it: the compliance status, the gate in front of the
// templates, and the legal settings tab.
export { LEGAL_QUERY_KEY, useCompliance } from './api/get-legal-status'
export type { Compliance } from './api/get-legal-status'
export { LegalGate } from './components/legal-gate'
export { LegalSettings } from './components/legal-settings'
