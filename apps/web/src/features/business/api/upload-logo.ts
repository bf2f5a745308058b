/**
 * POST /api/business/logo, multipart field `logo`, with upload progress 0–100.
 * fetch cannot report upload progress, so this one call uses XMLHttpRequest; it carries the CSRF
 * header and refreshes a lapsed access token once, as the API client does for every other call.
 * The logo texts (docs/product/errors.md#logo-errors): Network error during upload; Failed to upload logo; the storage-service
 * failure shown as Logo upload is temporarily unavailable.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  LOGO_NETWORK_ERROR,
  LOGO_REFRESH_FAILED,
  LOGO_STORAGE_UNAVAILABLE,
  LOGO_UPLOAD_FAILED,
} from '@myodocs/shared/contracts/business'
import { businessCalls } from '@myodocs/shared/api/business'
import type { CallAnswer } from '@myodocs/shared/api/define'
import { systemCalls } from '@myodocs/shared/api/system'
import { CSRF_HEADER } from '@myodocs/shared/constants/http'
import type { ApiFailure } from '@myodocs/shared/contracts/envelope'
import { api, ApiError } from '../../../lib/api-client'
import { refreshSession } from '../../sessions'
import { businessQuery } from './get-business'

/** The server's storage failure, shown in the product's words (docs/product/errors.md). */
const STORAGE_NOT_CONFIGURED = 'File storage service not configured'

type Answer = { status: number; body: unknown }
type Profile = CallAnswer<typeof businessCalls.uploadLogo>

function send(file: File, csrfToken: string, onProgress: (percent: number) => void) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(businessCalls.uploadLogo.method, businessCalls.uploadLogo.path)
    xhr.withCredentials = true
    xhr.responseType = 'json'
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader(CSRF_HEADER, csrfToken)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)))
    }
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown })
    xhr.onerror = () => reject(new ApiError(LOGO_NETWORK_ERROR, 0, 'NETWORK_ERROR'))
    xhr.ontimeout = () => reject(new ApiError(LOGO_NETWORK_ERROR, 0, 'TIMEOUT'))
    xhr.timeout = 60_000
    const form = new FormData()
    form.append('logo', file, file.name)
    xhr.send(form)
  })
}

export async function uploadLogo(
  file: File,
  onProgress: (percent: number) => void,
): Promise<Profile> {
  const { csrfToken } = await api.call(systemCalls.csrfToken)
  onProgress(0)
  let answer = await send(file, csrfToken, onProgress)
  const failure = () => answer.body as Partial<ApiFailure> | null
  if (answer.status === 401 && failure()?.code === 'TOKEN_EXPIRED') {
    await refreshSession()
    onProgress(0)
    answer = await send(file, csrfToken, onProgress)
  }
  if (answer.status >= 200 && answer.status < 300) {
    onProgress(100)
    return (answer.body as { data: Profile }).data
  }
  const body = failure()
  const message =
    body?.message === STORAGE_NOT_CONFIGURED
      ? LOGO_STORAGE_UNAVAILABLE
      : body?.message || LOGO_UPLOAD_FAILED
  throw new ApiError(message, answer.status, body?.code ?? 'HTTP_ERROR', body?.fields, body)
}

export function useUploadLogo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) => {
      const profile = await uploadLogo(file, onProgress)
      if (profile?.id) return profile
      // The upload went through but its answer did not carry the profile: read it again.
      try {
        return await queryClient.fetchQuery({ ...businessQuery, staleTime: 0 })
      } catch {
        throw new ApiError(LOGO_REFRESH_FAILED, 0, 'REFRESH_FAILED')
      }
    },
    onSuccess: (profile) => queryClient.setQueryData(businessQuery.queryKey, profile),
  })
}
