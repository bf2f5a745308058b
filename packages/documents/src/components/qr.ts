/**
 * QR codes for the therapist's demo-video links, drawn as one vector path (crisp at any print
 * size, nothing to decode or compress). Links are business settings, not patient data, so the
 * paths are cached between renders.
 */
import QRCode from 'qrcode'

/** A QR code as an SVG path over a `size`×`size` module grid (quiet zone included). */
export interface QrModel {
  size: number
  path: string
}

const QUIET_ZONE = 2
const cache = new Map<string, QrModel>()
const MAX_CACHED = 500

/** The QR code of `url` (error correction M), cached per URL. */
export function qrModel(url: string): QrModel {
  const cached = cache.get(url)
  if (cached) return cached
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
  const n = modules.size
  let path = ''
  // One rectangle per horizontal run of dark modules keeps the path short.
  for (let y = 0; y < n; y += 1) {
    let x = 0
    while (x < n) {
      if (!modules.get(y, x)) {
        x += 1
        continue
      }
      const start = x
      while (x < n && modules.get(y, x)) x += 1
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`
    }
  }
  const model = { size: n + QUIET_ZONE * 2, path }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
  cache.set(url, model)
  return model
}
