/**
 * Settings → Security: the user's two-step status (GET /api/auth/mfa), the authenticator app,
 * recovery codes and passkeys.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { startRegistration } from '@simplewebauthn/browser'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { twoStepCalls as calls } from '@myodocs/shared/api/two-step'
import { api } from '../../../lib/api-client'

export const twoStepStatusQuery = queryOptions({
  queryKey: ['two-step'],
  queryFn: () => api.call(calls.status),
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

export const useSetupTotp = () => useMutation({ mutationFn: () => api.call(calls.totpSetup) })

export const useConfirmTotp = () =>
  useSecurityMutation((code: string) => api.call(calls.totpConfirm, { body: { code } }))

export const useRemoveTotp = () => useSecurityMutation(() => api.call(calls.totpRemove))

export const useRegenerateRecoveryCodes = () =>
  useSecurityMutation(() => api.call(calls.recoveryCodes))

/** Creates a passkey on this device and registers it under `name`. */
export async function registerPasskey(name: string) {
  const { options } = await api.call(calls.passkeyRegistrationOptions)
  // The server answers the options @simplewebauthn/server made, as JSON.
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON
  const response = await startRegistration({ optionsJSON })
  return api.call(calls.passkeyRegistrationVerify, {
    body: { name, response: { ...response } },
  })
}

export const useRegisterPasskey = () => useSecurityMutation(registerPasskey)

export const useRemovePasskey = () =>
  useSecurityMutation((id: string) => api.call(calls.passkeyRemove, { params: { id } }))
