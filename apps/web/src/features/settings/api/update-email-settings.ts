/** PUT /api/settings/email: sent and answered under the key `settings`. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { settingsCalls } from '@myodocs/shared/api/settings'
import type { EmailSettings } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { storeSettingsPart } from './get-settings'

export const updateEmailSettings = (settings: EmailSettings) =>
  api.call(settingsCalls.updateEmail, { body: { settings } }).then((d) => d.settings)

export function useUpdateEmailSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateEmailSettings,
    onSuccess: (email) => storeSettingsPart(queryClient, 'email', email),
  })
}
