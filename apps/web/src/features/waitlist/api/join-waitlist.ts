/** POST /api/waitlist: answers success and a message. */
import { useMutation } from '@tanstack/react-query'
import type { JoinWaitlistRequest } from '@myodocs/shared/contracts/waitlist'
import { apiRequest } from '../../../lib/api-client'

export const joinWaitlist = (body: JoinWaitlistRequest) =>
  apiRequest<{ message: string }>('/api/waitlist', { method: 'POST', body }).then((b) => b.message)

export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist })
