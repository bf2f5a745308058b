/**
 * Assessment photo rules: HEIC/HEIF converted to JPEG at quality 0.8, then every
 * image fitted inside 800×800 and compressed to JPEG quality 0.7 on a white background.
 */
export const HEIC_JPEG_QUALITY = 0.8
export const PHOTO_MAX_SIDE = 800
export const PHOTO_JPEG_QUALITY = 0.7

/** IMAGE_PROCESSING_ERROR (the text lives with the other document messages). */
export { imageProcessingError } from '@myodocs/shared/constants/document-messages'

/** The size that fits inside max×max keeping the aspect ratio (never enlarges). */
export function fitInside(width: number, height: number, max = PHOTO_MAX_SIDE) {
  const scale = Math.min(1, max / width, max / height)
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/** HEIC/HEIF by MIME type or extension (browsers often report an empty type for HEIC). */
export function looksLikeHeic(file: { name: string; type: string }) {
  return /image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name)
}

/** Human-readable byte size for "original → compressed". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
