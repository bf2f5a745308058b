/** /api/referral: checking a referral code, and the signed-in business's own code. */
import {
  MyReferralSchema,
  ReferralCodeParamsSchema,
  ReferralValidationSchema,
} from '../contracts/referral'
import { apiCall } from './define'

const tags = ['referral']

/** The referral calls. */
export const referralCalls = {
  validate: apiCall({
    method: 'GET',
    path: '/api/referral/validate/:code',
    access: 'public',
    tags,
    summary: 'The business behind a referral code and the bonus it gives (404 when invalid).',
    params: ReferralCodeParamsSchema,
    answer: ReferralValidationSchema,
    failures: [404, 429],
    rateLimit: 'referral',
    // A referral code earns its holder a bonus: kept out of the log like a token.
    secretParams: ['code'],
  }),
  mine: apiCall({
    method: 'GET',
    path: '/api/referral/code',
    access: 'signedIn',
    tags,
    summary: "The signed-in user's business referral code and the link to share.",
    answer: MyReferralSchema,
    failures: [401],
  }),
}
