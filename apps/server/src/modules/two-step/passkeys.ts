/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): registration by a signed-in user, sign-in with
 * a passkey alone (a discoverable credential, user verification required: the device's PIN or
 * biometric is the second factor) or as the second step after the password. The relying party is
 * PUBLIC_URL's host and origin. Only the public key and the signature counter are stored.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import {
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_NOT_FOUND,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_UNKNOWN,
} from '@myodocs/shared/constants/two-step-messages'
import type { Passkey } from '@myodocs/shared/contracts/two-step'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { userById } from '../profile'
import type { PresentedTokens } from '../sessions'
import { auditOwn, dropRecoveryCodesIfAlone, enrolled, issueRecoveryCodes } from './enrolment'
import {
  deleteChallenge,
  deletePasskey,
  enrolment,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  setChallenge,
} from './repository'
import type { ChallengeRow, PasskeyRow } from './repository'
import { finishSecondStep, openChallenge, openedChallenge, secondStepExpired } from './sign-in'
import type { SignedIn } from './sign-in'

/**
 * @simplewebauthn/server and its certificate parsers are about 3.5 MB of heap: loaded by the
 * first passkey call rather than at start, since most servers' idle memory never needs them
 * (docs/decisions/011-api-hot-path.md).
 */
const webauthn = () => import('@simplewebauthn/server')

const RP_NAME = 'MyoDocs'

/** The relying party: PUBLIC_URL's host name and origin. */
export function relyingParty(ctx: ServiceContext) {
  const url = new URL(ctx.config.publicUrl)
  return { id: url.hostname, origin: url.origin }
}

const notVerified = () => new AppError('UNAUTHORIZED', PASSKEY_NOT_VERIFIED, 401)

const toPasskey = (k: PasskeyRow): Passkey => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
})

/** GET /auth/passkeys. */
export async function passkeysOf(ctx: SignedInContext): Promise<Passkey[]> {
  return (await listPasskeys(ctx.db, ctx.actor.id)).map(toPasskey)
}

/** POST /auth/passkeys/registration/options: the options and the cookie's token. */
export async function registrationOptions(ctx: SignedInContext) {
  const user = await userById(ctx, ctx.actor.id)
  if (!user) throw secondStepExpired()
  const existing = await listPasskeys(ctx.db, user.id)
  const { generateRegistrationOptions } = await webauthn()
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx).id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    // The user handle a discoverable credential answers with: our user id, never the email.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  const progressToken = await openChallenge(ctx, 'passkey_register', user.id, options.challenge)
  return { options: options as unknown as Record<string, unknown>, progressToken }
}

/**
 * POST /auth/passkeys/registration/verify: stores the passkey. The first second step of an account
 * answers its ten recovery codes, once.
 */
export async function registerPasskey(
  ctx: SignedInContext,
  progressToken: string | undefined,
  body: { name?: string; response: Record<string, unknown> },
): Promise<{ passkey: Passkey; recoveryCodes?: string[] }> {
  const challenge = await openedChallenge(ctx, progressToken, 'passkey_register')
  if (!challenge?.challenge || challenge.userId !== ctx.actor.id)
    throw badRequest(PASSKEY_NOT_VERIFIED)
  await deleteChallenge(ctx.db, challenge.id)
  const rp = relyingParty(ctx)
  const { verifyRegistrationResponse } = await webauthn()
  const verification = await verifyRegistrationResponse({
    response: body.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }))
  if (!verification.verified) throw badRequest(PASSKEY_NOT_VERIFIED)
  const { credential } = verification.registrationInfo
  const before = await enrolment(ctx.db, ctx.actor.id)
  const row = await insertPasskey(ctx.db, {
    userId: ctx.actor.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: body.name ?? defaultPasskeyName(before.passkeys),
    createdAt: ctx.now(),
  })
  if (!row) throw conflict(PASSKEY_ALREADY_REGISTERED)
  const recoveryCodes =
    before.recovery === 0 ? await issueRecoveryCodes(ctx, ctx.actor.id) : undefined
  await enrolled(ctx)
  await auditOwn(ctx, { action: 'auth.passkey_add', details: { passkeyId: row.id } })
  return { passkey: toPasskey(row), ...(recoveryCodes ? { recoveryCodes } : {}) }
}

const defaultPasskeyName = (existing: number) => `Passkey ${existing + 1}`

/** DELETE /auth/passkeys/{id}: the user's own passkey only (another's answers 404). */
export async function removePasskey(ctx: SignedInContext, id: string): Promise<void> {
  if (!(await deletePasskey(ctx.db, ctx.actor.id, id))) throw notFound(PASSKEY_NOT_FOUND)
  await dropRecoveryCodesIfAlone(ctx, ctx.actor.id)
  await auditOwn(ctx, { action: 'auth.passkey_remove', details: { passkeyId: id } })
}

/**
 * POST /auth/passkeys/authentication/options. With a second step due (the sign-in cookie after the
 * password), the user's passkeys are allowed; without one, any discoverable passkey of this site
 * (a passkey sign-in) and a new sign-in in progress is opened.
 */
export async function authenticationOptions(
  ctx: ServiceContext,
  progressToken: string | undefined,
) {
  const rp = relyingParty(ctx)
  const pending = await openedChallenge(ctx, progressToken, 'second_step')
  const { generateAuthenticationOptions } = await webauthn()
  if (pending?.userId) {
    const keys = await listPasskeys(ctx.db, pending.userId)
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
      userVerification: 'preferred',
    })
    await setChallenge(ctx.db, pending.id, options.challenge)
    return { options: options as unknown as Record<string, unknown>, progressToken: undefined }
  }
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' })
  const token = await openChallenge(ctx, 'passkey_sign_in', null, options.challenge)
  return { options: options as unknown as Record<string, unknown>, progressToken: token }
}

/**
 * POST /auth/passkeys/authentication/verify: a passkey completes the second step, or signs in on
 * its own (user verification required then). Answers as a completed sign-in.
 */
export async function authenticateWithPasskey(
  ctx: ServiceContext,
  progressToken: string | undefined,
  body: { response: Record<string, unknown> },
  presented: PresentedTokens,
): Promise<SignedIn> {
  const secondStep = await openedChallenge(ctx, progressToken, 'second_step')
  const challenge: ChallengeRow | null =
    secondStep ?? (await openedChallenge(ctx, progressToken, 'passkey_sign_in'))
  if (!challenge?.challenge) throw secondStepExpired()
  const response = body.response as unknown as AuthenticationResponseJSON
  const key =
    typeof response.id === 'string'
      ? await findPasskeyByCredentialId(ctx.db, response.id)
      : undefined
  if (!key) throw new AppError('UNAUTHORIZED', PASSKEY_UNKNOWN, 401)
  // As the second step, the passkey must be one of the user who gave the password.
  if (secondStep && key.userId !== secondStep.userId) throw notVerified()
  const user = await userById(ctx, key.userId)
  if (!user || !user.isActive) throw notVerified()
  const rp = relyingParty(ctx)
  const { verifyAuthenticationResponse } = await webauthn()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(key.publicKey),
      counter: key.counter,
      transports: key.transports,
    },
    requireUserVerification: !secondStep,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }))
  if (!verification.verified || !verification.authenticationInfo) {
    await recordAudit(ctx, {
      action: 'auth.second_step',
      outcome: 'failure',
      actorId: user.id,
      businessId: user.businessId,
      details: { method: 'passkey', reason: 'invalid_code' },
    })
    throw notVerified()
  }
  // Single use: the challenge answers one assertion.
  if (!(await deleteChallenge(ctx.db, challenge.id))) throw secondStepExpired()
  await recordPasskeyUse(ctx.db, key.id, verification.authenticationInfo.newCounter, ctx.now())
  return finishSecondStep(ctx, user, presented, 'passkey')
}
