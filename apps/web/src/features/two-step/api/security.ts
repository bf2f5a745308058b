/**
 * Settings → Security: the user's two-step status (GET /api/auth/mfa), the authenticator app,
 * recovery codes and passkeys.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { startRegistration } from '@simplewebauthn/browser'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import type {
  Passkey,
  RecoveryCodesResponse,
  TotpSetupResponse,
  TwoStepStatus,
} from '@myodocs/shared/contracts/two-step'
import { api } from '../../../lib/api-client'

export const twoStepStatusQuery = queryOptions({
  queryKey: ['two-step'],
  queryFn: () => api.get<TwoStepStatus>('/api/auth/mfa'),
})

export const useTwoStepStatus = () => useQuery(twoStepStatusQuery)

/** A mutation that refreshes the status when it settles. */
function useSecurityMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: twoStepStatusQuery.queryKey }),
  })
}

export const useSetupTotp = () =>
  useMutation({ mutationFn: () => api.post<TotpSetupResponse>('/api/auth/mfa/totp/setup') })

export const useConfirmTotp = () =>
  useSecurityMutation((code: string) =>
    api.post<RecoveryCodesResponse>('/api/auth/mfa/totp/confirm', { code }),
  )

export const useRemoveTotp = () =>
  useSecurityMutation(() => api.delete<{ removed: true }>('/api/auth/mfa/totp'))

export const useRegenerateRecoveryCodes = () =>
  useSecurityMutation(() => api.post<RecoveryCodesResponse>('/api/auth/mfa/recovery-codes'))

/** Creates a passkey on this device and registers it under `name`. */
export async function registerPasskey(name: string) {
  const { options } = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    '/api/auth/passkeys/registration/options',
  )
  const response = await startRegistration({ optionsJSON: options })
  return api.post<{ passkey: Passkey; recoveryCodes?: string[] }>(
    '/api/auth/passkeys/registration/verify',
    { name, response },
  )
}

export const useRegisterPasskey = () => useSecurityMutation(registerPasskey)

export const useRemovePasskey = () =>
  useSecurityMutation((id: string) =>
    api.delete<{ removed: true }>(`/api/auth/passkeys/${encodeURIComponent(id)}`),
  )
