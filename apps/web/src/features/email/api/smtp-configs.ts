/**
 * The SMTP account calls: `GET /api/email/smtp-configs` (never a password), create, update,
 * delete, make default and the connection test. Every change refetches the list, which is what
 * the settings tab and the Send dialog's account picker show.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { emailCalls } from '@myodocs/shared/api/email'
import type {
  SmtpConfigCreateRequest,
  SmtpConfigUpdateRequest,
} from '@myodocs/shared/contracts/email'
import { api } from '../../../lib/api-client'

export const smtpConfigsQuery = queryOptions({
  queryKey: ['email', 'smtp-configs'],
  queryFn: async () => (await api.call(emailCalls.smtpConfigs)).configurations,
})

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
    api.call(emailCalls.createSmtpConfig, { body }),
  )

export const useUpdateSmtpConfig = () =>
  useRefetchingMutation(({ id, body }: { id: string; body: SmtpConfigUpdateRequest }) =>
    api.call(emailCalls.updateSmtpConfig, { params: { id }, body }),
  )

export const useDeleteSmtpConfig = () =>
  useRefetchingMutation((id: string) => api.call(emailCalls.deleteSmtpConfig, { params: { id } }))

export const useMakeDefaultSmtpConfig = () =>
  useRefetchingMutation((id: string) =>
    api.call(emailCalls.makeDefaultSmtpConfig, { params: { id } }),
  )

/** Tests the saved account: answers what worked and what did not, per step. */
export const useTestSmtpConfig = () =>
  useMutation({
    mutationFn: (id: string) =>
      api.call(emailCalls.testSmtpConfig, { params: { id } }, { timeoutMs: TEST_TIMEOUT_MS }),
  })
