/**
 * Logos print on white. pdfkit embeds the logo again in every document, and a PNG with an alpha
 * channel costs it a full decode, an alpha split and two recompressions each time (about 8 ms of
 * a report). A PNG without alpha is embedded as it is, so a transparent logo is flattened onto
 * white once per process and reused. Logos are business data, never patient data.
 */
import { createHash } from 'node:crypto'
import { PNG } from 'pngjs'

const MAX_LOGOS = 32
const WHITE = { red: 255, green: 255, blue: 255 }
const flattened = new Map<string, Buffer>()

/** The PNG `data` without its alpha channel, composited onto white; unchanged when opaque. */
export function opaquePng(data: Buffer): Buffer {
  const key = createHash('sha256').update(data).digest('base64')
  let out = flattened.get(key)
  if (!out) {
    out = flattenOntoWhite(data)
    if (flattened.size >= MAX_LOGOS) flattened.delete(flattened.keys().next().value!)
    flattened.set(key, out)
  }
  return out
}

function flattenOntoWhite(data: Buffer): Buffer {
  const png = PNG.sync.read(data)
  if (!png.alpha) return data
  return PNG.sync.write(png, {
    colorType: 2, // RGB
    inputHasAlpha: true,
    bgColor: WHITE,
  })
}
