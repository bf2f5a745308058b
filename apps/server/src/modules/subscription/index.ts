/**
 * The plan: its limit, the PDF guard, what the account section reads of it, and the recorded
 * plan changes billing falls back to when payments are not set up (module `billing`).
 */
export { pdfUsageState, reservePdf } from './guard'
export {
  cancelSubscription,
  changePlan,
  findSubscription,
  getSubscription,
  quotePlanChange,
  reactivateSubscription,
  subscriptionStatus,
} from './service'
