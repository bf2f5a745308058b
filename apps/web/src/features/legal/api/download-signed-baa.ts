/** GET /api/legal/baa/download/{id}: the signed BAA as a PDF, saved through the browser. */
import { useMutation } from '@tanstack/react-query'
import { legalCalls } from '@myodocs/shared/api/legal'
import { api } from '../../../lib/api-client'
import { saveFile } from '../../../lib/save-file'

export async function downloadSignedBaa({ id, version }: { id: string; version: string }) {
  const file = await api.download(legalCalls.downloadBaa, { params: { id } })
  saveFile(file.blob, file.fileName ?? `business-associate-agreement-v${version}.pdf`)
}

export const useDownloadSignedBaa = () => useMutation({ mutationFn: downloadSignedBaa })
