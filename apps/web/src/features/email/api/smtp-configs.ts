/**
 * The SMTP account calls: `GET /api/email/smtp-configs` (never a password), create, update,
 * delete, make default and the connection test. Every change refetches the list, which is what
 * the settings tab and the Send dialog's account picker show.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  SmtpConfigCreateRequest,
  SmtpConfigTestResponse,
  SmtpConfigUpdateRequest,
  SmtpConfiguration,
} from '@myodocs/shared/contracts/email'
import { api } from '../../../lib/api-client'

export const smtpConfigsQuery = queryOptions({
  queryKey: ['email', 'smtp-configs'],
  queryFn: async (): Promise<SmtpConfiguration[]> =>
    (await api.get<{ configurations: SmtpConfiguration[] }>('/api/email/smtp-configs'))
      .configurations,
})

const configPath = (id: string) => `/api/email/smtp-config/${encodeURIComponent(id)}`

// A connection test opens SMTP and IMAP sessions in turn; each may take the server's full timeout.
const TEST_TIMEOUT_MS = 90_000

function useRefetchingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: smtpConfigsQuery.queryKey }),
  })
}

export const useCreateSmtpConfig = () =>
  useRefetchingMutation((body: SmtpConfigCreateRequest) =>
    api.post<unknown>('/api/email/smtp-config', body),
  )

export const useUpdateSmtpConfig = () =>
  useRefetchingMutation(({ id, body }: { id: string; body: SmtpConfigUpdateRequest }) =>
    api.put<unknown>(configPath(id), body),
  )

export const useDeleteSmtpConfig = () =>
  useRefetchingMutation((id: string) => api.delete<unknown>(configPath(id)))

export const useMakeDefaultSmtpConfig = () =>
  useRefetchingMutation((id: string) => api.put<unknown>(`${configPath(id)}/default`))

/** Tests the saved account: answers what worked and what did not, per step. */
export const useTestSmtpConfig = () =>
  useMutation({
    mutationFn: (id: string) =>
      api.post<SmtpConfigTestResponse>(`${configPath(id)}/test`, undefined, {
        timeoutMs: TEST_TIMEOUT_MS,
      }),
  })
