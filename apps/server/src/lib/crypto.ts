/**
 * Small, audited building blocks over node:crypto. Tokens are random and stored only as SHA-256
 * hashes; keys for separate purposes are derived from APP_SECRET with HKDF so one secret never
 * serves two jobs; secrets at rest use AES-256-GCM with the row's identity as associated data.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

/** A URL-safe random token (default 32 bytes → 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** SHA-256 of a token, hex; what the database stores instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest()
  const y = createHash('sha256').update(b).digest()
  return timingSafeEqual(x, y)
}

/** A 32-byte key for one purpose, derived from the app secret (HKDF-SHA256). */
export function deriveKey(appSecret: string, purpose: string, context = ''): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'myodocs', `${purpose}:${context}`, 32))
}

/** AES-256-GCM; the output is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encrypt(key: Buffer, plaintext: string, aad = ''): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** Reverses `encrypt`; throws on a wrong key, tampered data or a different `aad`. */
export function decrypt(key: Buffer, sealed: string, aad = ''): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('malformed ciphertext')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(aad))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}

/** Where a secret at rest lives; bound into its ciphertext so it opens only in that place. */
export type SecretLocation = { table: string; column: string; rowId: string }

/** A stored secret that does not open: tampered with, moved to another row, or a changed APP_SECRET. */
export class SecretUnreadableError extends Error {
  readonly code = 'SECRET_UNREADABLE'
  constructor(location: SecretLocation) {
    super(`stored secret ${location.table}.${location.column} could not be decrypted`)
    this.name = 'SecretUnreadableError'
  }
}

// One key for every secret at rest (SMTP passwords, OAuth tokens); the row binding keeps them apart.
const SECRET_PURPOSE = 'secret-at-rest'

const locationAad = ({ table, column, rowId }: SecretLocation) => {
  // A separator inside a part would let two different locations share one binding.
  if ([table, column, rowId].some((part) => part.includes('|'))) throw new Error('invalid location')
  return `${table}|${column}|${rowId}`
}

/**
 * Encrypts a secret for one column of one row (AES-256-GCM under a key derived from APP_SECRET;
 * the `v1` prefix names that scheme). Copying the value into another row or column makes it
 * unreadable, so a database writer cannot move one account's password to another account.
 */
export function sealSecret(appSecret: string, plaintext: string, location: SecretLocation): string {
  return encrypt(deriveKey(appSecret, SECRET_PURPOSE), plaintext, locationAad(location))
}

/** Reverses `sealSecret` for the same location; anything else is a `SecretUnreadableError`. */
export function openSecret(appSecret: string, sealed: string, location: SecretLocation): string {
  const aad = locationAad(location)
  try {
    return decrypt(deriveKey(appSecret, SECRET_PURPOSE), sealed, aad)
  } catch {
    throw new SecretUnreadableError(location)
  }
}

/**
 * HMAC-SHA256 of a value under a key derived from APP_SECRET for one purpose, hex: lets the
 * database count or match a value (a recipient address) without holding it in the clear.
 */
export function keyedHash(appSecret: string, purpose: string, value: string): string {
  return createHmac('sha256', deriveKey(appSecret, 'keyed-hash', purpose))
    .update(value)
    .digest('hex')
}
