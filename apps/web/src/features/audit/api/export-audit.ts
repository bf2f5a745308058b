/** GET /api/audit/export: the filtered activity log as CSV, saved through the browser. */
import { useMutation } from '@tanstack/react-query'
import type { AuditFilters } from '@myodocs/shared/contracts/audit'
import { api } from '../../../lib/api-client'
import { saveFile } from '../../../lib/save-file'
import { auditSearch } from './get-audit'

export async function exportAudit(filters: AuditFilters) {
  const file = await api.file(`/api/audit/export${auditSearch(filters)}`)
  saveFile(file.blob, file.fileName ?? 'activity.csv')
}

export const useExportAudit = () => useMutation({ mutationFn: exportAudit })
