/**
 * The code an authenticator app shows at a moment (SHA-1, 6 digits, 30 s, as ADR 022 sets), computed
 * independently of the server's code for tests outside the two-step module.
 */
import { Secret, TOTP } from 'otpauth'

export const totpCode = (secret: string, at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: at.getTime() })
