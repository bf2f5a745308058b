import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_UNSUPPORTED_FORMAT,
} from '@myodocs/shared/contracts/business'
import { AppError } from './errors'
import { LOGO_TOO_MANY_PIXELS, LOGO_UNSAFE_SVG } from '@myodocs/shared/contracts/business'
import { detectImageType, processLogo } from './logo'

const raw = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 15, g: 118, b: 110 } } })

async function rejects(bytes: Buffer, status: number, message: string) {
  const err = await processLogo(bytes).catch((e: unknown) => e)
  expect(err).toBeInstanceOf(AppError)
  expect(err).toMatchObject({ status, userMessage: message })
}

/** A PNG whose header claims width×height but carries almost no data (a "pixel flood"). */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(10))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('logo processing', () => {
  it.each([
    ['jpeg', () => raw(640, 320).jpeg().toBuffer()],
    ['png', () => raw(640, 320).png().toBuffer()],
    ['gif', () => raw(640, 320).gif().toBuffer()],
    ['webp', () => raw(640, 320).webp().toBuffer()],
  ])('re-encodes a valid %s to PNG and records its size', async (type, make) => {
    const input = await make()
    expect(detectImageType(input)).toBe(type)
    const out = await processLogo(input)
    expect(out.mime).toBe('image/png')
    expect([out.width, out.height]).toEqual([640, 320])
    expect((await sharp(out.data).metadata()).format).toBe('png')
  })

  it('strips metadata (EXIF, e.g. GPS) from photos', async () => {
    const input = await raw(100, 100)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Person' } })
      .toBuffer()
    expect(input.toString('latin1')).toContain('Secret Person')
    const out = await processLogo(input)
    expect(out.data.toString('latin1')).not.toContain('Secret Person')
  })

  it('shrinks a large logo to fit 1200×600', async () => {
    const out = await processLogo(await raw(4000, 1000).png().toBuffer())
    expect([out.width, out.height]).toEqual([1200, 300])
  })

  it('rasterises a clean SVG', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#0f766e"/></svg>',
    )
    const out = await processLogo(svg)
    expect(out.mime).toBe('image/png')
    expect(out.width).toBeGreaterThan(0)
  })

  it('refuses text, HTML named .jpg, and unsupported image formats with the spec texts', async () => {
    await rejects(Buffer.from('just some text'), 400, LOGO_NOT_AN_IMAGE)
    await rejects(Buffer.from('<html><script>alert(1)</script></html>'), 400, LOGO_NOT_AN_IMAGE)
    await rejects(await raw(10, 10).tiff().toBuffer(), 400, LOGO_UNSUPPORTED_FORMAT)
    await rejects(
      Buffer.concat([Buffer.from('BM'), Buffer.alloc(100)]),
      400,
      LOGO_UNSUPPORTED_FORMAT,
    )
  })

  it('refuses 2 MB and above with 413', async () => {
    await rejects(Buffer.alloc(2 * 1024 * 1024, 1), 413, LOGO_TOO_LARGE)
  })

  it('refuses a pixel flood quickly', async () => {
    const started = Date.now()
    await rejects(pngClaiming(50_000, 50_000), 400, LOGO_TOO_MANY_PIXELS)
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'],
    [
      'foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
    ],
    [
      'a javascript: link',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect/></a></svg>',
    ],
    [
      'an XXE entity',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ],
    [
      'billion laughs',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${'&a;'.repeat(10)}">`).join('')}]><svg xmlns="http://www.w3.org/2000/svg"><text>&bbbbbbbbb;</text></svg>`,
    ],
  ])('refuses an SVG with %s', async (_what, svg) => {
    const started = Date.now()
    await rejects(Buffer.from(svg), 400, LOGO_UNSAFE_SVG)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('refuses an SVG with an external reference and never fetches it', async () => {
    let hits = 0
    const canary = createServer((_req, res) => {
      hits++
      res.end()
    })
    await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r))
    const port = (canary.address() as AddressInfo).port
    try {
      for (const svg of [
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="http://127.0.0.1:${port}/x.png" width="10" height="10"/></svg>`,
        `<svg xmlns="http://www.w3.org/2000/svg"><image href="http://127.0.0.1:${port}/y.png"/></svg>`,
        `<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(http://127.0.0.1:${port}/z)"/></svg>`,
      ]) {
        await rejects(Buffer.from(svg), 400, LOGO_UNSAFE_SVG)
      }
      expect(hits).toBe(0)
    } finally {
      canary.close()
    }
  })
})
