/** POST /api/companion/verify: a practice summary's program id, digest and MAC in; whose and whether unchanged. */
import { companionCalls } from '@myodocs/shared/api/companion'
import type { VerifyPracticeSummaryRequest } from '@myodocs/shared/contracts/companion'
import { api } from '../../../lib/api-client'

/** Checks a practice summary with the server; only its program id, digest and MAC leave the browser. */
export const verifyPracticeSummary = (body: VerifyPracticeSummaryRequest) =>
  api.call(companionCalls.verify, { body })
