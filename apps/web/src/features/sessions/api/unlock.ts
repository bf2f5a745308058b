/** POST /api/auth/unlock: the emailed unlock link's token; answers a message. */
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

export const unlockBrowser = (token: string) =>
  apiRequest<{ message: string }>('/api/auth/unlock', { method: 'POST', body: { token } }).then(
    (b) => b.message,
  )

export const useUnlockBrowser = () => useMutation({ mutationFn: unlockBrowser })
