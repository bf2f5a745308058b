/** PUT /api/settings/email: sent and answered under the key `settings`. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AllSettings, EmailSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { settingsQuery } from './get-settings'
import { emailSettingsQuery } from './get-email-settings'

export const updateEmailSettings = (settings: EmailSettings) =>
  api.put<{ settings: EmailSettings }>('/api/settings/email', { settings }).then((d) => d.settings)

export function useUpdateEmailSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateEmailSettings,
    onSuccess: (email) => {
      queryClient.setQueryData(emailSettingsQuery.queryKey, email)
      queryClient.setQueryData<AllSettings>(settingsQuery.queryKey, (all) =>
        all ? { ...all, email } : all,
      )
    },
  })
}
