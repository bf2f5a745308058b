/**
 * Invite codes (invite-only beta). Codes use an upper-case alphabet without look-alikes
 * (no I, L, O, 0, 1) so they survive being read aloud or retyped; checks are case-insensitive.
 */

export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
/** 31^10 ≈ 8·10^14 codes; guessing is also throttled per IP. */
export const INVITE_CODE_LENGTH = 10

/** Upper-cases and drops spaces and dashes, as people type or paste codes. */
export const normalizeInviteCode = (input: string) => input.toUpperCase().replace(/[\s-]/g, '')

/** Whether a normalised code could have been issued (length 8+ from the alphabet). */
export const isWellFormedInviteCode = (code: string) =>
  code.length >= 8 && code.length <= 32 && [...code].every((c) => INVITE_CODE_ALPHABET.includes(c))

/** Referral codes share the alphabet; 8 characters (they are not secrets, only identifiers). */
export const REFERRAL_CODE_LENGTH = 8
