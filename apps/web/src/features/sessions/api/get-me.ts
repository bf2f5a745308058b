/** GET /api/auth/me: the signed-in user (also the session check and the keep-alive). */
import type { User } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'

export const getMe = () => api.get<{ user: User }>('/api/auth/me').then((d) => d.user)
