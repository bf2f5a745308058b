/** GET /api/auth/draft-key: the per-user key drafts are encrypted with, held in memory only. */
import type { DraftKey } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'

export const getDraftKey = () => api.get<DraftKey>('/api/auth/draft-key')
