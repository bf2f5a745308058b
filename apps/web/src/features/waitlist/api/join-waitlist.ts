/** POST /api/waitlist: answers success and a message. */
import { useMutation } from '@tanstack/react-query'
import type { JoinWaitlistRequest } from '@myodocs/shared/contracts/waitlist'
import { waitlistCalls } from '@myodocs/shared/api/waitlist'
import { api } from '../../../lib/api-client'

export const joinWaitlist = (body: JoinWaitlistRequest) =>
  api.call(waitlistCalls.join, { body }).then((b) => b.message)

export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist })
