/** `GET /api/email/log`: the signed-in user's own sends, newest first (the first page: 20). */
import { queryOptions } from '@tanstack/react-query'
import { emailCalls } from '@myodocs/shared/api/email'
import { api } from '../../../lib/api-client'

export const RECENT_SENDS = 20

export const emailLogQuery = queryOptions({
  queryKey: ['email', 'log'],
  queryFn: async () => (await api.call(emailCalls.log, { query: { limit: RECENT_SENDS } })).entries,
})
