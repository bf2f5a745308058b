/** POST /api/contact: the message goes to SUPPORT_EMAIL, Reply-To the sender. */
import { useMutation } from '@tanstack/react-query'
import type { ContactRequest } from '@myodocs/shared/contracts/contact'
import { apiRequest } from '../../../lib/api-client'

export const sendContactMessage = (body: ContactRequest) =>
  apiRequest<{ sent: true }>('/api/contact', { method: 'POST', body })

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage })
