/** GET /api/settings/notifications: the user's own notification settings. */
import { queryOptions } from '@tanstack/react-query'
import type { NotificationSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'

export const notificationSettingsQuery = queryOptions({
  queryKey: ['settings', 'notifications'],
  queryFn: () => api.get<NotificationSettings>('/api/settings/notifications'),
})
