/**
 * Two-step sign-in's calls (docs/product/accounts.md#two-step-sign-in): sign-in itself (the
 * password, then a session or a second step), the second step, the user's own methods, the
 * practice's requirement and the account holder's reset of a member. The enrolment calls stay
 * open to a session the practice's requirement holds back.
 */
import { z } from 'zod'
import { LoginRequestSchema } from '../contracts/auth'
import { TeamIdParamsSchema } from '../contracts/team'
import {
  BusinessSecurityRequestSchema,
  BusinessSecuritySchema,
  MfaVerifyRequestSchema,
  MfaVerifyResponseSchema,
  PasskeyAuthenticationVerifyRequestSchema,
  PasskeyIdParamsSchema,
  PasskeyListResponseSchema,
  PasskeyOptionsResponseSchema,
  PasskeyRegistrationVerifyRequestSchema,
  PasskeySchema,
  RecoveryCodesResponseSchema,
  SignInResultSchema,
  TotpConfirmRequestSchema,
  TotpSetupResponseSchema,
  TwoStepStatusSchema,
} from '../contracts/two-step'
import { apiCall } from './define'

const failures = [400, 401, 403, 404, 409, 429] as const
const tags = ['two-step']
const Removed = z.object({ removed: z.literal(true) })

/** The two-step sign-in calls. */
export const twoStepCalls = {
  login: apiCall({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    csrfExempt: true,
    rateLimit: 'authEntry',
    tags: ['auth'],
    summary: 'Sign in: sets the session cookies and answers the user, or asks for the second step.',
    description:
      'Every failure is 401 INVALID_CREDENTIALS with one text, whether or not the email exists. ' +
      "A browser without the account's device cookie is limited per account and address, per " +
      'account and per address (429 + Retry-After); a browser holding it (set by every ' +
      'successful sign-in, registration and accepted invitation) only by its own failures, so ' +
      'strangers cannot lock the owner out. An account with two-step sign-in answers ' +
      "`{mfaRequired: true, methods: ['passkey'|'totp'|'recovery']}` with no session cookie " +
      '(only an httpOnly sign-in cookie, 5 minutes); POST /auth/mfa/verify or a passkey ' +
      'completes it. A known browser does not skip it. `twoStepEnrolmentRequired`: the ' +
      'practice requires two-step sign-in and the user has none; until they enrol, every ' +
      'other call answers 403 TWO_STEP_REQUIRED.',
    body: LoginRequestSchema,
    answer: SignInResultSchema,
    failures,
  }),
  verify: apiCall({
    method: 'POST',
    path: '/api/auth/mfa/verify',
    access: 'public',
    rateLimit: 'authEntry',
    tags,
    summary: 'Complete a sign-in with an authenticator code or a recovery code.',
    description:
      'After POST /auth/login answered `mfaRequired` (its httpOnly sign-in cookie names the ' +
      'sign-in in progress, valid 5 minutes). `{code}`: the 6-digit code of the current ' +
      '30-second step or a neighbor; a code already used is refused. `{recoveryCode}`: one ' +
      'unused recovery code, spent; the answer says how many remain. A wrong code → 401 ' +
      'INVALID_TWO_STEP_CODE; five on one sign-in end it (sign in again); 10 in 15 minutes ' +
      'for the account → 429 + Retry-After. No sign-in in progress → 401 UNAUTHORIZED. ' +
      'Success sets the session cookies and the device cookie, as sign-in does.',
    body: MfaVerifyRequestSchema,
    answer: MfaVerifyResponseSchema,
    failures,
  }),
  passkeyAuthenticationOptions: apiCall({
    method: 'POST',
    path: '/api/auth/passkeys/authentication/options',
    access: 'public',
    rateLimit: 'authEntry',
    tags,
    summary: 'WebAuthn options to sign in with a passkey, alone or as the second step.',
    description:
      'With a second step due (the sign-in cookie after the password) the options allow the ' +
      "account's passkeys; otherwise any passkey of this site (a discoverable credential, " +
      'user verification required) and a sign-in cookie is set. Pass `options` to ' +
      '`startAuthentication` of @simplewebauthn/browser.',
    answer: PasskeyOptionsResponseSchema,
    failures,
  }),
  passkeyAuthenticationVerify: apiCall({
    method: 'POST',
    path: '/api/auth/passkeys/authentication/verify',
    access: 'public',
    rateLimit: 'authEntry',
    tags,
    summary: 'Sign in with the passkey the browser answered.',
    description:
      'Checks the assertion against the options just issued (single use) and the stored ' +
      'public key; signs in (session cookies and device cookie). An unknown passkey, a ' +
      'failed check or a passkey of another account than the password step → 401.',
    body: PasskeyAuthenticationVerifyRequestSchema,
    answer: MfaVerifyResponseSchema,
    failures,
  }),
  status: apiCall({
    method: 'GET',
    path: '/api/auth/mfa',
    access: 'signedIn',
    duringTwoStepEnrolment: true,
    tags,
    summary:
      "Your two-step sign-in: authenticator app, passkeys, recovery codes left, the practice's requirement.",
    answer: TwoStepStatusSchema,
    failures,
  }),
  totpSetup: apiCall({
    method: 'POST',
    path: '/api/auth/mfa/totp/setup',
    access: 'signedIn',
    duringTwoStepEnrolment: true,
    tags,
    summary: 'Start setting up an authenticator app: a new key and its otpauth:// address.',
    description:
      'The key is stored encrypted and is not in force until POST /auth/mfa/totp/confirm. ' +
      'Calling again replaces a key not yet confirmed; with an app already set up → 409.',
    answer: TotpSetupResponseSchema,
    failures,
  }),
  totpConfirm: apiCall({
    method: 'POST',
    path: '/api/auth/mfa/totp/confirm',
    access: 'signedIn',
    duringTwoStepEnrolment: true,
    tags,
    summary: 'Confirm the authenticator app with a first code; answers ten recovery codes, once.',
    description:
      'A wrong code → 400 on `code`. The recovery codes replace any earlier ones and are ' +
      'never shown again (only their hashes are kept).',
    body: TotpConfirmRequestSchema,
    answer: RecoveryCodesResponseSchema,
    failures,
  }),
  totpRemove: apiCall({
    method: 'DELETE',
    path: '/api/auth/mfa/totp',
    access: 'signedIn',
    tags,
    summary: 'Remove the authenticator app.',
    description: 'With no passkey left either, the recovery codes go too. None set up → 409.',
    answer: Removed,
    failures,
  }),
  recoveryCodes: apiCall({
    method: 'POST',
    path: '/api/auth/mfa/recovery-codes',
    access: 'signedIn',
    tags,
    summary: 'Ten new recovery codes, shown once; the earlier ones stop working.',
    description: 'Needs an authenticator app or a passkey (409 otherwise).',
    answer: RecoveryCodesResponseSchema,
    failures,
  }),
  passkeys: apiCall({
    method: 'GET',
    path: '/api/auth/passkeys',
    access: 'signedIn',
    duringTwoStepEnrolment: true,
    tags,
    summary: 'Your passkeys: name, when added, when last used.',
    answer: PasskeyListResponseSchema,
    failures,
  }),
  passkeyRegistrationOptions: apiCall({
    method: 'POST',
    path: '/api/auth/passkeys/registration/options',
    access: 'signedIn',
    duringTwoStepEnrolment: true,
    tags,
    summary: 'WebAuthn options to register a passkey (discoverable, for this site).',
    description:
      'Pass `options` to `startRegistration` of @simplewebauthn/browser; the challenge is ' +
      'kept for 5 minutes behind an httpOnly cookie.',
    answer: PasskeyOptionsResponseSchema,
    failures,
  }),
  passkeyRegistrationVerify: apiCall({
    method: 'POST',
    path: '/api/auth/passkeys/registration/verify',
    access: 'signedIn',
    duringTwoStepEnrolment: true,
    tags,
    summary: 'Store the passkey the browser created, with its name.',
    description:
      'A failed check → 400; a passkey already registered → 409. The first second step of ' +
      'an account also answers ten recovery codes, once.',
    body: PasskeyRegistrationVerifyRequestSchema,
    answer: z.object({ passkey: PasskeySchema, recoveryCodes: z.array(z.string()).optional() }),
    failures,
  }),
  passkeyRemove: apiCall({
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    access: 'signedIn',
    tags,
    summary: 'Remove one of your passkeys.',
    description:
      "Another user's passkey → 404. With no second step left, the recovery codes go too.",
    params: PasskeyIdParamsSchema,
    answer: Removed,
    failures,
  }),
  businessSecurity: apiCall({
    method: 'GET',
    path: '/api/business/security',
    access: 'signedIn',
    tags,
    summary: 'Whether the practice requires two-step sign-in of every member.',
    answer: BusinessSecuritySchema,
    failures,
  }),
  setBusinessSecurity: apiCall({
    method: 'PUT',
    path: '/api/business/security',
    access: 'primaryUser',
    tags,
    summary: 'Require two-step sign-in of every member (account holder).',
    description:
      'Members without a second step are sent to enrol at their next sign-in and every ' +
      'other call answers 403 TWO_STEP_REQUIRED until they have. Audited.',
    body: BusinessSecurityRequestSchema,
    answer: BusinessSecuritySchema,
    failures,
  }),
  resetMember: apiCall({
    method: 'POST',
    path: '/api/team/:id/reset-two-step',
    access: 'primaryUser',
    tags: ['team'],
    summary: "Reset a member's two-step sign-in (a lost phone; account holder).",
    description:
      "Removes the member's authenticator app, passkeys and recovery codes and ends their " +
      'sessions; they sign in with their password and, when the practice requires it, ' +
      'enrol again. Audited. Nothing to reset → 409; another business → 404.',
    params: TeamIdParamsSchema,
    answer: z.object({ reset: z.literal(true) }),
    failures,
  }),
}
