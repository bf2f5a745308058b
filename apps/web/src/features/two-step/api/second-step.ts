/**
 * The second step of a sign-in: POST /api/auth/mfa/verify with a code, or a passkey through
 * POST /api/auth/passkeys/authentication/options and …/verify (alone, or after the password).
 */
import { startAuthentication } from '@simplewebauthn/browser'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import type { User } from '@myodocs/shared/contracts/auth'
import { twoStepCalls } from '@myodocs/shared/api/two-step'
import type { MfaVerifyRequest, SignInResult } from '@myodocs/shared/contracts/two-step'
import { api } from '../../../lib/api-client'

export type SignedIn = {
  user: User
  twoStepEnrolmentRequired?: boolean
  recoveryCodesRemaining?: number
}

/** A password step's answer asks for the second step. */
export const needsSecondStep = (
  result: SignInResult | undefined,
): result is Extract<SignInResult, { mfaRequired: true }> =>
  !!result && 'mfaRequired' in result && result.mfaRequired

export const verifySecondStep = (body: MfaVerifyRequest): Promise<SignedIn> =>
  api.call(twoStepCalls.verify, { body })

/** Asks the browser for a passkey and signs in with it (the sign-in in progress, if any). */
export async function signInWithPasskey(): Promise<SignedIn> {
  const { options } = await api.call(twoStepCalls.passkeyAuthenticationOptions)
  // The server answers the options @simplewebauthn/server made, as JSON.
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON
  const response = await startAuthentication({ optionsJSON })
  return api.call(twoStepCalls.passkeyAuthenticationVerify, {
    body: { response: { ...response } },
  })
}
