/** GET /api/auth/me: the signed-in user (also the session check and the keep-alive). */
import { sessionCalls } from '@myodocs/shared/api/sessions'
import { api } from '../../../lib/api-client'

export const getMe = () => api.call(sessionCalls.me).then((d) => d.user)
