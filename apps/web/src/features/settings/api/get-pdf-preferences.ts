/** GET /api/settings/pdf: the practice's PDF preferences; also how Discard reloads them. */
import { queryOptions } from '@tanstack/react-query'
import type { PdfPreferences } from '@myodocs/shared/contracts/settings'
import { api } from '../../../lib/api-client'

export const pdfPreferencesQuery = queryOptions({
  queryKey: ['settings', 'pdf'],
  queryFn: () => api.get<PdfPreferences>('/api/settings/pdf'),
})
