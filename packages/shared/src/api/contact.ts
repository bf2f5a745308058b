/** POST /api/contact: the contact form; anyone, limited per address. */
import { z } from 'zod'
import { ContactRequestSchema } from '../contracts/contact'
import { apiCall } from './define'

/** POST /api/contact (modules/contact). */
export const contactCalls = {
  send: apiCall({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    csrfExempt: true,
    rateLimit: 'contact',
    tags: ['public'],
    summary: 'Send a message to support.',
    body: ContactRequestSchema,
    answer: z.object({ sent: z.literal(true) }),
    failures: [400, 429, 502],
  }),
}
