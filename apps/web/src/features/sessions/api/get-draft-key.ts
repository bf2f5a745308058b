/** GET /api/auth/draft-key: the per-user key drafts are encrypted with, held in memory only. */
import { sessionCalls } from '@myodocs/shared/api/sessions'
import { api } from '../../../lib/api-client'

export const getDraftKey = () => api.call(sessionCalls.draftKey)
