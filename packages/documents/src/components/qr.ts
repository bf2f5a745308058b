/**
 * QR codes for the therapist's demo-video links, drawn as one vector path (crisp at any print
 * size, nothing to decode or compress). Links are business settings, not patient data, so the
 * paths are cached between renders.
 */
import QRCode from 'qrcode'
import { qrPath } from '@myodocs/shared/domain/qr-path'

/** A QR code as an SVG path over a `size`×`size` module grid (quiet zone included). */
export interface QrModel {
  size: number
  /** Modules across the code itself, without the quiet zone. */
  modules: number
  path: string
}

/**
 * The code itself (quiet zone aside) prints 72 pt, 25.4 mm, wide: what a phone camera decodes at
 * arm's length.
 */
export const QR_SYMBOL_PT = 72

/** The printed width in points of a QR code with its quiet zone, so the code itself is `QR_SYMBOL_PT`. */
export function qrPrintSize(qr: QrModel): number {
  return Math.ceil((QR_SYMBOL_PT * qr.size) / qr.modules)
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
  const path = qrPath(modules, QUIET_ZONE)
  const model = { size: n + QUIET_ZONE * 2, modules: n, path }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
  cache.set(url, model)
  return model
}
