/** PUT /api/auth/profile: the settings' profile tab. */
import { ProfileUpdateRequestSchema, UserEnvelopeSchema } from '../contracts/auth'
import { apiCall } from './define'

/** The profile calls. */
export const profileCalls = {
  update: apiCall({
    method: 'PUT',
    path: '/api/auth/profile',
    access: 'signedIn',
    tags: ['auth'],
    summary: 'Update your first and last name, title and phone. Answers `{ user }`.',
    body: ProfileUpdateRequestSchema,
    answer: UserEnvelopeSchema,
    failures: [400, 401, 429],
  }),
}
