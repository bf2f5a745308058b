/**
 * POST /api/auth/register and /register/confirm (docs/product/accounts.md#registration).
 * Registering is CSRF-exempt, confirming is not; both share the per-IP `auth-entry` budget with
 * sign-in and the reset calls.
 */
import {
  MessageResponseSchema,
  RegisterConfirmRequestSchema,
  RegisterRequestSchema,
  UserEnvelopeSchema,
} from '../contracts/auth'
import { apiCall } from './define'

const failures = [400, 401, 403, 409, 429] as const
const tags = ['auth']

/** The registration calls (modules/registration). */
export const registrationCalls = {
  register: apiCall({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    csrfExempt: true,
    rateLimit: 'authEntry',
    tags,
    summary:
      'Check a registration and email its address: a link that creates the account, or, for a registered address, how to sign in.',
    description:
      'The answer is the same for a new and a registered address (200 with ' +
      'REGISTRATION_CHECK_EMAIL; no cookie, no account yet), so it tells no one which ' +
      'addresses have accounts. A new address is emailed a link valid 24 hours that creates ' +
      'the account (POST /api/auth/register/confirm); a registered one is emailed that it has ' +
      'an account, with the sign-in and reset links. Refused: an invite code that cannot be ' +
      'used (400 INVALID_INVITE_CODE, nothing taken yet), a weak password (400), the ' +
      'confirmations not all true (400). ageConfirmed, acceptTerms and acceptBAA must be true.',
    body: RegisterRequestSchema,
    // The answer carries `message` beside `data` (docs/product/errors.md#envelope).
    answer: MessageResponseSchema,
    bare: true,
    failures,
  }),
  confirm: apiCall({
    method: 'POST',
    path: '/api/auth/register/confirm',
    access: 'public',
    rateLimit: 'authEntry',
    tags,
    summary:
      'Create the business, its primary user and the trial from the emailed sign-up link; signs the user in.',
    description:
      'Takes one use of the invite code atomically (400 INVALID_INVITE_CODE when none is left); ' +
      'an invalid, altered or expired link is 400; an address that has an account by now ' +
      '(the link opened twice) is 409. The Terms of Service in force are recorded as accepted ' +
      '(the BAA is signed in the app). Sets the session cookies and the device cookie, as ' +
      'sign-in does.',
    body: RegisterConfirmRequestSchema,
    answer: UserEnvelopeSchema,
    failures,
  }),
}
