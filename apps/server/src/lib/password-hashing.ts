/**
 * Password hashing: argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1; ~24 ms here), the
 * password exactly as typed (no trimming, no length cut). Unknown accounts are verified against
 * a dummy hash so a failed sign-in takes as long whether or not the email exists.
 */
import { hash, verify } from '@node-rs/argon2'
import type { Algorithm } from '@node-rs/argon2'

const OPTIONS = {
  // Argon2id (a const enum in the typings, so the value is spelled out).
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export const hashPassword = (password: string) => hash(password, OPTIONS)

/** argon2's verification, behind an object so a test can count the verifications a call makes. */
export const argon2 = { verify }

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/** Spends the time of one verification and answers false (unknown email on sign-in). */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hash('not-a-real-password-only-for-timing', OPTIONS)
  await verifyPassword(await dummyHash, password)
  return false
}
