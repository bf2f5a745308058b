/** POST /api/companion/verify: a practice summary's program id, digest and MAC in; whose and whether unchanged. */
import type {
  VerifyPracticeSummaryRequest,
  VerifyPracticeSummaryResponse,
} from '@myodocs/shared/contracts/companion'
import { api } from '../../../lib/api-client'

/** Checks a practice summary with the server; only its program id, digest and MAC leave the browser. */
export const verifyPracticeSummary = (body: VerifyPracticeSummaryRequest) =>
  api.post<VerifyPracticeSummaryResponse>('/api/companion/verify', body)
