/** Referrals: finding the referring business, a new business's code, the caller's own code. */
export { createReferralCode, findReferrer, myReferral } from './service'
export type { Referrer } from './service'
