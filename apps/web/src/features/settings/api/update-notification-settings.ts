/** PUT /api/settings/notifications: the shell's in-app notifications follow at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AllSettings, NotificationSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { settingsQuery } from './get-settings'
import { notificationSettingsQuery } from './get-notification-settings'

export const updateNotificationSettings = (body: NotificationSettings) =>
  api.put<NotificationSettings>('/api/settings/notifications', body)

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (notifications) => {
      queryClient.setQueryData(notificationSettingsQuery.queryKey, notifications)
      queryClient.setQueryData<AllSettings>(settingsQuery.queryKey, (all) =>
        all ? { ...all, notifications } : all,
      )
    },
  })
}
