/**
 * The password calls as the server answers them: the policy, and the strength check run with the
 * shared rules (docs/product/accounts.md#password-rules), so a meter under test shows what the
 * server would say. Every checked password and generated one is kept for the test to read.
 */
import {
  DEFAULT_PASSWORD_POLICY,
  loadCommonPasswords,
  localPasswordValidation,
} from '@myodocs/shared/domain/password-policy'
import { API_ORIGIN, api, http, ok } from './api'

export function servePasswordChecks({ generated = 'Tq7#mZp!w2Lx9$vR' } = {}) {
  const checked: string[] = []
  api.use(
    http.get(`${API_ORIGIN}/api/auth/password-policy`, () =>
      ok({ policy: DEFAULT_PASSWORD_POLICY }),
    ),
    http.post(`${API_ORIGIN}/api/auth/validate-password`, async ({ request }) => {
      const { password } = (await request.json()) as { password: string }
      checked.push(password)
      const validation = localPasswordValidation(password, await loadCommonPasswords())
      return ok({ validation: { ...validation, breachCheck: 'passed' } })
    }),
    http.post(`${API_ORIGIN}/api/auth/generate-secure-password`, () => ok({ password: generated })),
  )
  return { checked, generated }
}

/** A password every rule accepts. */
export const STRONG_PASSWORD = 'Harbor-Lantern-42-Quill'
