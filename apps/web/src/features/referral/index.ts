// The referral feature as other features use it: checking a referral code.
export { useReferral } from './api/validate-referral'
