/** PUT /api/settings/pdf: saves the PDF preferences; every reader of the settings sees them. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PdfPreferences } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { storeSettingsPart } from './get-settings'

export const updatePdfPreferences = (body: PdfPreferences) =>
  api.put<PdfPreferences>('/api/settings/pdf', body)

export function useUpdatePdfPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePdfPreferences,
    onSuccess: (pdf) => storeSettingsPart(queryClient, 'pdf', pdf),
  })
}
