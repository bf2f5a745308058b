/**
 * The photos of a document request: which data URLs count as a photo, and the limits on how many
 * and how large (docs/product/limits.md#request-sizes). The checks read the raw body, so the
 * server can answer 413 before the full validation runs.
 */
import { PHOTOS_TOO_LARGE, TOO_MANY_PHOTOS } from '../constants/document-messages'

/** At most this many photos in one document request (all sections together). */
export const MAX_PHOTOS_PER_REQUEST = 12
/**
 * At most this many bytes of decoded photo data in one request. Photos arrive resized to fit
 * 800×800 at JPEG quality 0.7, typically 50–200 KB, so 12 photos fit with room to spare.
 */
export const MAX_PHOTO_BYTES_PER_REQUEST = 15 * 1024 * 1024

/** The photo types a document takes, by data-URL prefix, with the bytes each file starts with. */
const PHOTO_SIGNATURES: ReadonlyArray<readonly [prefix: string, signature: readonly number[]]> = [
  ['data:image/jpeg;base64,', [0xff, 0xd8, 0xff]],
  ['data:image/png;base64,', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
]

const nodeBuffer = (
  globalThis as { Buffer?: { from(data: string, encoding: 'base64'): Uint8Array } }
).Buffer

/**
 * The bytes of standard base64, or null when it is not that. Decoded natively (Node's Buffer, the
 * browser's atob): a photo of a few hundred KB is checked in a fraction of a millisecond, where a
 * regular expression over its text took several. Node's decoder skips characters outside the
 * alphabet, so the decoded length tells them; it also takes the URL-safe alphabet, refused here.
 */
function base64Bytes(base64: string): Uint8Array | null {
  if (base64.length % 4 !== 0 || base64.includes('-') || base64.includes('_')) return null
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  if (!nodeBuffer) {
    try {
      return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    } catch {
      return null
    }
  }
  const bytes = nodeBuffer.from(base64, 'base64')
  return bytes.length === (base64.length / 4) * 3 - padding ? bytes : null
}

/**
 * True for a `data:image/jpeg;base64,…` or `data:image/png;base64,…` URL whose base64 is valid
 * and whose bytes begin as a JPEG or a PNG file does.
 */
export function isPhotoDataUrl(value: string): boolean {
  const type = PHOTO_SIGNATURES.find(([prefix]) => value.startsWith(prefix))
  if (!type) return false
  const [prefix, signature] = type
  const bytes = base64Bytes(value.slice(prefix.length))
  return !!bytes && bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)
}

/**
 * Decoded size in bytes of a base64 data URL (what the PDF embeds), from its length alone: no
 * decoding, so a 15 MB request is measured in microseconds. 0 for anything that is not one.
 */
export function dataUrlByteSize(dataUrl: string): number {
  const comma = dataUrl.indexOf(',')
  if (!dataUrl.startsWith('data:') || comma < 0) return 0
  const length = dataUrl.length - comma - 1
  const padding = dataUrl.endsWith('==') ? 2 : dataUrl.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((length * 3) / 4) - padding)
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined

/** Count and decoded bytes of the photos in a request body, tolerant of any shape. */
export function photoTotals(body: unknown): { count: number; bytes: number } {
  const images = asArray(field(body, 'sections')).flatMap((s) => asArray(field(s, 'images')))
  const bytes = images.reduce<number>((sum, image) => {
    const data = field(image, 'data')
    return sum + (typeof data === 'string' ? dataUrlByteSize(data) : 0)
  }, 0)
  return { count: images.length, bytes }
}

/**
 * The photo-limit message a request body breaks, or `null`. The server answers it with 413
 * (docs/product/limits.md#request-sizes); it works on the raw body so it can run before full validation.
 */
export function checkPhotoLimits(body: unknown): string | null {
  const { count, bytes } = photoTotals(body)
  if (count > MAX_PHOTOS_PER_REQUEST) return TOO_MANY_PHOTOS
  if (bytes > MAX_PHOTO_BYTES_PER_REQUEST) return PHOTOS_TOO_LARGE
  return null
}
