/** POST /api/auth/generate-secure-password, with the shared local generator as fallback. */
import { useMutation } from '@tanstack/react-query'
import { passwordCalls } from '@myodocs/shared/api/passwords'
import {
  generateSecurePassword as generateLocally,
  loadCommonPasswords,
} from '@myodocs/shared/domain/password-policy'
import { api } from '../../../lib/api-client'

export async function generateSecurePassword(length?: number): Promise<string> {
  try {
    return (await api.call(passwordCalls.generate, { body: { length } })).password
  } catch {
    return generateLocally(length, await loadCommonPasswords())
  }
}

export const useGenerateSecurePassword = () =>
  useMutation({ mutationFn: () => generateSecurePassword() })
