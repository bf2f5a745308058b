/** /api/companion: the check of a practice summary brought back from the patient's phone. */
import {
  VerifyPracticeSummaryRequestSchema,
  VerifyPracticeSummaryResponseSchema,
} from '../contracts/companion'
import { apiCall } from './define'

/** The companion calls. */
export const companionCalls = {
  verify: apiCall({
    method: 'POST',
    path: '/api/companion/verify',
    access: 'signedIn',
    tags: ['companion'],
    summary: 'Check a practice summary brought back from the patient’s phone.',
    description:
      'The browser reads the summary file (or its QR code) locally and sends only its ' +
      'program id, the SHA-256 of its payload and its MAC. Answers whether the program was ' +
      'made by the caller’s practice (`thisBusiness`) and whether the summary is as the ' +
      'phone made it (`unchanged`). Nothing is stored or logged.',
    body: VerifyPracticeSummaryRequestSchema,
    answer: VerifyPracticeSummaryResponseSchema,
    failures: [400, 401],
  }),
}
