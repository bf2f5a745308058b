/**
 * Two-step sign-in's calls (packages/shared/src/api/two-step.ts). The sign-in in progress lives
 * in an httpOnly cookie (plugins/session-cookies.ts); the calls that complete a sign-in set the
 * session cookies here, the only file of the module that sees a reply.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { SECOND_STEP_TTL_MS } from '@myodocs/shared/contracts/two-step'
import { twoStepCalls as calls } from '@myodocs/shared/api/two-step'
import { route } from '../../plugins/api-route'
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

const progressMaxAge = Math.floor(SECOND_STEP_TTL_MS / 1000)

export async function twoStepRoutes(app: FastifyInstance) {
  const config = app.config
  const progressCookie = (reply: FastifyReply, token: string | undefined) => {
    if (token) setSignInProgressCookie(reply, config, token, progressMaxAge)
  }

  // Sign-in: the password, then a session or the second step
  route(app, calls.login, async (ctx, { body }, req, reply) => {
    const outcome = await passwordSignIn(ctx, body, presentedTokens(req, config))
    return answerSignIn(reply, config, outcome)
  })

  // The second step of a sign-in
  route(app, calls.verify, async (ctx, { body }, req, reply) => {
    const { user, tokens, deviceCookie, recoveryCodesRemaining } = await verifySecondStep(
      ctx,
      signInProgressToken(req, config),
      body,
      presentedTokens(req, config),
    )
    clearSignInProgressCookie(reply, config)
    setSignInCookies(reply, config, { tokens, deviceCookie })
    return { user, ...(recoveryCodesRemaining === undefined ? {} : { recoveryCodesRemaining }) }
  })
  route(app, calls.passkeyAuthenticationOptions, async (ctx, _input, req, reply) => {
    const { options, progressToken } = await authenticationOptions(
      ctx,
      signInProgressToken(req, config),
    )
    progressCookie(reply, progressToken)
    return { options }
  })
  route(app, calls.passkeyAuthenticationVerify, async (ctx, { body }, req, reply) => {
    const { user, tokens, deviceCookie, twoStepEnrolmentRequired } = await authenticateWithPasskey(
      ctx,
      signInProgressToken(req, config),
      body,
      presentedTokens(req, config),
    )
    clearSignInProgressCookie(reply, config)
    setSignInCookies(reply, config, { tokens, deviceCookie })
    return { user, ...(twoStepEnrolmentRequired ? { twoStepEnrolmentRequired } : {}) }
  })

  // The user's own methods
  route(app, calls.status, (ctx) => twoStepStatus(ctx))
  route(app, calls.totpSetup, (ctx) => setupTotp(ctx))
  route(app, calls.totpConfirm, (ctx, { body }) => confirmTotp(ctx, body.code))
  route(app, calls.totpRemove, async (ctx) => {
    await removeTotp(ctx)
    return { removed: true as const }
  })
  route(app, calls.recoveryCodes, (ctx) => regenerateRecoveryCodes(ctx))
  route(app, calls.passkeys, async (ctx) => ({ passkeys: await passkeysOf(ctx) }))
  route(app, calls.passkeyRegistrationOptions, async (ctx, _input, _req, reply) => {
    const { options, progressToken } = await registrationOptions(ctx)
    progressCookie(reply, progressToken)
    return { options }
  })
  route(app, calls.passkeyRegistrationVerify, async (ctx, { body }, req, reply) => {
    const data = await registerPasskey(ctx, signInProgressToken(req, config), body)
    clearSignInProgressCookie(reply, config)
    return data
  })
  route(app, calls.passkeyRemove, async (ctx, { params }) => {
    await removePasskey(ctx, params.id)
    return { removed: true as const }
  })

  // The practice's requirement
  route(app, calls.businessSecurity, (ctx) => businessSecurity(ctx))
  route(app, calls.setBusinessSecurity, (ctx, { body }) => setBusinessSecurity(ctx, body))
  route(app, calls.resetMember, async (ctx, { params }) => {
    await resetMemberTwoStep(ctx, params.id)
    return { reset: true as const }
  })
}
