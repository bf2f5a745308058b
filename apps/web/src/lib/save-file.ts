/**
 * Saves bytes the app received (a generated PDF, a signed BAA, the account export) through the
 * browser's download.
 * The object URL lives in memory only and is released once the download has started.
 */

/** How long the object URL outlives the click: long enough for slow "Save as" dialogs. */
const REVOKE_AFTER_MS = 60_000

export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
