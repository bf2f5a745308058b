/** POST /api/auth/refresh: the proactive 9-hour refresh (the API client refreshes on demand). */
import { sessionCalls } from '@myodocs/shared/api/sessions'
import { api } from '../../../lib/api-client'

export const refreshSession = () => api.call(sessionCalls.refresh)
