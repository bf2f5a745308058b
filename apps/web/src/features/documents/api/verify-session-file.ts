/** POST /api/documents/verify: a session file's digest and MAC in; whose it is and whether unchanged. */
import { documentCalls } from '@myodocs/shared/api/documents'
import type { VerifySessionFileRequest } from '@myodocs/shared/contracts/session-file'
import { api } from '../../../lib/api-client'

/** Checks one session file with the server; only its digest and MAC leave the browser. */
export const verifySessionFile = (body: VerifySessionFileRequest) =>
  api.call(documentCalls.verify, { body })
