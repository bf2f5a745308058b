/** PUT /api/settings/notifications: the shell's in-app notifications follow at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { settingsCalls } from '@myodocs/shared/api/settings'
import type { NotificationSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { storeSettingsPart } from './get-settings'

export const updateNotificationSettings = (body: NotificationSettings) =>
  api.call(settingsCalls.updateNotifications, { body })

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (notifications) => storeSettingsPart(queryClient, 'notifications', notifications),
  })
}
