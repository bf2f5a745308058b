/**
 * Draft encryption (docs/product/privacy.md#drafts): AES-256-GCM with a
 * per-user key the server hands out after sign-in (GET /api/auth/draft-key). The key is imported
 * non-extractable and kept in memory only; the IndexedDB record holds the IV and ciphertext.
 * A rotated key (password reset, deactivation) cannot decrypt old drafts: they read as absent.
 */

export type SealedDraft = { iv: Uint8Array; ciphertext: ArrayBuffer }

const decodeBase64Url = (s: string) => {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=')
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
}

/** Imports the server's raw 256-bit key (base64url) as a non-extractable AES-GCM key. */
export async function importDraftKey(rawBase64Url: string): Promise<CryptoKey> {
  const raw = decodeBase64Url(rawBase64Url)
  if (raw.length !== 32) throw new Error('draft key must be 256 bits')
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt'])
}

/** Encrypts a JSON-serialisable value; `aad` binds it to its slot (user and draft kind). */
export async function sealDraft(key: CryptoKey, value: unknown, aad: string): Promise<SealedDraft> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plaintext = new TextEncoder().encode(JSON.stringify(value))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(aad) },
    key,
    plaintext,
  )
  return { iv, ciphertext }
}

/** Decrypts a sealed draft, or returns undefined when the key or slot does not match. */
export async function openDraft<T>(
  key: CryptoKey,
  sealed: SealedDraft,
  aad: string,
): Promise<T | undefined> {
  try {
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: sealed.iv as Uint8Array<ArrayBuffer>,
        additionalData: new TextEncoder().encode(aad),
      },
      key,
      sealed.ciphertext,
    )
    return JSON.parse(new TextDecoder().decode(plaintext)) as T
  } catch {
    return undefined
  }
}
