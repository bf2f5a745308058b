/** The plan: its limit, the PDF guard, and what the account section reads of it. */
export { pdfUsageState, reservePdf } from './guard'
export { findSubscription, subscriptionStatus } from './service'
