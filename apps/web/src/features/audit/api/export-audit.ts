/** GET /api/audit/export: the filtered activity log as CSV, saved through the browser. */
import { useMutation } from '@tanstack/react-query'
import { auditCalls } from '@myodocs/shared/api/audit'
import type { AuditFilters } from '@myodocs/shared/contracts/audit'
import { api } from '../../../lib/api-client'
import { saveFile } from '../../../lib/save-file'
import { filledFilters } from './get-audit'

export async function exportAudit(filters: AuditFilters) {
  const file = await api.download(auditCalls.export, { query: filledFilters(filters) })
  saveFile(file.blob, file.fileName ?? 'activity.csv')
}

export const useExportAudit = () => useMutation({ mutationFn: exportAudit })
