/** GET /api/legal/baa/download/{id}: the signed BAA as a PDF, saved through the browser. */
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { saveFile } from '../../../lib/save-file'

export async function downloadSignedBaa({ id, version }: { id: string; version: string }) {
  const pdf = await api.blob(`/api/legal/baa/download/${encodeURIComponent(id)}`)
  saveFile(pdf, `business-associate-agreement-v${version}.pdf`)
}

export const useDownloadSignedBaa = () => useMutation({ mutationFn: downloadSignedBaa })
