/**
 * The codes of two-step sign-in, without I/O: authenticator-app codes (TOTP as docs/decisions/022-two-step-sign-in.md sets it, with the
 * `otpauth` library: SHA-1, 6 digits, 30-second steps, the parameters every authenticator app
 * reads) and recovery codes (the invite-code alphabet, no look-alikes, drawn with a CSPRNG).
 */
import { randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@myodocs/shared/contracts/two-step'
import { INVITE_CODE_ALPHABET } from '@myodocs/shared/domain/invite-code'
import { keyedHash } from '../../lib/crypto'

export const TOTP_ISSUER = 'MyoDocs'
const PERIOD_SECONDS = 30
/** A code of the step before or after the current one is accepted: clocks drift, people type. */
const WINDOW = 1

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })

/** A new 160-bit secret (the length authenticator apps expect, docs/decisions/022-two-step-sign-in.md), base32 for manual entry. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

/** The `otpauth://` address the QR code carries. */
export const otpauthUrl = (secret: string, accountName: string) =>
  totp(secret, accountName).toString()

/** The 30-second step a moment falls in. */
export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / PERIOD_SECONDS)

/** The step a code belongs to when it is the current one or a neighbour (±1), else null. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW })
  return delta === null ? null : totpStep(now) + delta
}

/** The code of a moment (tests compute the codes an app would show). */
export const totpCode = (secret: string, at: Date) =>
  totp(secret).generate({ timestamp: at.getTime() })

/** Ten fresh recovery codes, as shown: two halves of five characters. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = ''
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
      code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]
    return `${code.slice(0, 5)}-${code.slice(5)}`
  })
}

/**
 * What the database keeps of a recovery code: an HMAC under a key derived from APP_SECRET, bound
 * to its user. Fifty bits of randomness and the second-step throttle make a slow hash unneeded.
 */
export const recoveryCodeHash = (appSecret: string, userId: string, code: string) =>
  keyedHash(appSecret, 'recovery-code', `${userId}:${code.replace(/[\s-]/g, '').toUpperCase()}`)
