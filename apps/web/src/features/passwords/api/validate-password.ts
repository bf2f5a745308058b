/** POST /api/auth/validate-password (sent 300 ms after typing stops). */
import type { PasswordValidationResult } from '@myodocs/shared/contracts/auth'
import { api } from '../../../lib/api-client'

export const validatePassword = (password: string, signal?: AbortSignal) =>
  api
    .post<{ validation: PasswordValidationResult }>(
      '/api/auth/validate-password',
      { password },
      { signal },
    )
    .then((d) => d.validation)
