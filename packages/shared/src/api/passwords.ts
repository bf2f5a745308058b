/**
 * The password calls under /api/auth (docs/product/accounts.md#password-rules): the policy, the
 * strength check, a generated password, the reset by email and the signed-in change.
 * forgot-password and reset-password are CSRF-exempt; the reset calls share the per-IP
 * `auth-entry` budget with sign-in and registration.
 */
import { z } from 'zod'
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  GeneratedPasswordSchema,
  GeneratePasswordRequestSchema,
  MessageResponseSchema,
  PasswordPolicyEnvelopeSchema,
  PasswordValidationEnvelopeSchema,
  ResetPasswordRequestSchema,
  ResetTokenCheckRequestSchema,
  ResetTokenValidSchema,
  ValidatePasswordRequestSchema,
} from '../contracts/auth'
import { ResetPasswordAnswerSchema } from '../contracts/two-step'
import { apiCall } from './define'

const failures = [400, 401, 403, 409, 429] as const
const tags = ['auth']

/** The password calls (modules/passwords). */
export const passwordCalls = {
  policy: apiCall({
    method: 'GET',
    path: '/api/auth/password-policy',
    access: 'public',
    tags,
    summary: 'The password policy.',
    answer: PasswordPolicyEnvelopeSchema,
    failures: [],
  }),
  validate: apiCall({
    method: 'POST',
    path: '/api/auth/validate-password',
    access: 'public',
    readsSession: true,
    rateLimit: 'validatePassword',
    tags,
    summary: 'Score a password and check it against the policy.',
    description:
      'For a signed-in user, the last 5 passwords count too. The breach check reports ' +
      '`unknown` (and does not block) when BREACH_CHECK_URL is unset or unreachable.',
    body: ValidatePasswordRequestSchema,
    answer: PasswordValidationEnvelopeSchema,
    failures,
  }),
  generate: apiCall({
    method: 'POST',
    path: '/api/auth/generate-secure-password',
    access: 'public',
    rateLimit: 'validatePassword',
    tags,
    summary: 'A crypto-random password that passes the policy (length clamped 12–128, 16).',
    body: GeneratePasswordRequestSchema,
    answer: GeneratedPasswordSchema,
    failures,
  }),
  forgot: apiCall({
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    csrfExempt: true,
    rateLimit: 'authEntry',
    tags,
    summary: 'Email a single-use reset link valid for 1 hour. Always the same answer.',
    body: ForgotPasswordRequestSchema,
    // The answer carries `message` beside `data` (docs/product/errors.md#envelope).
    answer: MessageResponseSchema,
    bare: true,
    failures,
  }),
  checkReset: apiCall({
    method: 'POST',
    path: '/api/auth/reset-password/check',
    access: 'public',
    rateLimit: 'authEntry',
    tags,
    summary: 'Whether a reset link can still be used (nothing is used up).',
    description:
      'The reset page asks when it opens, so a used or expired link says so before a ' +
      'password is typed: 400 INVALID_RESET_TOKEN, as the reset itself answers.',
    body: ResetTokenCheckRequestSchema,
    answer: ResetTokenValidSchema,
    failures,
  }),
  reset: apiCall({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    csrfExempt: true,
    rateLimit: 'authEntry',
    tags,
    summary: 'Set a new password with a reset link, then sign this browser in.',
    description:
      "Ends every other session of the user and lifts a sign-in pause strangers' failed " +
      'sign-ins put on the account. Sets the session cookies and the device cookie, as ' +
      'sign-in does, and answers the user beside the message. An account with two-step ' +
      'sign-in answers `mfaRequired` instead, as POST /auth/login does.',
    body: ResetPasswordRequestSchema,
    answer: ResetPasswordAnswerSchema,
    bare: true,
    failures,
  }),
  change: apiCall({
    method: 'POST',
    path: '/api/auth/change-password',
    access: 'signedIn',
    tags,
    summary: 'Change your password: the current one, then a new one (policy, not the last 5).',
    description:
      'A wrong current password is 400 on `currentPassword` (5 per 15 minutes, then 429). ' +
      "Ends the user's other sessions; this one stays signed in.",
    body: ChangePasswordRequestSchema,
    answer: z.object({ changed: z.literal(true) }),
    failures: [400, 401, 429],
  }),
}
