/** POST /api/auth/unlock: the emailed unlock link's token; answers a message. */
import { useMutation } from '@tanstack/react-query'
import { sessionCalls } from '@myodocs/shared/api/sessions'
import { api } from '../../../lib/api-client'

export const unlockBrowser = (token: string) =>
  api.call(sessionCalls.unlock, { body: { token } }).then((b) => b.message)

export const useUnlockBrowser = () => useMutation({ mutationFn: unlockBrowser })
