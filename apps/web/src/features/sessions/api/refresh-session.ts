/** POST /api/auth/refresh: the proactive 9-hour refresh (the API client refreshes on demand). */
import { api } from '../../../lib/api-client'

export const refreshSession = () => api.post<{ refreshed: true }>('/api/auth/refresh')
