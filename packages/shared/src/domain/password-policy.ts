/**
 * The password rules (docs/product/accounts.md#password-rules), shared so the browser's local fallback and the server
 * agree: 12+ characters, upper, lower, digit, special character, not a common password and not
 * built around one. The server adds what needs it (zxcvbn score, breach check, password history);
 * the browser uses `localPasswordValidation` only when the server cannot be asked.
 */
import { STRENGTH_LABELS } from '../constants/messages'

/** A password policy. */
export type PasswordPolicy = {
  minLength: number
  requireUpperCase: boolean
  requireLowerCase: boolean
  requireNumbers: boolean
  requireSpecialChars: boolean
  historyCount: number
  checkBreaches: boolean
  checkCommonPasswords: boolean
}

/** The defaults, also used when the policy cannot be fetched. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 12,
  requireUpperCase: true,
  requireLowerCase: true,
  requireNumbers: true,
  requireSpecialChars: true,
  historyCount: 5,
  checkBreaches: true,
  checkCommonPasswords: true,
}

/** Longest password accepted anywhere (ASVS 6.2.9 wants 64+; argon2 has no 72-byte cut). */
export const PASSWORD_MAX_LENGTH = 128

/** Generated passwords are 12–128 characters, 16 by default. */
export const GENERATED_PASSWORD_MIN = 12
export const GENERATED_PASSWORD_MAX = 128
export const GENERATED_PASSWORD_DEFAULT = 16

/**
 * A contained common password counts (see `isBuiltAroundCommon`) from this many characters.
 * Shorter entries (love, blue, 2000…) are everyday words and years that would reject most
 * memorable passwords without making them much weaker; they still count when they are the whole
 * password. See docs/decisions/003-sessions.md ("Passwords").
 */
export const COMMON_CONTAINED_MIN_LENGTH = 5

/** The requirements of a password validation result. */
export type PasswordRequirements = {
  minLength: boolean
  hasUpperCase: boolean
  hasLowerCase: boolean
  hasNumbers: boolean
  hasSpecialChars: boolean
  notCommon: boolean
  notBreached: boolean
  notInHistory: boolean
}

/** A password validation result. */
export type PasswordValidation = {
  isValid: boolean
  /** zxcvbn's 0–4 (the local fallback estimates it). */
  score: number
  feedback: string[]
  requirements: PasswordRequirements
}

export type CommonPasswords = ReadonlySet<string>

let commonPasswords: Promise<CommonPasswords> | undefined

/**
 * The bundled list of 10,000 common passwords (see src/data). Loaded on demand so the browser
 * only downloads it on the pages that check passwords.
 */
export function loadCommonPasswords(): Promise<CommonPasswords> {
  commonPasswords ??= import('../data/common-passwords').then((m) => new Set(m.default.split('\n')))
  return commonPasswords
}

/** Undoes the usual letter-for-symbol swaps (p@ssw0rd → password) before the list lookup. */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '0': 'o',
  '1': 'i',
  $: 's',
  '5': 's',
  '7': 't',
}
const unleet = (s: string) => s.replace(/[@4301$57]/g, (c) => LEET[c] ?? c)

/**
 * The common password the given one is, or contains (case-insensitive, also with the usual
 * symbol swaps undone); null when there is none.
 */
export function findCommonPassword(password: string, common: CommonPasswords): string | null {
  const lower = password.toLowerCase()
  for (const candidate of lower === unleet(lower) ? [lower] : [lower, unleet(lower)]) {
    if (common.has(candidate)) return candidate
    // Longest first, so the feedback names the most telling part.
    for (let len = Math.min(candidate.length - 1, 32); len >= COMMON_CONTAINED_MIN_LENGTH; len--) {
      for (let i = 0; i + len <= candidate.length; i++) {
        const part = candidate.slice(i, i + len)
        if (common.has(part)) return part
      }
    }
  }
  return null
}

export const hasUpperCase = (p: string) => /\p{Lu}/u.test(p)
export const hasLowerCase = (p: string) => /\p{Ll}/u.test(p)
export const hasNumber = (p: string) => /\p{Nd}/u.test(p)
/** Anything that is not a letter or a digit counts as special (spaces too). */
export const hasSpecialChar = (p: string) => /[^\p{L}\p{Nd}]/u.test(p)

/** Length in characters as a person counts them (an emoji is one). */
export const passwordLength = (p: string) => [...p].length

/**
 * Whether a contained common password is what the password rests on: it is the whole password, or
 * what is left without it would be too short to pass the length rule on its own (Password1234!,
 * MySunshine-Clinic9). A long passphrase with one common word among others (Quartz-Lantern-Oboe-73!)
 * keeps its strength elsewhere and passes.
 */
export function isBuiltAroundCommon(
  password: string,
  match: string,
  minLength: number = DEFAULT_PASSWORD_POLICY.minLength,
): boolean {
  return passwordLength(password) - [...match].length < minLength
}

const COMMONLY_USED_PASSWORD = 'This is a commonly used password.'
const BUILT_AROUND_COMMON = 'This password is built around '

/**
 * The feedback line that says why `notCommon` failed, so the meter can show the reason on that
 * row instead of a bare "Not a common password" (the line comes from `checkPasswordRules`).
 */
export function commonPasswordReason(feedback: readonly string[]): string | null {
  return (
    feedback.find((f) => f === COMMONLY_USED_PASSWORD || f.startsWith(BUILT_AROUND_COMMON)) ?? null
  )
}

/**
 * The rules that need no server: length, character classes and the common list. Breach and
 * history checks are reported as passed (the server checks them).
 */
export function checkPasswordRules(
  password: string,
  common: CommonPasswords,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): { requirements: PasswordRequirements; feedback: string[]; commonMatch: string | null } {
  const found = policy.checkCommonPasswords ? findCommonPassword(password, common) : null
  const commonMatch =
    found !== null && isBuiltAroundCommon(password, found, policy.minLength) ? found : null
  const requirements: PasswordRequirements = {
    minLength: passwordLength(password) >= policy.minLength,
    hasUpperCase: !policy.requireUpperCase || hasUpperCase(password),
    hasLowerCase: !policy.requireLowerCase || hasLowerCase(password),
    hasNumbers: !policy.requireNumbers || hasNumber(password),
    hasSpecialChars: !policy.requireSpecialChars || hasSpecialChar(password),
    notCommon: commonMatch === null,
    notBreached: true,
    notInHistory: true,
  }
  const feedback: string[] = []
  if (!requirements.minLength) feedback.push(`Use at least ${policy.minLength} characters.`)
  if (!requirements.hasUpperCase) feedback.push('Add an upper-case letter.')
  if (!requirements.hasLowerCase) feedback.push('Add a lower-case letter.')
  if (!requirements.hasNumbers) feedback.push('Add a number.')
  if (!requirements.hasSpecialChars) feedback.push('Add a special character such as ! or #.')
  if (commonMatch !== null) {
    feedback.push(
      commonMatch === password.toLowerCase()
        ? COMMONLY_USED_PASSWORD
        : `${BUILT_AROUND_COMMON}"${commonMatch}", a common password: choose another or add more words of your own.`,
    )
  }
  return { requirements, feedback, commonMatch }
}

export const allRequirementsMet = (r: PasswordRequirements) => Object.values(r).every(Boolean)

/**
 * A rough 0–4 score for the browser's fallback (the server uses zxcvbn): bits of a random
 * password of this length and alphabet, and 0–1 for anything containing a common password.
 */
export function estimateScore(password: string, commonMatch: string | null): number {
  if (!password) return 0
  if (commonMatch !== null) return commonMatch === password.toLowerCase() ? 0 : 1
  let alphabet = 0
  if (/[a-z]/.test(password)) alphabet += 26
  if (/[A-Z]/.test(password)) alphabet += 26
  if (/[0-9]/.test(password)) alphabet += 10
  if (/[^a-zA-Z0-9]/.test(password)) alphabet += 33
  const distinct = new Set(password).size
  const bits = Math.log2(Math.max(alphabet, 2)) * Math.min(passwordLength(password), distinct * 2)
  if (bits < 28) return 0
  if (bits < 40) return 1
  if (bits < 60) return 2
  if (bits < 80) return 3
  return 4
}

/** The browser's local fallback for POST /auth/validate-password. */
export function localPasswordValidation(
  password: string,
  common: CommonPasswords,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): PasswordValidation {
  const { requirements, feedback, commonMatch } = checkPasswordRules(password, common, policy)
  return {
    isValid: allRequirementsMet(requirements),
    score: estimateScore(password, commonMatch),
    feedback,
    requirements,
  }
}

/** The strength label for a 0–4 score. */
export function strengthLabel(score: number): (typeof STRENGTH_LABELS)[number] {
  const i = Math.max(0, Math.min(4, Math.round(score)))
  return STRENGTH_LABELS[i]!
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SPECIAL = '!@#$%^&*-_=+?'

/** Clamps a requested length to 12–128 (16 when absent or not a number). */
export function clampGeneratedLength(length: number | undefined): number {
  if (length === undefined || !Number.isFinite(length)) return GENERATED_PASSWORD_DEFAULT
  return Math.min(GENERATED_PASSWORD_MAX, Math.max(GENERATED_PASSWORD_MIN, Math.trunc(length)))
}

/** A uniform random integer in [0, n) from the platform's CSPRNG (Node 20+ and browsers). */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n
  const buf = new Uint32Array(1)
  for (;;) {
    globalThis.crypto.getRandomValues(buf)
    if (buf[0]! < limit) return buf[0]! % n
  }
}

/**
 * A crypto-random password that always passes the policy: every character class present,
 * no common password inside (also the browser's fallback).
 * Look-alike characters (l, I, O, 0, 1) are left out so it can be read aloud or retyped.
 */
export function generateSecurePassword(length: number | undefined, common: CommonPasswords) {
  const n = clampGeneratedLength(length)
  const all = LOWER + UPPER + DIGITS + SPECIAL
  for (;;) {
    const chars = [LOWER, UPPER, DIGITS, SPECIAL].map((set) => set[randomBelow(set.length)]!)
    while (chars.length < n) chars.push(all[randomBelow(all.length)]!)
    // Fisher–Yates, so the guaranteed classes are not always first.
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomBelow(i + 1)
      ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
    }
    const password = chars.join('')
    if (allRequirementsMet(checkPasswordRules(password, common).requirements)) return password
  }
}
