/** POST /api/auth/validate-password (sent 300 ms after typing stops). */
import { passwordCalls } from '@myodocs/shared/api/passwords'
import { api } from '../../../lib/api-client'

export const validatePassword = (password: string, signal?: AbortSignal) =>
  api.call(passwordCalls.validate, { body: { password } }, { signal }).then((d) => d.validation)
