/** PUT /api/settings/pdf: saves the PDF preferences; every reader of the settings sees them. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AllSettings, PdfPreferences } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'
import { settingsQuery } from './get-settings'
import { pdfPreferencesQuery } from './get-pdf-preferences'

export const updatePdfPreferences = (body: PdfPreferences) =>
  api.put<PdfPreferences>('/api/settings/pdf', body)

export function useUpdatePdfPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePdfPreferences,
    onSuccess: (pdf) => {
      queryClient.setQueryData(pdfPreferencesQuery.queryKey, pdf)
      queryClient.setQueryData<AllSettings>(settingsQuery.queryKey, (all) =>
        all ? { ...all, pdf } : all,
      )
    },
  })
}
