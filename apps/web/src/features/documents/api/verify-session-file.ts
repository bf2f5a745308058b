/** POST /api/documents/verify: a session file's digest and MAC in; whose it is and whether unchanged. */
import { DOCUMENTS_API_PATH } from '@myodocs/shared/contracts/document-registry'
import type {
  VerifySessionFileRequest,
  VerifySessionFileResponse,
} from '@myodocs/shared/contracts/session-file'
import { api } from '../../../lib/api-client'

/** Checks one session file with the server; only its digest and MAC leave the browser. */
export const verifySessionFile = (body: VerifySessionFileRequest) =>
  api.post<VerifySessionFileResponse>(`${DOCUMENTS_API_PATH}/verify`, body)
