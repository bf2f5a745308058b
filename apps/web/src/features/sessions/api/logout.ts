/** POST /api/auth/logout: `idle` for the automatic logoff (drafts are kept), else `user`. */
import { api } from '../../../lib/api-client'

export const logout = (reason: 'user' | 'idle') => api.post('/api/auth/logout', { reason })
