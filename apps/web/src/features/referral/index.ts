// The referral feature as other features use it: checking a referral code and showing it.
export { useReferral } from './api/validate-referral'
export { ReferralNotice, useTrialDays } from './components/referral-notice'
