/**
 * The link registering emails a new address. Nothing is stored until it is opened: the token is
 * the registration itself (the form's fields, the password's argon2 hash, the expiry), sealed with
 * AES-256-GCM under a key derived from APP_SECRET, so it cannot be read or altered on the way and
 * only the mailbox's owner can turn it into an account.
 */
import { INVALID_REGISTRATION_LINK } from '@myodocs/shared/constants/messages'
import type { RegisterRequestSchema } from '@myodocs/shared/contracts/auth'
import type { z } from 'zod'
import { decrypt, deriveKey, encrypt } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'

/** How long the emailed link creates the account. */
export const REGISTRATION_LINK_HOURS = 24

type RegisterBody = z.output<typeof RegisterRequestSchema>

/** What the link carries: the registration without the password (its hash instead). */
export type PendingRegistration = Omit<
  RegisterBody,
  'password' | 'ageConfirmed' | 'acceptTerms' | 'acceptBAA'
> & { passwordHash: string }

const AAD = 'registration-link'
const key = (ctx: ServiceContext) => deriveKey(ctx.config.appSecret, AAD)

export const invalidRegistrationLink = () =>
  new AppError('BAD_REQUEST', INVALID_REGISTRATION_LINK, 400)

/** Seals a registration into the link's token, valid for REGISTRATION_LINK_HOURS. */
export function registrationToken(ctx: ServiceContext, pending: PendingRegistration): string {
  const expires = ctx.now().getTime() + REGISTRATION_LINK_HOURS * 3_600_000
  return encrypt(key(ctx), JSON.stringify({ ...pending, expires }), AAD)
}

/** Opens a link's token; a forged, altered, malformed or expired one is 400. */
export function openRegistrationToken(ctx: ServiceContext, token: string): PendingRegistration {
  let sealed: PendingRegistration & { expires?: unknown }
  try {
    sealed = JSON.parse(decrypt(key(ctx), token, AAD)) as PendingRegistration & {
      expires?: unknown
    }
  } catch {
    throw invalidRegistrationLink()
  }
  const { expires, ...pending } = sealed
  if (typeof expires !== 'number' || ctx.now().getTime() >= expires) throw invalidRegistrationLink()
  return pending
}
