/** POST /api/auth/logout: `idle` for the automatic logoff (drafts are kept), else `user`. */
import { sessionCalls } from '@myodocs/shared/api/sessions'
import { api } from '../../../lib/api-client'

export const logout = (reason: 'user' | 'idle') =>
  api.call(sessionCalls.logout, { body: { reason } })
