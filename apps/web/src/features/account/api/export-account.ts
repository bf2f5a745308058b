/**
 * GET /api/account/export (privacy policy "access"): everything the server keeps about the caller,
 * saved as a JSON file.
 */
import { useMutation } from '@tanstack/react-query'
import { accountCalls } from '@myodocs/shared/api/account'
import { api } from '../../../lib/api-client'
import { saveFile } from '../../../lib/save-file'

export async function exportAccount() {
  const data = await api.call(accountCalls.export)
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  saveFile(file, `myodocs-export-${data.exportedAt.slice(0, 10)}.json`)
  return data
}

export const useExportAccount = () => useMutation({ mutationFn: exportAccount })
