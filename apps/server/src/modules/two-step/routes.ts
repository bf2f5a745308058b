/**
 * Two-step sign-in's calls (docs/product/accounts.md#two-step-sign-in): sign-in itself
 * (/auth/login: the password, then a session or a second step), the second step of a sign-in (/auth/mfa/verify, the passkey authentication pair), the user's own methods (/auth/mfa,
 * /auth/passkeys), the practice's requirement (/business/security) and the account holder's reset
 * of a member (/team/{id}/reset-two-step). The sign-in in progress lives in an httpOnly cookie
 * (plugins/session-cookies.ts); the calls that complete a sign-in share the `auth-entry` budget.
 * The enrolment calls stay open to a session the practice's requirement holds back.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
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
  SECOND_STEP_TTL_MS,
  TotpConfirmRequestSchema,
  TotpSetupResponseSchema,
  TwoStepStatusSchema,
} from '@myodocs/shared/contracts/two-step'
import { TeamIdParamsSchema } from '@myodocs/shared/contracts/team'
import { LoginRequestSchema } from '@myodocs/shared/contracts/auth'
import { authEntryBudget } from '../../plugins/auth'
import { primaryUserOnly } from '../../plugins/primary-user'
import { serviceContext, signedInContext } from '../../plugins/service-context'
import {
  answerSignIn,
  clearSignInProgressCookie,
  presentedTokens,
  setSignInCookies,
  setSignInProgressCookie,
  signInProgressToken,
} from '../../plugins/session-cookies'
import {
  confirmTotp,
  regenerateRecoveryCodes,
  removeTotp,
  setupTotp,
  twoStepStatus,
} from './enrolment'
import {
  authenticateWithPasskey,
  authenticationOptions,
  passkeysOf,
  registerPasskey,
  registrationOptions,
  removePasskey,
} from './passkeys'
import { businessSecurity, passwordSignIn, resetMemberTwoStep, setBusinessSecurity } from './policy'
import { verifySecondStep } from './sign-in'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
  409: ApiFailureSchema,
  429: ApiFailureSchema,
}
const tags = ['two-step']
const csrf = [{ csrfToken: [] }]
/** Open to a session that may only enrol a second step (plugins/auth.ts). */
const enrolment = { allowDuringTwoStepEnrolment: true } as const
const progressMaxAge = Math.floor(SECOND_STEP_TTL_MS / 1000)

export async function twoStepRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const progressCookie = (reply: FastifyReply, token: string | undefined) => {
    if (token) setSignInProgressCookie(reply, app.config, token, progressMaxAge)
  }

  // -------------------------------------------------------------------------------------------
  // Sign-in: the password, then a session or the second step

  r.post(
    '/auth/login',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags: ['auth'],
        summary:
          'Sign in: sets the session cookies and answers the user, or asks for the second step.',
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
        response: { 200: successEnvelope(SignInResultSchema), ...failures },
      },
    },
    async (req, reply) => {
      const outcome = await passwordSignIn(
        serviceContext(req),
        req.body,
        presentedTokens(req, app.config),
      )
      return { success: true as const, data: answerSignIn(reply, app.config, outcome) }
    },
  )

  // -------------------------------------------------------------------------------------------
  // The second step of a sign-in

  r.post(
    '/auth/mfa/verify',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags,
        summary: 'Complete a sign-in with an authenticator code or a recovery code.',
        description:
          'After POST /auth/login answered `mfaRequired` (its httpOnly sign-in cookie names the ' +
          'sign-in in progress, valid 5 minutes). `{code}`: the 6-digit code of the current ' +
          '30-second step or a neighbour; a code already used is refused. `{recoveryCode}`: one ' +
          'unused recovery code, spent; the answer says how many remain. A wrong code → 401 ' +
          'INVALID_TWO_STEP_CODE; five on one sign-in end it (sign in again); 10 in 15 minutes ' +
          'for the account → 429 + Retry-After. No sign-in in progress → 401 UNAUTHORIZED. ' +
          'Success sets the session cookies and the device cookie, as sign-in does.',
        security: csrf,
        body: MfaVerifyRequestSchema,
        response: { 200: successEnvelope(MfaVerifyResponseSchema), ...failures },
      },
    },
    async (req, reply) => {
      const { user, tokens, deviceCookie, recoveryCodesRemaining } = await verifySecondStep(
        serviceContext(req),
        signInProgressToken(req, app.config),
        req.body,
        presentedTokens(req, app.config),
      )
      clearSignInProgressCookie(reply, app.config)
      setSignInCookies(reply, app.config, { tokens, deviceCookie })
      return {
        success: true as const,
        data: { user, ...(recoveryCodesRemaining === undefined ? {} : { recoveryCodesRemaining }) },
      }
    },
  )

  r.post(
    '/auth/passkeys/authentication/options',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags,
        summary: 'WebAuthn options to sign in with a passkey, alone or as the second step.',
        description:
          'With a second step due (the sign-in cookie after the password) the options allow the ' +
          "account's passkeys; otherwise any passkey of this site (a discoverable credential, " +
          'user verification required) and a sign-in cookie is set. Pass `options` to ' +
          '`startAuthentication` of @simplewebauthn/browser.',
        security: csrf,
        response: { 200: successEnvelope(PasskeyOptionsResponseSchema), ...failures },
      },
    },
    async (req, reply) => {
      const { options, progressToken } = await authenticationOptions(
        serviceContext(req),
        signInProgressToken(req, app.config),
      )
      progressCookie(reply, progressToken)
      return { success: true as const, data: { options } }
    },
  )

  r.post(
    '/auth/passkeys/authentication/verify',
    {
      config: authEntryBudget(app.config),
      schema: {
        tags,
        summary: 'Sign in with the passkey the browser answered.',
        description:
          'Checks the assertion against the options just issued (single use) and the stored ' +
          'public key; signs in (session cookies and device cookie). An unknown passkey, a ' +
          'failed check or a passkey of another account than the password step → 401.',
        security: csrf,
        body: PasskeyAuthenticationVerifyRequestSchema,
        response: { 200: successEnvelope(MfaVerifyResponseSchema), ...failures },
      },
    },
    async (req, reply) => {
      const { user, tokens, deviceCookie, twoStepEnrolmentRequired } =
        await authenticateWithPasskey(
          serviceContext(req),
          signInProgressToken(req, app.config),
          req.body,
          presentedTokens(req, app.config),
        )
      clearSignInProgressCookie(reply, app.config)
      setSignInCookies(reply, app.config, { tokens, deviceCookie })
      return {
        success: true as const,
        data: { user, ...(twoStepEnrolmentRequired ? { twoStepEnrolmentRequired } : {}) },
      }
    },
  )

  // -------------------------------------------------------------------------------------------
  // The user's own methods

  r.get(
    '/auth/mfa',
    {
      preHandler: app.authenticate,
      config: enrolment,
      schema: {
        tags,
        summary:
          "Your two-step sign-in: authenticator app, passkeys, recovery codes left, the practice's requirement.",
        response: { 200: successEnvelope(TwoStepStatusSchema), ...failures },
      },
    },
    async (req) => ({ success: true as const, data: await twoStepStatus(signedInContext(req)) }),
  )

  r.post(
    '/auth/mfa/totp/setup',
    {
      preHandler: app.authenticate,
      config: enrolment,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new key and its otpauth:// address.',
        description:
          'The key is stored encrypted and is not in force until POST /auth/mfa/totp/confirm. ' +
          'Calling again replaces a key not yet confirmed; with an app already set up → 409.',
        security: csrf,
        response: { 200: successEnvelope(TotpSetupResponseSchema), ...failures },
      },
    },
    async (req) => ({ success: true as const, data: await setupTotp(signedInContext(req)) }),
  )

  r.post(
    '/auth/mfa/totp/confirm',
    {
      preHandler: app.authenticate,
      config: enrolment,
      schema: {
        tags,
        summary:
          'Confirm the authenticator app with a first code; answers ten recovery codes, once.',
        description:
          'A wrong code → 400 on `code`. The recovery codes replace any earlier ones and are ' +
          'never shown again (only their hashes are kept).',
        security: csrf,
        body: TotpConfirmRequestSchema,
        response: { 200: successEnvelope(RecoveryCodesResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await confirmTotp(signedInContext(req), req.body.code),
    }),
  )

  r.delete(
    '/auth/mfa/totp',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove the authenticator app.',
        description: 'With no passkey left either, the recovery codes go too. None set up → 409.',
        security: csrf,
        response: { 200: successEnvelope(z.object({ removed: z.literal(true) })), ...failures },
      },
    },
    async (req) => {
      await removeTotp(signedInContext(req))
      return { success: true as const, data: { removed: true as const } }
    },
  )

  r.post(
    '/auth/mfa/recovery-codes',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Ten new recovery codes, shown once; the earlier ones stop working.',
        description: 'Needs an authenticator app or a passkey (409 otherwise).',
        security: csrf,
        response: { 200: successEnvelope(RecoveryCodesResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await regenerateRecoveryCodes(signedInContext(req)),
    }),
  )

  r.get(
    '/auth/passkeys',
    {
      preHandler: app.authenticate,
      config: enrolment,
      schema: {
        tags,
        summary: 'Your passkeys: name, when added, when last used.',
        response: { 200: successEnvelope(PasskeyListResponseSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: { passkeys: await passkeysOf(signedInContext(req)) },
    }),
  )

  r.post(
    '/auth/passkeys/registration/options',
    {
      preHandler: app.authenticate,
      config: enrolment,
      schema: {
        tags,
        summary: 'WebAuthn options to register a passkey (discoverable, for this site).',
        description:
          'Pass `options` to `startRegistration` of @simplewebauthn/browser; the challenge is ' +
          'kept for 5 minutes behind an httpOnly cookie.',
        security: csrf,
        response: { 200: successEnvelope(PasskeyOptionsResponseSchema), ...failures },
      },
    },
    async (req, reply) => {
      const { options, progressToken } = await registrationOptions(signedInContext(req))
      progressCookie(reply, progressToken)
      return { success: true as const, data: { options } }
    },
  )

  r.post(
    '/auth/passkeys/registration/verify',
    {
      preHandler: app.authenticate,
      config: enrolment,
      schema: {
        tags,
        summary: 'Store the passkey the browser created, with its name.',
        description:
          'A failed check → 400; a passkey already registered → 409. The first second step of ' +
          'an account also answers ten recovery codes, once.',
        security: csrf,
        body: PasskeyRegistrationVerifyRequestSchema,
        response: {
          200: successEnvelope(
            z.object({ passkey: PasskeySchema, recoveryCodes: z.array(z.string()).optional() }),
          ),
          ...failures,
        },
      },
    },
    async (req, reply) => {
      const data = await registerPasskey(
        signedInContext(req),
        signInProgressToken(req, app.config),
        req.body,
      )
      clearSignInProgressCookie(reply, app.config)
      return { success: true as const, data }
    },
  )

  r.delete(
    '/auth/passkeys/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove one of your passkeys.',
        description:
          "Another user's passkey → 404. With no second step left, the recovery codes go too.",
        security: csrf,
        params: PasskeyIdParamsSchema,
        response: { 200: successEnvelope(z.object({ removed: z.literal(true) })), ...failures },
      },
    },
    async (req) => {
      await removePasskey(signedInContext(req), req.params.id)
      return { success: true as const, data: { removed: true as const } }
    },
  )

  // -------------------------------------------------------------------------------------------
  // The practice's requirement

  r.get(
    '/business/security',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Whether the practice requires two-step sign-in of every member.',
        response: { 200: successEnvelope(BusinessSecuritySchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await businessSecurity(signedInContext(req)),
    }),
  )

  r.put(
    '/business/security',
    {
      preHandler: [app.authenticate, primaryUserOnly],
      schema: {
        tags,
        summary: 'Require two-step sign-in of every member (account holder).',
        description:
          'Members without a second step are sent to enrol at their next sign-in and every ' +
          'other call answers 403 TWO_STEP_REQUIRED until they have. Audited.',
        security: csrf,
        body: BusinessSecurityRequestSchema,
        response: { 200: successEnvelope(BusinessSecuritySchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await setBusinessSecurity(signedInContext(req), req.body),
    }),
  )

  r.post(
    '/team/:id/reset-two-step',
    {
      preHandler: [app.authenticate, primaryUserOnly],
      schema: {
        tags: ['team'],
        summary: "Reset a member's two-step sign-in (a lost phone; account holder).",
        description:
          "Removes the member's authenticator app, passkeys and recovery codes and ends their " +
          'sessions; they sign in with their password and, when the practice requires it, ' +
          'enrol again. Audited. Nothing to reset → 409; another business → 404.',
        security: csrf,
        params: TeamIdParamsSchema,
        response: { 200: successEnvelope(z.object({ reset: z.literal(true) })), ...failures },
      },
    },
    async (req) => {
      await resetMemberTwoStep(signedInContext(req), req.params.id)
      return { success: true as const, data: { reset: true as const } }
    },
  )
}
