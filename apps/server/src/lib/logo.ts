/**
 * Logo uploads: the bytes decide the type (never the name or
 * the declared type); raster images are decoded with a pixel limit and re-encoded to PNG, which
 * drops metadata and anything hidden in the file; SVGs with scripts, event handlers, entities or
 * external references are refused, the rest rasterised to PNG so no SVG is ever served back.
 */
import {
  LOGO_MAX_BYTES,
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_TOO_MANY_PIXELS,
  LOGO_UNSAFE_SVG,
  LOGO_UNSUPPORTED_FORMAT,
} from '@myodocs/shared/contracts/business'
import { AppError } from './errors'

export type ProcessedLogo = { data: Buffer; mime: 'image/png'; width: number; height: number }

/** Largest logo kept: documents print it at most ~2 in wide; 1200×600 is plenty at 300 dpi. */
const MAX_OUTPUT = { width: 1200, height: 600 }
/** Decoding limit: refuses pixel floods (a tiny file claiming 50,000² pixels) before decoding. */
const MAX_INPUT_PIXELS = 25_000_000

type Detected = 'jpeg' | 'png' | 'gif' | 'webp' | 'svg' | 'unsupported-image' | 'not-image'

export function detectImageType(bytes: Buffer): Detected {
  const b = bytes
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (b.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif'
  if (
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp'
  // Other image formats we recognise but do not accept (BMP, TIFF, HEIC/AVIF, ICO).
  const head = b.subarray(0, 12).toString('latin1')
  if (
    head.startsWith('BM') ||
    head.startsWith('II*\0') ||
    head.startsWith('MM\0*') ||
    head.slice(4, 8) === 'ftyp' ||
    (b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0)
  ) {
    return 'unsupported-image'
  }
  const text = b
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  const looksXml = /^(<\?xml|<!--|<!DOCTYPE\s+svg|<svg[\s>])/i.test(text)
  if (looksXml && /<svg[\s>]/i.test(text)) return 'svg'
  return 'not-image'
}

/** Why an SVG is refused, or null when it is safe to rasterise. */
export function unsafeSvgReason(svg: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) return 'doctype or entity'
  if (/<script[\s>]/i.test(svg)) return 'script'
  if (/<foreignObject[\s>]/i.test(svg)) return 'foreignObject'
  if (/\son[a-z]+\s*=/i.test(svg)) return 'event handler'
  if (/javascript:/i.test(svg)) return 'javascript: url'
  if (/@import/i.test(svg)) return 'css import'
  for (const m of svg.matchAll(/(?:xlink:)?href\s*=\s*["']([^"']*)["']/gi)) {
    const target = m[1]!.trim()
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(target))
      return 'external reference'
  }
  for (const m of svg.matchAll(/url\(\s*["']?([^)"']*)/gi)) {
    if (!m[1]!.trim().startsWith('#')) return 'external reference'
  }
  if ((svg.match(/<use[\s>]/gi) ?? []).length > 50) return 'too many <use> elements'
  return null
}

/** Validates and re-encodes an uploaded logo to PNG, or throws an AppError with the spec's text. */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  if (bytes.length >= LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE, 413)
  const type = detectImageType(bytes)
  if (type === 'not-image')
    throw new AppError('VALIDATION_ERROR', LOGO_NOT_AN_IMAGE, 400, { logo: LOGO_NOT_AN_IMAGE })
  if (type === 'unsupported-image') {
    throw new AppError('VALIDATION_ERROR', LOGO_UNSUPPORTED_FORMAT, 400, {
      logo: LOGO_UNSUPPORTED_FORMAT,
    })
  }
  if (type === 'svg') {
    const reason = unsafeSvgReason(bytes.toString('utf8'))
    if (reason)
      throw new AppError(
        'VALIDATION_ERROR',
        LOGO_UNSAFE_SVG,
        400,
        { logo: LOGO_UNSAFE_SVG },
        { cause: reason },
      )
  }
  try {
    // Loaded on the first upload, not at start: libvips is large and most requests never need it.
    const { default: sharp } = await import('sharp')
    const input = sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
      // Rasterise vector logos sharply enough for print.
      ...(type === 'svg' ? { density: 300 } : {}),
    })
    const meta = await input.metadata()
    const expected = type === 'jpeg' ? 'jpeg' : type
    if (meta.format !== expected) {
      throw new AppError('VALIDATION_ERROR', LOGO_UNSUPPORTED_FORMAT, 400, {
        logo: LOGO_UNSUPPORTED_FORMAT,
      })
    }
    const { data, info } = await input
      .rotate()
      .resize({ ...MAX_OUTPUT, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true })
    return { data, mime: 'image/png', width: info.width, height: info.height }
  } catch (err) {
    if (err instanceof AppError) throw err
    const message = err instanceof Error ? err.message : ''
    if (/pixel limit/i.test(message)) {
      throw new AppError('VALIDATION_ERROR', LOGO_TOO_MANY_PIXELS, 400, {
        logo: LOGO_TOO_MANY_PIXELS,
      })
    }
    throw new AppError(
      'VALIDATION_ERROR',
      LOGO_NOT_AN_IMAGE,
      400,
      { logo: LOGO_NOT_AN_IMAGE },
      { cause: err },
    )
  }
}
