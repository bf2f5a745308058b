/** POST /api/contact: the message goes to SUPPORT_EMAIL, Reply-To the sender. */
import { useMutation } from '@tanstack/react-query'
import type { ContactRequest } from '@myodocs/shared/contracts/contact'
import { contactCalls } from '@myodocs/shared/api/contact'
import { api } from '../../../lib/api-client'

export const sendContactMessage = (body: ContactRequest) => api.call(contactCalls.send, { body })

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage })
