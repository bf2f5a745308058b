/** `GET /api/email/log`: the signed-in user's own sends, newest first (the first page: 20). */
import { queryOptions } from '@tanstack/react-query'
import type { EmailLogEntry } from '@myodocs/shared/contracts/email'
import { api } from '../../../lib/api-client'

export const RECENT_SENDS = 20

export const emailLogQuery = queryOptions({
  queryKey: ['email', 'log'],
  queryFn: async (): Promise<EmailLogEntry[]> =>
    (
      await api.get<{ entries: EmailLogEntry[]; nextCursor: string | null }>(
        `/api/email/log?limit=${RECENT_SENDS}`,
      )
    ).entries,
})
