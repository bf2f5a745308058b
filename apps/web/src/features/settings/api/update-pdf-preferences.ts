/** PUT /api/settings/pdf: saves the PDF preferences; every reader of the settings sees them. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { settingsCalls } from '@myodocs/shared/api/settings'
import type { PdfPreferences } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { storeSettingsPart } from './get-settings'

export const updatePdfPreferences = (body: PdfPreferences) =>
  api.call(settingsCalls.updatePdf, { body })

export function useUpdatePdfPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePdfPreferences,
    onSuccess: (pdf) => storeSettingsPart(queryClient, 'pdf', pdf),
  })
}
