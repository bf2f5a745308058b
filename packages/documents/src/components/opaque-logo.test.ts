// Unit: transparent logos are flattened onto white once; opaque ones pass through untouched.
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { opaquePng } from './opaque-logo'

/** A 2×1 PNG: a half-transparent red pixel, then a fully transparent one. */
function transparentPng(): Buffer {
  const png = new PNG({ width: 2, height: 1 })
  png.data = Buffer.from([255, 0, 0, 128, 0, 0, 0, 0])
  return PNG.sync.write(png)
}

describe('opaquePng', () => {
  it('composites a transparent logo onto white and drops the alpha channel', () => {
    const out = opaquePng(transparentPng())
    const decoded = PNG.sync.read(out)
    expect(decoded.alpha).toBe(false)
    expect([...decoded.data]).toEqual([255, 127, 127, 255, 255, 255, 255, 255])
  })

  it('answers the same bytes for the same logo, and an opaque logo unchanged', () => {
    const logo = transparentPng()
    expect(opaquePng(Buffer.from(logo))).toBe(opaquePng(Buffer.from(logo)))
    const opaque = PNG.sync.write(
      Object.assign(new PNG({ width: 1, height: 1 }), { data: Buffer.from([1, 2, 3, 255]) }),
      { colorType: 2 },
    )
    expect(opaquePng(opaque).equals(opaque)).toBe(true)
  })
})
