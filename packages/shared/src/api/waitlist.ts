/** POST /api/waitlist: anyone joins; limited per address. */
import { JoinWaitlistRequestSchema, JoinWaitlistResponseSchema } from '../contracts/waitlist'
import { apiCall } from './define'

/** POST /api/waitlist (modules/waitlist). */
export const waitlistCalls = {
  join: apiCall({
    method: 'POST',
    path: '/api/waitlist',
    access: 'public',
    csrfExempt: true,
    rateLimit: 'waitlist',
    tags: ['public'],
    summary: 'Join the waitlist (a repeated email answers the same, without a second entry).',
    body: JoinWaitlistRequestSchema,
    // The answer carries `message` beside `data` (docs/product/errors.md#envelope).
    answer: JoinWaitlistResponseSchema,
    bare: true,
    failures: [400, 429],
  }),
}
