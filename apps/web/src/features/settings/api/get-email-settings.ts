/**
 * GET /api/settings/email: the user's email defaults under the key `settings`; a 404
 * falls back to the defaults.
 */
import { queryOptions } from '@tanstack/react-query'
import { DEFAULT_EMAIL_SETTINGS } from '@myodocs/shared/contracts/settings'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { api, ApiError } from '../../../lib/api-client'

export const emailSettingsQuery = queryOptions({
  queryKey: ['settings', 'email'],
  queryFn: async (): Promise<EmailSettings> => {
    try {
      return (await api.get<{ settings: EmailSettings }>('/api/settings/email')).settings
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return DEFAULT_EMAIL_SETTINGS
      throw err
    }
  },
})
